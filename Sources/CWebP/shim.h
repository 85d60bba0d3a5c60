// libwebp's encoder and its animation encoder (libwebpmux) and decoder (libwebpdemux), for
// Swift. Nothing else lives here.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// libwebp's encoder (one still picture at a time: the recorder writes the animation's container
// itself) and its animation decoder (libwebpdemux), for Swift. Nothing else lives here.
#include <webp/encode.h>
#include <webp/demux.h>

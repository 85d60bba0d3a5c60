// Cairo's public headers, and pixman's (the tests hold the renderer's sprite copies to pixman's bytes,
// docs/internals/rendering-many-layers.md), for Swift. Nothing else lives here.
#include <cairo/cairo.h>
#include <pixman.h>

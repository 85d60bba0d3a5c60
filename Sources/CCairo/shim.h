// Cairo's public headers, and pixman's (the renderer copies sprites with pixman directly,
// docs/ARCHITECTURE.md § Rendering many layers), for Swift. Nothing else lives here.
#include <cairo/cairo.h>
#include <pixman.h>

// Cairo's public headers, for Swift. Nothing else lives here.
#include <cairo/cairo.h>

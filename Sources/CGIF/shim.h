// giflib's public header, for Swift. Nothing else lives here.
#include <gif_lib.h>

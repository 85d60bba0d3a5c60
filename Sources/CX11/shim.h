// Xlib and the MIT-SHM extension, for Swift.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// XDestroyImage is a function-like macro (it calls the image's own destroy function through
// a pointer in the XImage), and Swift does not import function-like macros.
static inline int animdemo_XDestroyImage(XImage *image) { return XDestroyImage(image); }

// OpenGL ES 3.2 (a superset of 2.0): what an app drawing into a CAEAGLLayer calls.
#include <GLES3/gl32.h>

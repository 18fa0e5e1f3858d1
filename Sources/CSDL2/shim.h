// SDL2 (Debian libsdl2-dev): the window host's window, vsync and input; Xlib (libx11-dev, which SDL2's X11
// driver uses) to hear when the X server goes away.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>

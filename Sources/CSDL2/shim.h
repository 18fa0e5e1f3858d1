// SDL2 (Debian libsdl2-dev): the window host's window, vsync and input.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>

// giflib (Debian libgif-dev): the GIF file format, for Calyx's exporter.
#include <stdbool.h>
#include <gif_lib.h>

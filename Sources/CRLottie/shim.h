// rlottie (Debian librlottie-dev): Samsung's Lottie player, the yardstick of `make bench`'s Lottie figures.
#include <stddef.h>
#include <rlottie_capi.h>

// rlottie (Debian librlottie-dev): Samsung's Lottie player, the yardstick of `make bench`'s Lottie figures.
#include <stddef.h>
#include <rlottie_capi.h>

// glibc's affinity calls, for timing rlottie (whose rasterizing workers follow their creator's affinity) on one
// core. Declared here because Swift's Glibc module leaves out GNU extensions; the mask is a cpu_set_t's bytes.
int sched_getcpu(void);
int sched_getaffinity(int pid, size_t size, void *mask);
int sched_setaffinity(int pid, size_t size, const void *mask);

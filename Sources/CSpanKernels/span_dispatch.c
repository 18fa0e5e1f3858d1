// Which vector path the span kernels take: the widest the processor has (checked once, at run time, so one
// binary runs everywhere), capped by a limit tests lower to compare every path's bytes.
#include "span_kernels_internal.h"

// The limit belongs to the thread that sets it: a test comparing paths lowers it on its own thread only. (It was
// process-wide: another thread could take a source without the wide kernels' margin while the limit was low,
// then run a wide kernel after it was raised, reading past the source.)
static _Thread_local int width_limit = CALYX_SPAN_AVX512;

void calyx_span_kernels_limit_width(int widest) { width_limit = widest; }

static int processor_width(void) {
#if defined(__x86_64__)
    static int width = -1;
    int known = __atomic_load_n(&width, __ATOMIC_RELAXED);
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? CALYX_SPAN_AVX512
              : __builtin_cpu_supports("avx2") ? CALYX_SPAN_AVX2 : CALYX_SPAN_SSE2;
        __atomic_store_n(&width, known, __ATOMIC_RELAXED);
    }
    return known;
#else
    return CALYX_SPAN_SSE2;
#endif
}

int calyx_span_kernels_width(void) {
    int width = processor_width(), limit = width_limit;
    return width < limit ? width : limit;
}

// Which vector path the span kernels take: the widest the processor has (checked once, at run time, so one
// binary runs everywhere), capped by a limit tests lower to compare every path's bytes.
#include "span_kernels_internal.h"

// Both are read by every band thread: relaxed atomics (a test may lower the limit while other tests draw).
static int width_limit = CALYX_SPAN_AVX512;

void calyx_span_kernels_limit_width(int widest) { __atomic_store_n(&width_limit, widest, __ATOMIC_RELAXED); }

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
    int width = processor_width(), limit = __atomic_load_n(&width_limit, __ATOMIC_RELAXED);
    return width < limit ? width : limit;
}

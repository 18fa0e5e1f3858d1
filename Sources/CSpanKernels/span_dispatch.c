// Which vector path the span kernels take: the widest the processor has (checked once, at run time, so one
// binary runs everywhere), capped by a limit tests lower to compare every path's bytes.
#include "span_kernels_internal.h"

static int width_limit = CALYX_SPAN_AVX512;

void calyx_span_kernels_limit_width(int widest) { width_limit = widest; }

static int processor_width(void) {
#if defined(__x86_64__)
    static int width = -1;
    if (width < 0) {
        __builtin_cpu_init();
        width = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? CALYX_SPAN_AVX512
              : __builtin_cpu_supports("avx2") ? CALYX_SPAN_AVX2 : CALYX_SPAN_SSE2;
    }
    return width;
#else
    return CALYX_SPAN_SSE2;
#endif
}

int calyx_span_kernels_width(void) {
    int width = processor_width();
    return width < width_limit ? width : width_limit;
}

#include "calyx_processor.h"

static int wide_paths_allowed = 1;

void calyx_allow_wide_paths(int allowed) { __atomic_store_n(&wide_paths_allowed, allowed != 0, __ATOMIC_RELAXED); }

int calyx_has_avx2(void) {
#if defined(__x86_64__)
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        __builtin_cpu_init();
        answer = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer && __atomic_load_n(&wide_paths_allowed, __ATOMIC_RELAXED);
#else
    return 0;
#endif
}

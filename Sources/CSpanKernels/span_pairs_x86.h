// Texel-pair loads shared by the AVX2 and AVX-512 kernels (x86-64 only; included by their files).
#ifndef CALYX_SPAN_PAIRS_X86_H
#define CALYX_SPAN_PAIRS_X86_H
#include <immintrin.h>

/// The texel pairs at `at[i]` and `at[i] + 1` for eight samples, as the left texels and the right texels in
/// sample order: one 64-bit load per pair (gathers were slower where the texels miss the cache), placed so that
/// taking even (odd) 32-bit elements of each 128-bit lane of `a` and `b` yields samples 0–3 in the low lane and
/// 4–7 in the high one.
static inline __attribute__((target("avx2"))) void calyx_load_pairs(const int *px, const int at[8], __m256i *left,
                                                                    __m256i *right) {
    #define PAIR(i) (*(const long long *)(const void *)(px + at[i]))
    __m256i a = _mm256_set_epi64x(PAIR(5), PAIR(4), PAIR(1), PAIR(0));
    __m256i b = _mm256_set_epi64x(PAIR(7), PAIR(6), PAIR(3), PAIR(2));
    #undef PAIR
    *left = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(2, 0, 2, 0)));
    *right = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(3, 1, 3, 1)));
}
#endif

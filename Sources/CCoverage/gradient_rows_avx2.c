// The gradient rows eight pixels at a time with AVX2 (compiled per function, called only where the processor has
// it): positions four at a time in doubles, colours gathered from the table eight at a time and laid source-over
// on 16-bit lanes — the scalar path's arithmetic in every lane (gradient_rows_internal.h).
#include "gradient_rows_internal.h"
#if defined(__x86_64__)
#include <math.h>
#include <immintrin.h>
#define CALYX_AVX2 __attribute__((target("avx2")))

// The scalar loop's arithmetic, operation for operation, four pixels a vector (a last group of fewer than four
// computes positions past the row too, which nothing lays).
CALYX_AVX2 void calyx_radial_positions_avx2(double *positions, int64_t first, int64_t n, double x, double y, double dx, double dy,
                                            const calyx_radial_circles *k, double a, double inverse, double sign) {
    const __m256d lanes = _mm256_setr_pd(0, 1, 2, 3), zero = _mm256_setzero_pd();
    const __m256d r0 = _mm256_set1_pd(k->r0), dr = _mm256_set1_pd(k->dr), r0dr = _mm256_set1_pd(k->r0 * k->dr);
    const __m256d r0r0 = _mm256_set1_pd(k->r0 * k->r0), cdx = _mm256_set1_pd(k->cdx), cdy = _mm256_set1_pd(k->cdy);
    for (int64_t j = 0; j < n; j += 4) {
        __m256d i = _mm256_add_pd(_mm256_set1_pd((double)(first + j)), lanes);
        __m256d px = _mm256_sub_pd(_mm256_add_pd(_mm256_set1_pd(x), _mm256_mul_pd(_mm256_set1_pd(dx), i)), _mm256_set1_pd(k->c0x));
        __m256d py = _mm256_sub_pd(_mm256_add_pd(_mm256_set1_pd(y), _mm256_mul_pd(_mm256_set1_pd(dy), i)), _mm256_set1_pd(k->c0y));
        __m256d b = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, cdx), _mm256_mul_pd(py, cdy)), r0dr);
        __m256d c = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(px, px), _mm256_mul_pd(py, py)), r0r0);
        __m256d disc = _mm256_sub_pd(_mm256_mul_pd(b, b), _mm256_mul_pd(_mm256_set1_pd(a), c));
        // (max answers its second operand for a NaN, as `discriminant > 0 ? discriminant : 0` does)
        __m256d root = _mm256_mul_pd(_mm256_set1_pd(sign), _mm256_sqrt_pd(_mm256_max_pd(disc, zero)));
        __m256d high = _mm256_mul_pd(_mm256_add_pd(b, root), _mm256_set1_pd(inverse));
        __m256d low = _mm256_mul_pd(_mm256_sub_pd(b, root), _mm256_set1_pd(inverse));
        __m256d t = _mm256_blendv_pd(low, high, _mm256_cmp_pd(_mm256_add_pd(r0, _mm256_mul_pd(high, dr)), zero, _CMP_GE_OQ));
        __m256d reached = _mm256_and_pd(_mm256_cmp_pd(disc, zero, _CMP_GE_OQ),
                                        _mm256_cmp_pd(_mm256_add_pd(r0, _mm256_mul_pd(t, dr)), zero, _CMP_GE_OQ));
        _mm256_storeu_pd(positions + j, _mm256_blendv_pd(_mm256_set1_pd(NAN), t, reached));
    }
}

// calyx_scale_255 on 16-bit lanes: x·k/255 rounded, (t + t>>8) >> 8 with t = x·k + 128, which is t·257 >> 16.
CALYX_AVX2 static inline __m256i scale_255_lanes_avx2(__m256i x, __m256i k) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(257));
}

// The low 32 bits of each of two vectors' four 64-bit lanes, in order: eight lanes.
CALYX_AVX2 static inline __m256i low_words(__m256d lo, __m256d hi) {
    __m128 a = _mm_shuffle_ps(_mm_castpd_ps(_mm256_castpd256_pd128(lo)), _mm_castpd_ps(_mm256_extractf128_pd(lo, 1)), _MM_SHUFFLE(2, 0, 2, 0));
    __m128 b = _mm_shuffle_ps(_mm_castpd_ps(_mm256_castpd256_pd128(hi)), _mm_castpd_ps(_mm256_extractf128_pd(hi, 1)), _MM_SHUFFLE(2, 0, 2, 0));
    return _mm256_set_m128i(_mm_castps_si128(b), _mm_castps_si128(a));
}

// A NaN position lays a transparent colour, which leaves its pixel as it was. (An opaque colour's keep factor is
// zero, which leaves nothing of the pixel: the scalar path's replacing it.) The last group of fewer than eight
// reads positions up to the next multiple of eight and touches only its own pixels.
CALYX_AVX2 void calyx_lay_positions_avx2(uint32_t *row, int64_t n, const double *positions, const uint32_t *table, int64_t last,
                                        uint32_t coverage) {
    const __m256d scale = _mm256_set1_pd((double)last), half = _mm256_set1_pd(0.5), zero = _mm256_setzero_pd();
    const __m256i zeros = _mm256_setzero_si256(), k = _mm256_set1_epi16((short)coverage), full = _mm256_set1_epi16(255);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // (After widening, a pixel's alpha is lane 3 or 7 of each 128-bit half: bytes 6–7 and 14–15.)
    const __m256i alphaWords = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                                6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    for (int64_t j = 0; j < n; j += 8) {
        __m256d t0 = _mm256_loadu_pd(positions + j), t1 = _mm256_loadu_pd(positions + j + 4);
        // u = t·last + 0.5 clamped to 0…last and truncated: the scalar's index (a NaN clamps to 0, masked below).
        __m256d u0 = _mm256_min_pd(_mm256_max_pd(_mm256_add_pd(_mm256_mul_pd(t0, scale), half), zero), scale);
        __m256d u1 = _mm256_min_pd(_mm256_max_pd(_mm256_add_pd(_mm256_mul_pd(t1, scale), half), zero), scale);
        __m256i index = _mm256_set_m128i(_mm256_cvttpd_epi32(u1), _mm256_cvttpd_epi32(u0));
        __m256i reached = low_words(_mm256_cmp_pd(t0, t0, _CMP_ORD_Q), _mm256_cmp_pd(t1, t1, _CMP_ORD_Q));
        __m256i colours = _mm256_and_si256(_mm256_i32gather_epi32((const int *)table, index, 4), reached);
        // (Masked loads and stores only for a last group of fewer than eight: they are slow on some processors.)
        const int whole = n - j >= 8;
        __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - j)), lanes);
        __m256i d = whole ? _mm256_loadu_si256((const __m256i *)(row + j)) : _mm256_maskload_epi32((const int *)(row + j), live);
        __m256i slo = _mm256_unpacklo_epi8(colours, zeros), shi = _mm256_unpackhi_epi8(colours, zeros);
        if (coverage < 255) { slo = scale_255_lanes_avx2(slo, k); shi = scale_255_lanes_avx2(shi, k); }
        __m256i klo = _mm256_sub_epi16(full, _mm256_shuffle_epi8(slo, alphaWords));
        __m256i khi = _mm256_sub_epi16(full, _mm256_shuffle_epi8(shi, alphaWords));
        __m256i lo = _mm256_add_epi16(slo, scale_255_lanes_avx2(_mm256_unpacklo_epi8(d, zeros), klo));
        __m256i hi = _mm256_add_epi16(shi, scale_255_lanes_avx2(_mm256_unpackhi_epi8(d, zeros), khi));
        __m256i out = _mm256_packus_epi16(lo, hi);
        if (whole) _mm256_storeu_si256((__m256i *)(row + j), out); else _mm256_maskstore_epi32((int *)(row + j), live, out);
    }
}
#else
void calyx_radial_positions_avx2(double *positions, int64_t first, int64_t n, double x, double y, double dx, double dy,
                                 const calyx_radial_circles *circles, double a, double inverse, double sign) {
    (void)positions; (void)first; (void)n; (void)x; (void)y; (void)dx; (void)dy; (void)circles; (void)a; (void)inverse; (void)sign;
}
void calyx_lay_positions_avx2(uint32_t *row, int64_t n, const double *positions, const uint32_t *table, int64_t last,
                              uint32_t coverage) {
    (void)row; (void)n; (void)positions; (void)table; (void)last; (void)coverage;
}
#endif

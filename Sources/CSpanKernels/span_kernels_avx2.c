// The interior loop of the affine span kernel, eight pixels at a time with AVX2 (compiled for AVX2 per
// function; chosen at run time only on processors that have it). Same arithmetic as the SSE2 path, per
// 128-bit lane: pixels 0–3 in the low lane, 4–7 in the high one.
#include "span_kernels_internal.h"
#if defined(__x86_64__)
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))

static int avx2_allowed = 1;

void calyx_span_kernels_allow_avx2(int allowed) { avx2_allowed = allowed; }

int calyx_span_avx2_usable(void) {
    static int supported = -1;
    if (supported < 0) supported = __builtin_cpu_supports("avx2") ? 1 : 0;
    return supported && avx2_allowed;
}

static inline AVX2 __m256i lerp16(__m256i a, __m256i b, __m256i f) {
    __m256i g = _mm256_sub_epi16(_mm256_set1_epi16(256), f);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, g), _mm256_mullo_epi16(b, f)), 8);
}

/// Eight pixels' factors (32-bit lanes) over each pixel's four channel lanes, matching unpacklo/unpackhi.
static inline AVX2 void factors8(__m256i f, __m256i *lo, __m256i *hi) {
    __m256i f16 = _mm256_packs_epi32(f, f);
    __m256i twice = _mm256_unpacklo_epi16(f16, f16);
    *lo = _mm256_unpacklo_epi32(twice, twice);
    *hi = _mm256_unpackhi_epi32(twice, twice);
}

static inline AVX2 __m256i over16(__m256i s, __m256i d) {
    __m256i sa = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF);
    __m256i k = _mm256_sub_epi16(_mm256_set1_epi16(255), sa);
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(d, k), _mm256_set1_epi16(128));
    return _mm256_add_epi16(s, _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8));
}

AVX2 void calyx_span_interior_avx2(uint32_t *row, int64_t blocks, const calyx_span_source *s,
                                   int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha) {
    const int *px = (const int *)s->pixels;
    const int stride = (int)s->stride;
    const __m256i k = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i u8 = _mm256_add_epi32(_mm256_set1_epi32((int)u), _mm256_mullo_epi32(k, _mm256_set1_epi32((int)du)));
    __m256i v8 = _mm256_add_epi32(_mm256_set1_epi32((int)v), _mm256_mullo_epi32(k, _mm256_set1_epi32((int)dv)));
    const __m256i stepU = _mm256_set1_epi32((int)(8 * du)), stepV = _mm256_set1_epi32((int)(8 * dv));
    const __m256i byte = _mm256_set1_epi32(0xFF), strides = _mm256_set1_epi32(stride), zero = _mm256_setzero_si256();
    const __m256i al = _mm256_set1_epi16((short)alpha);
    for (int64_t b = 0; b < blocks; b++, row += 8) {
        // iv · stride per 32-bit lane by one 16-bit multiply-add (both under 2^15), plus iu.
        __m256i index = _mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi32(v8, 16), strides), _mm256_srli_epi32(u8, 16));
        // Scalar loads: on the processors measured, hardware gathers were slower than eight plain loads.
        int at[8];
        _mm256_storeu_si256((__m256i *)at, index);
        const int *r0 = px, *r1 = px + stride;
        __m256i p00 = _mm256_setr_epi32(r0[at[0]], r0[at[1]], r0[at[2]], r0[at[3]], r0[at[4]], r0[at[5]], r0[at[6]], r0[at[7]]);
        __m256i p10 = _mm256_setr_epi32(r0[at[0] + 1], r0[at[1] + 1], r0[at[2] + 1], r0[at[3] + 1], r0[at[4] + 1], r0[at[5] + 1],
                                        r0[at[6] + 1], r0[at[7] + 1]);
        __m256i p01 = _mm256_setr_epi32(r1[at[0]], r1[at[1]], r1[at[2]], r1[at[3]], r1[at[4]], r1[at[5]], r1[at[6]], r1[at[7]]);
        __m256i p11 = _mm256_setr_epi32(r1[at[0] + 1], r1[at[1] + 1], r1[at[2] + 1], r1[at[3] + 1], r1[at[4] + 1], r1[at[5] + 1],
                                        r1[at[6] + 1], r1[at[7] + 1]);
        __m256i fuLo, fuHi, fvLo, fvHi;
        factors8(_mm256_and_si256(_mm256_srli_epi32(u8, 8), byte), &fuLo, &fuHi);
        factors8(_mm256_and_si256(_mm256_srli_epi32(v8, 8), byte), &fvLo, &fvHi);
        __m256i lo = lerp16(lerp16(_mm256_unpacklo_epi8(p00, zero), _mm256_unpacklo_epi8(p10, zero), fuLo),
                            lerp16(_mm256_unpacklo_epi8(p01, zero), _mm256_unpacklo_epi8(p11, zero), fuLo), fvLo);
        __m256i hi = lerp16(lerp16(_mm256_unpackhi_epi8(p00, zero), _mm256_unpackhi_epi8(p10, zero), fuHi),
                            lerp16(_mm256_unpackhi_epi8(p01, zero), _mm256_unpackhi_epi8(p11, zero), fuHi), fvHi);
        if (alpha < 256) {
            lo = _mm256_srli_epi16(_mm256_mullo_epi16(lo, al), 8);
            hi = _mm256_srli_epi16(_mm256_mullo_epi16(hi, al), 8);
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)row);
        lo = over16(lo, _mm256_unpacklo_epi8(d, zero));
        hi = over16(hi, _mm256_unpackhi_epi8(d, zero));
        _mm256_storeu_si256((__m256i *)row, _mm256_packus_epi16(lo, hi));
        u8 = _mm256_add_epi32(u8, stepU); v8 = _mm256_add_epi32(v8, stepV);
    }
}
#else
void calyx_span_kernels_allow_avx2(int allowed) { (void)allowed; }
int calyx_span_avx2_usable(void) { return 0; }
void calyx_span_interior_avx2(uint32_t *row, int64_t blocks, const calyx_span_source *s,
                              int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha) {
    (void)row; (void)blocks; (void)s; (void)u; (void)v; (void)du; (void)dv; (void)alpha;
}
#endif

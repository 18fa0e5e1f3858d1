// The affine span kernel eight pixels at a time with AVX2 (compiled for AVX2 per function; chosen at run time
// only on processors that have it), over sources with a transparent margin so that rims need no bounds checks.
// Same arithmetic as the SSE2 and scalar paths, per 128-bit lane: pixels 0–3 in the low lane, 4–7 in the high.
#include "span_kernels_internal.h"
#if defined(__x86_64__)
#include "span_pairs_x86.h"
#include <stddef.h>
#define AVX2 __attribute__((target("avx2")))

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
    // (t + t/256)/256 as one high multiply by 257 (the same value: see the scalar path).
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(d, k), _mm256_set1_epi16(128));
    return _mm256_add_epi16(s, _mm256_mulhi_epu16(t, _mm256_set1_epi16(257)));
}

/// Eight bilinear samples from their four texels (32-bit lanes) and 8-bit fractions, times alpha, blended
/// source-over onto the eight pixels at `dst`, or added to them (`add`); only the `live` lanes when given.
static inline AVX2 void blend_eight(uint32_t *dst, __m256i p00, __m256i p10, __m256i p01, __m256i p11,
                                    __m256i fu, __m256i fv, int64_t alpha, const __m256i *live, int add) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i fuLo, fuHi, fvLo, fvHi;
    factors8(fu, &fuLo, &fuHi);
    factors8(fv, &fvLo, &fvHi);
    __m256i lo = lerp16(lerp16(_mm256_unpacklo_epi8(p00, zero), _mm256_unpacklo_epi8(p10, zero), fuLo),
                        lerp16(_mm256_unpacklo_epi8(p01, zero), _mm256_unpacklo_epi8(p11, zero), fuLo), fvLo);
    __m256i hi = lerp16(lerp16(_mm256_unpackhi_epi8(p00, zero), _mm256_unpackhi_epi8(p10, zero), fuHi),
                        lerp16(_mm256_unpackhi_epi8(p01, zero), _mm256_unpackhi_epi8(p11, zero), fuHi), fvHi);
    if (alpha < 256) {
        const __m256i al = _mm256_set1_epi16((short)alpha);
        lo = _mm256_srli_epi16(_mm256_mullo_epi16(lo, al), 8);
        hi = _mm256_srli_epi16(_mm256_mullo_epi16(hi, al), 8);
    }
    __m256i d = live ? _mm256_maskload_epi32((const int *)dst, *live) : _mm256_loadu_si256((const __m256i *)dst);
    if (add) {
        __m256i sum = _mm256_adds_epu8(_mm256_packus_epi16(lo, hi), d);
        if (live) _mm256_maskstore_epi32((int *)dst, *live, sum);
        else _mm256_storeu_si256((__m256i *)dst, sum);
        return;
    }
    lo = over16(lo, _mm256_unpacklo_epi8(d, zero));
    hi = over16(hi, _mm256_unpackhi_epi8(d, zero));
    if (live) _mm256_maskstore_epi32((int *)dst, *live, _mm256_packus_epi16(lo, hi));
    else _mm256_storeu_si256((__m256i *)dst, _mm256_packus_epi16(lo, hi));
}


AVX2 void calyx_span_padded_avx2(uint32_t *row, int64_t count, const calyx_span_source *s,
                                 int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add) {
    const int *px = (const int *)s->pixels;
    const __m256i k = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // Sample rows and columns clamped to −2…size: with two transparent texels of margin, a clamped sample
    // reads only margin texels where the true one lies wholly outside, so no texel needs a bounds check.
    const __m256i lowest = _mm256_set1_epi32(-2);
    const __m256i maxU = _mm256_set1_epi32((int)s->width), maxV = _mm256_set1_epi32((int)s->height);
    const __m256i strides = _mm256_set1_epi32((int)s->stride), byte = _mm256_set1_epi32(0xFF);
    __m256i u8 = _mm256_add_epi32(_mm256_set1_epi32((int)u), _mm256_mullo_epi32(k, _mm256_set1_epi32((int)du)));
    __m256i v8 = _mm256_add_epi32(_mm256_set1_epi32((int)v), _mm256_mullo_epi32(k, _mm256_set1_epi32((int)dv)));
    const __m256i stepU = _mm256_set1_epi32((int)(8 * du)), stepV = _mm256_set1_epi32((int)(8 * dv));
    for (int64_t x = 0; x < count; x += 8, row += 8) {
        __m256i iu = _mm256_max_epi32(lowest, _mm256_min_epi32(_mm256_srai_epi32(u8, 16), maxU));
        __m256i iv = _mm256_max_epi32(lowest, _mm256_min_epi32(_mm256_srai_epi32(v8, 16), maxV));
        // iv · stride by a 16-bit multiply-add: iv is a small signed number and the stride under 2^15, so the
        // high halves contribute nothing.
        __m256i index = _mm256_add_epi32(_mm256_madd_epi16(iv, strides), iu);
        int at[8];
        _mm256_storeu_si256((__m256i *)at, index);
        __m256i p00, p10, p01, p11;
        calyx_load_pairs(px, at, &p00, &p10);
        calyx_load_pairs(px + s->stride, at, &p01, &p11);
        __m256i fu = _mm256_and_si256(_mm256_srai_epi32(u8, 8), byte), fv = _mm256_and_si256(_mm256_srai_epi32(v8, 8), byte);
        if (count - x >= 8) {
            blend_eight(row, p00, p10, p01, p11, fu, fv, alpha, NULL, add);
        } else {
            // The short last block reads and writes only the span's pixels.
            __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - x)), k);
            blend_eight(row, p00, p10, p01, p11, fu, fv, alpha, &live, add);
        }
        u8 = _mm256_add_epi32(u8, stepU); v8 = _mm256_add_epi32(v8, stepV);
    }
}
#else
void calyx_span_padded_avx2(uint32_t *row, int64_t count, const calyx_span_source *s,
                            int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add) {
    (void)row; (void)count; (void)s; (void)u; (void)v; (void)du; (void)dv; (void)alpha; (void)add;
}
#endif

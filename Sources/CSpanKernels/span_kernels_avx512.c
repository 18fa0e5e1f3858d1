// The affine span kernel sixteen pixels at a time with AVX-512 (F and BW; compiled per function and chosen at
// run time only on processors that have them), over sources with a two-texel transparent margin like the AVX2
// kernel. The same arithmetic as the SSE2 and scalar paths in each 128-bit lane; twice the AVX2 kernel's
// pixels per instruction, and its 32 registers hold every constant, so the loop spills nothing.
#include "span_kernels_internal.h"
#if defined(__x86_64__)
#include "span_pairs_x86.h"
#define AVX512 __attribute__((target("avx512f,avx512bw,avx2")))

/// a + (b − a)·f/256 on 16-bit lanes, as (a·(256 − f) + b·f) / 256 (as the other paths compute it).
static inline AVX512 __m512i lerp32(__m512i a, __m512i b, __m512i f) {
    __m512i g = _mm512_sub_epi16(_mm512_set1_epi16(256), f);
    return _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, g), _mm512_mullo_epi16(b, f)), 8);
}

/// Source-over on 16-bit lanes: s + d·(255 − sα)/255, rounded as in the other paths (a high multiply by 257).
/// `alphaWords` is a byte shuffle that copies each pixel's alpha lane over its four lanes.
static inline AVX512 __m512i over32(__m512i s, __m512i d, __m512i alphaWords) {
    __m512i k = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_shuffle_epi8(s, alphaWords));
    __m512i t = _mm512_add_epi16(_mm512_mullo_epi16(d, k), _mm512_set1_epi16(128));
    return _mm512_add_epi16(s, _mm512_mulhi_epu16(t, _mm512_set1_epi16(257)));
}

/// Sixteen samples' texels: the two rows' pairs for samples 0–7 and 8–15 (see calyx_load_pairs).
static inline AVX512 void load_pairs16(const int *px, const int at[16], __m512i *left, __m512i *right) {
    __m256i left0, right0, left1, right1;
    calyx_load_pairs(px, at, &left0, &right0);
    calyx_load_pairs(px, at + 8, &left1, &right1);
    *left = _mm512_inserti64x4(_mm512_castsi256_si512(left0), left1, 1);
    *right = _mm512_inserti64x4(_mm512_castsi256_si512(right0), right1, 1);
}

/// A byte shuffle pattern repeated in each 128-bit lane (the shuffle works within lanes).
#define EACH_LANE(...) __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__
#define ZERO (char)0x80

/// What every block of a blit shares: the source, clamps, shuffles and opacity.
typedef struct {
    const int *px, *below;
    __m512i lanes, lowest, maxU, maxV, strides;
    __m512i fractionLo, fractionHi, alphaWords, opacity;
    int64_t alpha;
    int add;
} blit_constants;

static inline __attribute__((always_inline)) AVX512 blit_constants constants_for(const calyx_span_source *s, int64_t alpha, int add) {
    blit_constants c;
    c.lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    c.px = (const int *)s->pixels;
    c.below = c.px + s->stride;
    // Clamped to −2…size, as in the AVX2 kernel: a clamped sample reads only margin texels.
    c.lowest = _mm512_set1_epi32(-2);
    c.maxU = _mm512_set1_epi32((int)s->width);
    c.maxV = _mm512_set1_epi32((int)s->height);
    c.strides = _mm512_set1_epi32((int)s->stride);
    // Byte 1 of each coordinate (its 8-bit fraction) spread over the 16-bit channel lanes of the pixels that
    // unpacklo (elements 0–1 of each lane) and unpackhi (2–3) widen; and each pixel's alpha over its lanes.
    // (_mm512_set_epi8 lists bytes from the highest down.)
    c.fractionLo = _mm512_set_epi8(EACH_LANE(ZERO, 5, ZERO, 5, ZERO, 5, ZERO, 5, ZERO, 1, ZERO, 1, ZERO, 1, ZERO, 1));
    c.fractionHi = _mm512_set_epi8(EACH_LANE(ZERO, 13, ZERO, 13, ZERO, 13, ZERO, 13, ZERO, 9, ZERO, 9, ZERO, 9, ZERO, 9));
    c.alphaWords = _mm512_set_epi8(EACH_LANE(15, 14, 15, 14, 15, 14, 15, 14, 7, 6, 7, 6, 7, 6, 7, 6));
    c.opacity = _mm512_set1_epi16((short)alpha);
    c.alpha = alpha;
    c.add = add;
    return c;
}

/// A span's per-pixel step, spread: each lane's offset from the first (k · step) and sixteen steps.
typedef struct { int64_t du, dv; __m512i laneU, laneV, stepU, stepV; } span_steps;

static inline __attribute__((always_inline)) AVX512 span_steps steps_for(int64_t du, int64_t dv, const blit_constants *c) {
    span_steps t;
    t.du = du; t.dv = dv;
    t.laneU = _mm512_mullo_epi32(c->lanes, _mm512_set1_epi32((int)du));
    t.laneV = _mm512_mullo_epi32(c->lanes, _mm512_set1_epi32((int)dv));
    t.stepU = _mm512_set1_epi32((int)(16 * du));
    t.stepV = _mm512_set1_epi32((int)(16 * dv));
    return t;
}

/// One span, sixteen pixels a block; the last block reads and writes only the span's pixels.
static inline __attribute__((always_inline)) AVX512 void blend_span(uint32_t *row, int64_t count, int64_t u, int64_t v,
                                                                    const span_steps *t, const blit_constants *c) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i u16 = _mm512_add_epi32(_mm512_set1_epi32((int)u), t->laneU);
    __m512i v16 = _mm512_add_epi32(_mm512_set1_epi32((int)v), t->laneV);
    for (int64_t x = 0; x < count; x += 16, row += 16) {
        __m512i iu = _mm512_max_epi32(c->lowest, _mm512_min_epi32(_mm512_srai_epi32(u16, 16), c->maxU));
        __m512i iv = _mm512_max_epi32(c->lowest, _mm512_min_epi32(_mm512_srai_epi32(v16, 16), c->maxV));
        // iv · stride by a 16-bit multiply-add (iv small and signed, the stride under 2^15).
        __m512i index = _mm512_add_epi32(_mm512_madd_epi16(iv, c->strides), iu);
        int at[16];
        _mm512_storeu_si512(at, index);
        __m512i p00, p10, p01, p11;
        load_pairs16(c->px, at, &p00, &p10);
        load_pairs16(c->below, at, &p01, &p11);
        __m512i fuLo = _mm512_shuffle_epi8(u16, c->fractionLo), fuHi = _mm512_shuffle_epi8(u16, c->fractionHi);
        __m512i fvLo = _mm512_shuffle_epi8(v16, c->fractionLo), fvHi = _mm512_shuffle_epi8(v16, c->fractionHi);
        __m512i lo = lerp32(lerp32(_mm512_unpacklo_epi8(p00, zero), _mm512_unpacklo_epi8(p10, zero), fuLo),
                            lerp32(_mm512_unpacklo_epi8(p01, zero), _mm512_unpacklo_epi8(p11, zero), fuLo), fvLo);
        __m512i hi = lerp32(lerp32(_mm512_unpackhi_epi8(p00, zero), _mm512_unpackhi_epi8(p10, zero), fuHi),
                            lerp32(_mm512_unpackhi_epi8(p01, zero), _mm512_unpackhi_epi8(p11, zero), fuHi), fvHi);
        if (c->alpha < 256) {
            lo = _mm512_srli_epi16(_mm512_mullo_epi16(lo, c->opacity), 8);
            hi = _mm512_srli_epi16(_mm512_mullo_epi16(hi, c->opacity), 8);
        }
        __mmask16 live = count - x >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - x)) - 1);
        __m512i d = _mm512_maskz_loadu_epi32(live, row);
        __m512i out = c->add ? _mm512_adds_epu8(_mm512_packus_epi16(lo, hi), d)
                             : _mm512_packus_epi16(over32(lo, _mm512_unpacklo_epi8(d, zero), c->alphaWords),
                                                   over32(hi, _mm512_unpackhi_epi8(d, zero), c->alphaWords));
        _mm512_mask_storeu_epi32(row, live, out);
        u16 = _mm512_add_epi32(u16, t->stepU); v16 = _mm512_add_epi32(v16, t->stepV);
    }
}

AVX512 void calyx_span_padded_avx512(uint32_t *row, int64_t count, const calyx_span_source *s,
                                     int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add) {
    const blit_constants c = constants_for(s, alpha, add);
    const span_steps t = steps_for(du, dv, &c);
    blend_span(row, count, u, v, &t, &c);
}

AVX512 void calyx_spans_padded_avx512(const calyx_row_span *spans, int64_t n, const calyx_span_source *s, int64_t alpha, int add) {
    const blit_constants c = constants_for(s, alpha, add);
    span_steps t = steps_for(n > 0 ? spans[0].du : 0, n > 0 ? spans[0].dv : 0, &c);
    for (int64_t i = 0; i < n; i++) {
        const calyx_row_span *span = &spans[i];
        // (An affine blit's rows share one step; a perspective row's pieces each have their own.)
        if (span->du != t.du || span->dv != t.dv) t = steps_for(span->du, span->dv, &c);
        blend_span(span->row, span->count, span->u, span->v, &t, &c);
    }
}
#else
void calyx_span_padded_avx512(uint32_t *row, int64_t count, const calyx_span_source *s,
                              int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add) {
    (void)row; (void)count; (void)s; (void)u; (void)v; (void)du; (void)dv; (void)alpha; (void)add;
}
void calyx_spans_padded_avx512(const calyx_row_span *spans, int64_t n, const calyx_span_source *s, int64_t alpha, int add) {
    (void)spans; (void)n; (void)s; (void)alpha; (void)add;
}
#endif

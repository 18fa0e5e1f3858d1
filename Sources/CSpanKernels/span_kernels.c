#include "span_kernels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Scalar arithmetic spreads a pixel's channels into the four 16-bit lanes of a uint64_t (one multiply works on
// all four); the SSE2 path does the same on two pixels per register. Lanes hold 8-bit values times factors of
// at most 256, so they never carry into each other, and both paths compute identical bytes.
#define LANES 0x00FF00FF00FF00FFull

static inline uint64_t spread(uint32_t p) { uint64_t x = p; return (x | (x << 24)) & LANES; }
static inline uint32_t pack(uint64_t x) { return (uint32_t)(x | (x >> 24)); }
static inline uint64_t lerp(uint64_t a, uint64_t b, uint64_t f) { return ((a * (256 - f) + b * f) >> 8) & LANES; }

static inline int interior(const calyx_span_source *s, int64_t iu, int64_t iv) {
    return iu >= 0 && iv >= 0 && iu < s->width - 1 && iv < s->height - 1;
}

static inline uint32_t texel(const calyx_span_source *s, int64_t x, int64_t y) {
    return x >= 0 && y >= 0 && x < s->width && y < s->height ? s->pixels[y * s->stride + x] : 0;
}

/// One pixel: bilinear sample at (u, v) in 16.16, times alpha/256, source-over onto *dst.
static inline void blend_one(uint32_t *dst, const calyx_span_source *s, int64_t u, int64_t v, int64_t alpha) {
    int64_t iu = u >> 16, iv = v >> 16;
    uint64_t fu = (u >> 8) & 0xFF, fv = (v >> 8) & 0xFF;
    uint32_t p00, p10, p01, p11;
    if (interior(s, iu, iv)) {
        const uint32_t *top = s->pixels + iv * s->stride + iu, *bottom = top + s->stride;
        p00 = top[0]; p10 = top[1]; p01 = bottom[0]; p11 = bottom[1];
    } else {
        if (iu < -1 || iv < -1 || iu >= s->width || iv >= s->height) return;
        p00 = texel(s, iu, iv); p10 = texel(s, iu + 1, iv); p01 = texel(s, iu, iv + 1); p11 = texel(s, iu + 1, iv + 1);
    }
    uint64_t x = lerp(lerp(spread(p00), spread(p10), fu), lerp(spread(p01), spread(p11), fu), fv);
    if (x == 0) return;
    if (alpha < 256) x = ((x * (uint64_t)alpha) >> 8) & LANES;
    uint64_t k = 255 - (x >> 48);
    if (k == 0) { *dst = pack(x); return; }
    // d·k/255, rounded: (t + t/256)/256 with t = d·k + 128.
    uint64_t t = spread(*dst) * k + 0x0080008000800080ull;
    *dst = pack(x + (((t + ((t >> 8) & LANES)) >> 8) & LANES));
}

#if defined(__SSE2__)
/// a + (b − a)·f/256 on 16-bit lanes.
static inline __m128i lerp8(__m128i a, __m128i b, __m128i f) {
    __m128i g = _mm_sub_epi16(_mm_set1_epi16(256), f);
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(a, g), _mm_mullo_epi16(b, f)), 8);
}

/// Each of two pixels' factors repeated over its four channel lanes.
static inline __m128i factors(uint64_t f0, uint64_t f1) {
    return _mm_set_epi16((short)f1, (short)f1, (short)f1, (short)f1, (short)f0, (short)f0, (short)f0, (short)f0);
}

/// Two pixels (16-bit lanes) times alpha, source-over onto two destination pixels (16-bit lanes).
static inline __m128i over8(__m128i s, __m128i d) {
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    __m128i k = _mm_sub_epi16(_mm_set1_epi16(255), sa);
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(d, k), _mm_set1_epi16(128));
    return _mm_add_epi16(s, _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8));
}

/// Four pixels whose samples are all interior: coordinates in us/vs (16.16).
static inline void blend_four(uint32_t *dst, const calyx_span_source *s, const int64_t *us, const int64_t *vs, int64_t alpha) {
    uint32_t a[4], b[4], c[4], e[4];
    uint64_t fu[4], fv[4];
    for (int k = 0; k < 4; k++) {
        const uint32_t *top = s->pixels + (vs[k] >> 16) * s->stride + (us[k] >> 16), *bottom = top + s->stride;
        a[k] = top[0]; b[k] = top[1]; c[k] = bottom[0]; e[k] = bottom[1];
        fu[k] = (us[k] >> 8) & 0xFF; fv[k] = (vs[k] >> 8) & 0xFF;
    }
    const __m128i zero = _mm_setzero_si128();
    __m128i p00 = _mm_loadu_si128((const __m128i *)a), p10 = _mm_loadu_si128((const __m128i *)b);
    __m128i p01 = _mm_loadu_si128((const __m128i *)c), p11 = _mm_loadu_si128((const __m128i *)e);
    __m128i fuLo = factors(fu[0], fu[1]), fuHi = factors(fu[2], fu[3]);
    __m128i fvLo = factors(fv[0], fv[1]), fvHi = factors(fv[2], fv[3]);
    __m128i lo = lerp8(lerp8(_mm_unpacklo_epi8(p00, zero), _mm_unpacklo_epi8(p10, zero), fuLo),
                       lerp8(_mm_unpacklo_epi8(p01, zero), _mm_unpacklo_epi8(p11, zero), fuLo), fvLo);
    __m128i hi = lerp8(lerp8(_mm_unpackhi_epi8(p00, zero), _mm_unpackhi_epi8(p10, zero), fuHi),
                       lerp8(_mm_unpackhi_epi8(p01, zero), _mm_unpackhi_epi8(p11, zero), fuHi), fvHi);
    if (alpha < 256) {
        __m128i al = _mm_set1_epi16((short)alpha);
        lo = _mm_srli_epi16(_mm_mullo_epi16(lo, al), 8);
        hi = _mm_srli_epi16(_mm_mullo_epi16(hi, al), 8);
    }
    __m128i d = _mm_loadu_si128((const __m128i *)dst);
    lo = over8(lo, _mm_unpacklo_epi8(d, zero));
    hi = over8(hi, _mm_unpackhi_epi8(d, zero));
    _mm_storeu_si128((__m128i *)dst, _mm_packus_epi16(lo, hi));
}
#endif

void calyx_span_affine(uint32_t *row, int64_t count, calyx_span_source source,
                       int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha) {
    const calyx_span_source *s = &source;
    int64_t x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= count; x += 4) {
        int64_t us[4] = { u, u + du, u + 2 * du, u + 3 * du }, vs[4] = { v, v + dv, v + 2 * dv, v + 3 * dv };
        // The rim (samples touching the source's edge) goes pixel by pixel; the interior four at a time.
        // Interior is convex along a line, so checking the ends covers the middle.
        if (interior(s, us[0] >> 16, vs[0] >> 16) && interior(s, us[3] >> 16, vs[3] >> 16)) {
            blend_four(row + x, s, us, vs, alpha);
        } else {
            for (int k = 0; k < 4; k++) blend_one(row + x + k, s, us[k], vs[k], alpha);
        }
        u += 4 * du; v += 4 * dv;
    }
#endif
    for (; x < count; x++, u += du, v += dv) blend_one(row + x, s, u, v, alpha);
}

/// 16.16 fixed point, rounded down, clamped far outside any source (near the horizon 1/W grows without
/// bound). Truncation plus a correction instead of floor(), which without SSE4.1 is a library call.
static inline int64_t fixed16(double t) {
    double f = t * 65536;
    if (!(f < 0x1p40)) return (int64_t)0x1p40;   // (NaN lands here too: far outside, never drawn)
    if (f < -0x1p40) return -(int64_t)0x1p40;
    int64_t i = (int64_t)f;
    return (double)i > f ? i - 1 : i;
}

void calyx_span_projective(uint32_t *row, int64_t count, calyx_span_source source,
                           double U, double V, double W, double dU, double dV, double dW, int64_t alpha) {
    const calyx_span_source *s = &source;
    int64_t x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= count; x += 4) {
        int64_t us[4], vs[4];
        int inside = 1;
        for (int k = 0; k < 4; k++) {
            double w = W + k * dW;
            if (!(w > 0)) { inside = 0; us[k] = vs[k] = INT64_MIN / 2; continue; }
            double r = 1 / w;
            us[k] = fixed16((U + k * dU) * r - 0.5); vs[k] = fixed16((V + k * dV) * r - 0.5);
            inside = inside && interior(s, us[k] >> 16, vs[k] >> 16);
        }
        if (inside) {
            blend_four(row + x, s, us, vs, alpha);
        } else {
            for (int k = 0; k < 4; k++) if (W + k * dW > 0) blend_one(row + x + k, s, us[k], vs[k], alpha);
        }
        U += 4 * dU; V += 4 * dV; W += 4 * dW;
    }
#endif
    for (; x < count; x++, U += dU, V += dV, W += dW) {
        if (!(W > 0)) continue;
        double r = 1 / W;
        blend_one(row + x, s, fixed16(U * r - 0.5), fixed16(V * r - 0.5), alpha);
    }
}

#include "span_kernels_internal.h"
#include "calyx_pixel_arithmetic.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Scalar arithmetic spreads a pixel's channels into the four 16-bit lanes of a uint64_t (calyx_pixel_arithmetic.h:
// one multiply works on all four); the SSE2 path does the same on two pixels per register, and both paths compute
// identical bytes.

static inline uint64_t lerp(uint64_t a, uint64_t b, uint64_t f) { return ((a * (256 - f) + b * f) >> 8) & CALYX_LANES; }

static inline int interior(const calyx_span_source *s, int64_t iu, int64_t iv) {
    return iu >= 0 && iv >= 0 && iu < s->width - 1 && iv < s->height - 1;
}

static inline uint32_t texel(const calyx_span_source *s, int64_t x, int64_t y) {
    return x >= 0 && y >= 0 && x < s->width && y < s->height ? s->pixels[y * s->stride + x] : 0;
}

/// One pixel: bilinear sample at (u, v) in 16.16, times alpha/256, source-over onto *dst (or added to it).
static inline void blend_one(uint32_t *dst, const calyx_span_source *s, int64_t u, int64_t v, int64_t alpha, int add) {
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
    uint64_t x = lerp(lerp(calyx_spread(p00), calyx_spread(p10), fu), lerp(calyx_spread(p01), calyx_spread(p11), fu), fv);
    if (x == 0) return;
    if (alpha < 256) x = ((x * (uint64_t)alpha) >> 8) & CALYX_LANES;
    *dst = add ? calyx_add(x, *dst) : calyx_over(x, *dst);
}

#if defined(__SSE2__)
/// a + (b − a)·f/256 on 16-bit lanes.
static inline __m128i lerp8(__m128i a, __m128i b, __m128i f) {
    __m128i g = _mm_sub_epi16(_mm_set1_epi16(256), f);
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(a, g), _mm_mullo_epi16(b, f)), 8);
}

/// Four pixels' factors (32-bit lanes) spread over each pixel's four channel lanes: pixels 0–1 and 2–3.
static inline void factors(__m128i f, __m128i *lo, __m128i *hi) {
    __m128i f16 = _mm_packs_epi32(f, f);          // f0 f1 f2 f3 f0 f1 f2 f3
    __m128i twice = _mm_unpacklo_epi16(f16, f16); // f0 f0 f1 f1 f2 f2 f3 f3
    *lo = _mm_unpacklo_epi32(twice, twice);
    *hi = _mm_unpackhi_epi32(twice, twice);
}

/// Two pixels (16-bit lanes) times alpha, source-over onto two destination pixels (16-bit lanes).
static inline __m128i over8(__m128i s, __m128i d) {
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    __m128i k = _mm_sub_epi16(_mm_set1_epi16(255), sa);
    // (t + t/256)/256 as one high multiply by 257: ⌊(256a + b + a)/256⌋ = ⌊(65792a + 257b)/65536⌋ for t = 256a + b,
    // since the extra b/65536 never carries past the next multiple of 1/256.
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(d, k), _mm_set1_epi16(128));
    return _mm_add_epi16(s, _mm_mulhi_epu16(t, _mm_set1_epi16(257)));
}

/// Four pixels whose samples are all interior: `index` holds each top-left texel's offset, `fu`/`fv` the
/// 8-bit fractions, all in 32-bit lanes.
static inline void blend_four(uint32_t *dst, const calyx_span_source *s, __m128i index, __m128i fu, __m128i fv, int64_t alpha,
                              int add) {
    int32_t at[4];
    _mm_storeu_si128((__m128i *)at, index);
    const uint32_t *px = s->pixels;
    const int64_t stride = s->stride;
    __m128i p00 = _mm_set_epi32((int)px[at[3]], (int)px[at[2]], (int)px[at[1]], (int)px[at[0]]);
    __m128i p10 = _mm_set_epi32((int)px[at[3] + 1], (int)px[at[2] + 1], (int)px[at[1] + 1], (int)px[at[0] + 1]);
    __m128i p01 = _mm_set_epi32((int)px[at[3] + stride], (int)px[at[2] + stride], (int)px[at[1] + stride], (int)px[at[0] + stride]);
    __m128i p11 = _mm_set_epi32((int)px[at[3] + stride + 1], (int)px[at[2] + stride + 1], (int)px[at[1] + stride + 1],
                                (int)px[at[0] + stride + 1]);
    const __m128i zero = _mm_setzero_si128();
    __m128i fuLo, fuHi, fvLo, fvHi;
    factors(fu, &fuLo, &fuHi);
    factors(fv, &fvLo, &fvHi);
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
    if (add) {
        _mm_storeu_si128((__m128i *)dst, _mm_adds_epu8(_mm_packus_epi16(lo, hi), d));
        return;
    }
    lo = over8(lo, _mm_unpacklo_epi8(d, zero));
    hi = over8(hi, _mm_unpackhi_epi8(d, zero));
    _mm_storeu_si128((__m128i *)dst, _mm_packus_epi16(lo, hi));
}

#endif

/// How many steps from `t` (inside [lo, hi)) stay inside, stepping by `dt`; at most `limit`.
static inline int64_t steps_inside(int64_t t, int64_t dt, int64_t lo, int64_t hi, int64_t limit) {
    int64_t n = dt > 0 ? (hi - t + dt - 1) / dt : dt < 0 ? (t - lo) / -dt + 1 : limit;
    return n < limit ? n : limit;
}

void calyx_span_prefetch(calyx_span_source s) {
    const char *first = (const char *)(s.pixels - s.margin * s.stride - s.margin);
    int64_t bytes = (s.height + 2 * s.margin) * s.stride * 4;
    if (bytes <= 0 || bytes > 256 * 1024) return;
    for (int64_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch(first + offset);
}

void calyx_span_affine(uint32_t *row, int64_t count, calyx_span_source source,
                       int64_t u0, int64_t v0, int64_t du, int64_t dv, int64_t alpha) {
    const calyx_span_source *s = &source;
    const int add = (alpha & CALYX_SPAN_ADD) != 0;
    alpha &= 0x1FF;
    int64_t x = 0;
    const int width = calyx_wide_span_fits(s, count, u0, v0, du, dv) ? calyx_span_kernels_width() : CALYX_SPAN_SSE2;
    if (width != CALYX_SPAN_SSE2) {
        // The whole span, rims included, a block at a time (rims pixel by pixel were a third of the kernel time).
        if (width == CALYX_SPAN_AVX512) calyx_span_padded_avx512(row, count, s, u0, v0, du, dv, alpha, add);
        else calyx_span_padded_avx2(row, count, s, u0, v0, du, dv, alpha, add);
        return;
    }
    // The rim (samples touching the source's edge) pixel by pixel; the interior — one run, since the interior
    // is convex and the span a line — four at a time.
    while (x < count && !interior(s, (u0 + x * du) >> 16, (v0 + x * dv) >> 16)) {
        blend_one(row + x, s, u0 + x * du, v0 + x * dv, alpha, add);
        x++;
    }
#if defined(__SSE2__)
    // 32-bit lanes hold interior coordinates and texel offsets (and 16-bit ones rows and strides) for sources
    // under 32768 pixels a side; larger ones go pixel by pixel.
    if (x < count && s->width < 32768 && s->height < 32768 && s->stride < 32768) {
        int64_t u = u0 + x * du, v = v0 + x * dv;
        int64_t run = steps_inside(u, du, 0, (s->width - 1) << 16, count - x);
        run = steps_inside(v, dv, 0, (s->height - 1) << 16, run);
        const __m128i stepU = _mm_set1_epi32((int)(4 * du)), stepV = _mm_set1_epi32((int)(4 * dv));
        const __m128i byte = _mm_set1_epi32(0xFF), stride = _mm_set1_epi32((int)s->stride);
        __m128i u4 = _mm_set_epi32((int)(u + 3 * du), (int)(u + 2 * du), (int)(u + du), (int)u);
        __m128i v4 = _mm_set_epi32((int)(v + 3 * dv), (int)(v + 2 * dv), (int)(v + dv), (int)v);
        for (int64_t end = x + (run & ~(int64_t)3); x < end; x += 4) {
            __m128i iu = _mm_srli_epi32(u4, 16), iv = _mm_srli_epi32(v4, 16);
            // iv · stride in each 32-bit lane: both fit in 16 bits, so one 16-bit multiply-add does it.
            __m128i index = _mm_add_epi32(_mm_madd_epi16(iv, stride), iu);
            blend_four(row + x, s, index, _mm_and_si128(_mm_srli_epi32(u4, 8), byte), _mm_and_si128(_mm_srli_epi32(v4, 8), byte), alpha, add);
            u4 = _mm_add_epi32(u4, stepU); v4 = _mm_add_epi32(v4, stepV);
        }
    }
#endif
    // The rest of the run and the far rim (blend_one takes its own interior fast path).
    for (; x < count; x++) blend_one(row + x, s, u0 + x * du, v0 + x * dv, alpha, add);
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

/// `delta / n` for the per-pixel step of a piece: a shift for the power-of-two pieces most are (a 64-bit
/// division per piece was a tenth of the projective kernel's time), a division for the rest.
static inline int64_t step_of(int64_t delta, int64_t n) {
    return (n & (n - 1)) == 0 ? delta >> __builtin_ctzll((unsigned long long)n) : delta / n;
}

/// The most pixels per exactly-divided sample in the projective kernel: between samples the source coordinates
/// are interpolated linearly (the chord of a gently curving hyperbola) and the affine kernel draws the piece.
#define PROJECTIVE_STEP 16
/// The largest (Δw / w)² a piece may span. The chord's error is about a quarter of the piece's extent in
/// texels times Δw / w: at 1/32 and at most 16 texels per piece, under 1/8 of a texel (measured against
/// pixman's exact division: mean 0.20, p99 2 levels on a strong perspective; at 1/64 it was 0.19 and 2, and
/// scene C took 14 % longer).
#define PROJECTIVE_TOLERANCE (1.0 / (32.0 * 32.0))

void calyx_span_projective(uint32_t *row, int64_t count, calyx_span_source source,
                           double U, double V, double W, double dU, double dV, double dW, int64_t alpha) {
    const calyx_span_source *s = &source;
    // Pieces pass `alpha` on whole (flag included); per-pixel blends take it apart.
    const int add = (alpha & CALYX_SPAN_ADD) != 0;
    const int64_t opacity = alpha & 0x1FF;
    calyx_span_batch batch;
    calyx_batch_start(&batch, s, alpha);
    for (int64_t x = 0, n; x < count; x += n) {
        n = count - x < PROJECTIVE_STEP ? count - x : PROJECTIVE_STEP;
        double w0 = W + x * dW, w1 = W + (x + n) * dW;
        // Shorter pieces where w changes fast (strong perspective): the chord's error grows with the square of
        // the relative change of w across the piece.
        while (n > 1 && w0 > 0 && w1 > 0 && (w1 - w0) * (w1 - w0) > PROJECTIVE_TOLERANCE * w0 * w1) {
            n /= 2;
            w1 = W + (x + n) * dW;
        }
        if (w0 > 0 && w1 > 0) {
            // Exact at both ends of the piece (W is linear along the row, so positive between them too).
            double r0 = 1 / w0, r1 = 1 / w1;
            int64_t u0 = fixed16((U + x * dU) * r0 - 0.5), v0 = fixed16((V + x * dV) * r0 - 0.5);
            int64_t u1 = fixed16((U + (x + n) * dU) * r1 - 0.5), v1 = fixed16((V + (x + n) * dV) * r1 - 0.5);
            int64_t du = step_of(u1 - u0, n), dv = step_of(v1 - v0, n);
            if (!calyx_batch_add(&batch, (calyx_row_span){row + x, n, u0, v0, du, dv})) {
                calyx_span_affine(row + x, n, source, u0, v0, du, dv, alpha);
            }
            continue;
        }
        // Near the horizon: every pixel divides for itself, and those behind the eye are skipped.
        for (int64_t k = x; k < x + n; k++) {
            double w = W + k * dW;
            if (!(w > 0)) continue;
            double r = 1 / w;
            blend_one(row + k, s, fixed16((U + k * dU) * r - 0.5), fixed16((V + k * dV) * r - 0.5), opacity, add);
        }
    }
    calyx_batch_finish(&batch);
}

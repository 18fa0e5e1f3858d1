// The separable PDF blend modes' arithmetic on premultiplied pixels, one pixel (`blend_pixel`) or four at once
// (`calyx_blend_v`): shared by the band blend (blend_modes.c) and the coverage fills that blend (coverage.c), so a
// shape filled straight into the frame by a mode gets the bytes its picture blended by that mode would.
#ifndef CALYX_BLEND_ARITHMETIC_H
#define CALYX_BLEND_ARITHMETIC_H
#include "blend_modes.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The blend term Sa·Da·B(S/Sa, D/Da) plus D·(255 − Sa) + S·(255 − Da), for one channel (0…255 each, premultiplied),
// in units of 1/255: each mode's formula multiplied through by the alphas. Every partial sum is a sum of
// non-negative terms at most the whole, which is at most 255·255.
static inline int32_t blend_channel(calyx_blend_mode mode, int32_t s, int32_t sa, int32_t d, int32_t da) {
    int32_t keep = d * (255 - sa) + s * (255 - da);
    switch (mode) {
    case CALYX_BLEND_MULTIPLY: return keep + s * d;
    case CALYX_BLEND_SCREEN: return s * (255 - d) + 255 * d;
    case CALYX_BLEND_OVERLAY: return keep + (2 * d <= da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s));
    case CALYX_BLEND_HARD_LIGHT: return keep + (2 * s <= sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s));
    case CALYX_BLEND_DARKEN: { int32_t a = s * da, b = d * sa; return keep + (a < b ? a : b); }
    case CALYX_BLEND_LIGHTEN: { int32_t a = s * da, b = d * sa; return keep + (a > b ? a : b); }
    case CALYX_BLEND_DIFFERENCE: { int32_t a = s * da, b = d * sa; return keep + (a > b ? a - b : b - a); }
    case CALYX_BLEND_EXCLUSION: return s * (255 - d) + d * (255 - s);
    }
    return keep;
}

static inline int32_t div255(int32_t x) { x += 128; return (x + (x >> 8)) >> 8; }

static inline uint32_t blend_pixel(calyx_blend_mode mode, uint32_t sp, uint32_t dp) {
    int32_t sa = (int32_t)(sp >> 24), da = (int32_t)(dp >> 24);
    uint32_t out = (uint32_t)div255(sa * (255 - da) + 255 * da) << 24;
    for (int shift = 0; shift < 24; shift += 8) {
        int32_t v = div255(blend_channel(mode, (int32_t)(sp >> shift & 0xFF), sa, (int32_t)(dp >> shift & 0xFF), da));
        out |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << shift;
    }
    return out;
}

#if defined(__SSE2__)
// x/255 rounded to nearest on 16-bit lanes, (t + t>>8) >> 8 with t = x + 128 — which equals t·257 >> 16 for every
// such t (checked for all 65,536), one high-half multiply.
static inline __m128i div255_lanes(__m128i x) {
    return _mm_mulhi_epu16(_mm_add_epi16(x, _mm_set1_epi16(128)), _mm_set1_epi16(257));
}
#endif

// The blend on four pixels at once, in the compiler's vector types: 32-byte vectors, one AVX2 register in the
// functions built for AVX2 and two SSE2 registers elsewhere, from the same source. (Passed between inlined
// functions only, so the vectors' calling convention, which differs with and without AVX, never applies.)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"
/// Four pixels' channels, one to a 16-bit lane (B, G, R, A each, in memory order), and their sixteen bytes.
typedef uint16_t calyx_lanes16 __attribute__((vector_size(32)));
typedef uint8_t calyx_bytes16 __attribute__((vector_size(16)));

static inline __attribute__((always_inline)) calyx_lanes16 calyx_lanes_of(const uint32_t *four) {
    calyx_bytes16 bytes;
    __builtin_memcpy(&bytes, four, 16);
    return __builtin_convertvector(bytes, calyx_lanes16);
}

/// Stores lanes of at most 255 each (what every blend gives) as four pixels.
static inline __attribute__((always_inline)) void calyx_store_lanes(uint32_t *four, calyx_lanes16 v) {
    calyx_bytes16 bytes = __builtin_convertvector(v, calyx_bytes16);
    __builtin_memcpy(four, &bytes, 16);
}

static inline __attribute__((always_inline)) calyx_lanes16 calyx_div255_v(calyx_lanes16 x) {
    calyx_lanes16 t = x + 128;
    return (t + (t >> 8)) >> 8;
}

/// Each pixel's alpha over its four lanes.
static inline __attribute__((always_inline)) calyx_lanes16 calyx_alphas_v(calyx_lanes16 v) {
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
}

/// `blend_pixel` on four pixels: products of two bytes fit a lane unsigned, and so does every partial sum (see
/// `blend_channel`); lanes wrap as the exact sums do not. The same bytes as `blend_pixel` for every pair (checked
/// on millions of random pairs when written).
static inline __attribute__((always_inline)) calyx_lanes16 calyx_blend_v(calyx_blend_mode mode, calyx_lanes16 s, calyx_lanes16 d) {
    const calyx_lanes16 full = (calyx_lanes16){} + 255;
    calyx_lanes16 sa = calyx_alphas_v(s), da = calyx_alphas_v(d);
    calyx_lanes16 keep = d * (full - sa) + s * (full - da), sum;
    switch (mode) {
    case CALYX_BLEND_MULTIPLY: sum = keep + s * d; break;
    case CALYX_BLEND_SCREEN: sum = s * (full - d) + full * d; break;
    case CALYX_BLEND_EXCLUSION: sum = s * (full - d) + d * (full - s); break;
    case CALYX_BLEND_DARKEN: sum = keep + __builtin_elementwise_min(s * da, d * sa); break;
    case CALYX_BLEND_LIGHTEN: sum = keep + __builtin_elementwise_max(s * da, d * sa); break;
    case CALYX_BLEND_DIFFERENCE: {
        calyx_lanes16 a = s * da, b = d * sa;
        sum = keep + (__builtin_elementwise_max(a, b) - __builtin_elementwise_min(a, b));
        break;
    }
    case CALYX_BLEND_OVERLAY: case CALYX_BLEND_HARD_LIGHT: {
        // 2·x ≤ xa picks the multiply half; else the screen half, Sa·Da − 2·(Da − D)·(Sa − S).
        calyx_lanes16 x = mode == CALYX_BLEND_OVERLAY ? d : s, xa = mode == CALYX_BLEND_OVERLAY ? da : sa;
        calyx_lanes16 screens = (calyx_lanes16)(x + x > xa), crossed = (da - d) * (sa - s);
        sum = keep + ((screens & (sa * da - (crossed << 1))) | (~screens & ((s * d) << 1)));
        break;
    }
    default: sum = keep;
    }
    // Alpha is the union, Sa·(255 − Da) + 255·Da, whatever the mode.
    const calyx_lanes16 alphaLanes = {0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF};
    calyx_lanes16 alpha = sa * (full - da) + full * da;
    return calyx_div255_v((alphaLanes & alpha) | (~alphaLanes & sum));
}
#pragma clang diagnostic pop

/// `CALL(m)` for the mode `mode` names, `m` a constant: a loop written once and inlined with a constant mode is
/// compiled once per mode, with no switch inside.
#define CALYX_EACH_BLEND_MODE(mode, CALL) \
    switch (mode) { \
    case CALYX_BLEND_MULTIPLY: CALL(CALYX_BLEND_MULTIPLY); break; \
    case CALYX_BLEND_SCREEN: CALL(CALYX_BLEND_SCREEN); break; \
    case CALYX_BLEND_OVERLAY: CALL(CALYX_BLEND_OVERLAY); break; \
    case CALYX_BLEND_DARKEN: CALL(CALYX_BLEND_DARKEN); break; \
    case CALYX_BLEND_LIGHTEN: CALL(CALYX_BLEND_LIGHTEN); break; \
    case CALYX_BLEND_HARD_LIGHT: CALL(CALYX_BLEND_HARD_LIGHT); break; \
    case CALYX_BLEND_DIFFERENCE: CALL(CALYX_BLEND_DIFFERENCE); break; \
    case CALYX_BLEND_EXCLUSION: CALL(CALYX_BLEND_EXCLUSION); break; \
    }

/// Blends `count` pixels of the one premultiplied colour `source` onto `target` by `mode` (a run of a shape's
/// coverage fill): `calyx_blend_row`'s bytes for a row of that colour.
void calyx_blend_span(calyx_blend_mode mode, uint32_t source, uint32_t *target, int64_t count);

#endif

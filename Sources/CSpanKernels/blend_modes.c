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
// The same on two pixels' eight 16-bit lanes (B, G, R, A each): products of two bytes fit a lane unsigned, and
// so does every partial sum (see above); comparisons are made on values below 2^15 as signed.
static inline __m128i div255_lanes(__m128i x) {
    return _mm_mulhi_epu16(_mm_add_epi16(x, _mm_set1_epi16(128)), _mm_set1_epi16(257));
}

static inline __m128i blend_lanes(calyx_blend_mode mode, __m128i s, __m128i d) {
    const __m128i full = _mm_set1_epi16(255);
    __m128i sa = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    __m128i da = _mm_shufflehi_epi16(_mm_shufflelo_epi16(d, 0xFF), 0xFF);
    __m128i keep = _mm_add_epi16(_mm_mullo_epi16(d, _mm_sub_epi16(full, sa)), _mm_mullo_epi16(s, _mm_sub_epi16(full, da)));
    __m128i sum;
    switch (mode) {
    case CALYX_BLEND_MULTIPLY: sum = _mm_add_epi16(keep, _mm_mullo_epi16(s, d)); break;
    case CALYX_BLEND_SCREEN: sum = _mm_add_epi16(_mm_mullo_epi16(s, _mm_sub_epi16(full, d)), _mm_mullo_epi16(full, d)); break;
    case CALYX_BLEND_EXCLUSION:
        sum = _mm_add_epi16(_mm_mullo_epi16(s, _mm_sub_epi16(full, d)), _mm_mullo_epi16(d, _mm_sub_epi16(full, s)));
        break;
    case CALYX_BLEND_DARKEN: case CALYX_BLEND_LIGHTEN: case CALYX_BLEND_DIFFERENCE: {
        __m128i a = _mm_mullo_epi16(s, da), b = _mm_mullo_epi16(d, sa);
        // (Unsigned minimum and maximum from SSE2's saturating subtraction.)
        __m128i a_less = _mm_subs_epu16(a, b);              // a − b where a > b, else 0
        __m128i low = _mm_sub_epi16(a, a_less);              // min(a, b)
        __m128i high = _mm_add_epi16(b, a_less);             // max(a, b)
        __m128i term = mode == CALYX_BLEND_DARKEN ? low : mode == CALYX_BLEND_LIGHTEN ? high : _mm_sub_epi16(high, low);
        sum = _mm_add_epi16(keep, term);
        break;
    }
    case CALYX_BLEND_OVERLAY: case CALYX_BLEND_HARD_LIGHT: {
        // 2·x ≤ xa picks the multiply half; else the screen half, Sa·Da − 2·(Da − D)·(Sa − S).
        __m128i x = mode == CALYX_BLEND_OVERLAY ? d : s, xa = mode == CALYX_BLEND_OVERLAY ? da : sa;
        __m128i lower = _mm_cmpgt_epi16(_mm_add_epi16(x, x), xa);   // set where the screen half applies
        __m128i product = _mm_mullo_epi16(s, d);
        __m128i multiplied = _mm_add_epi16(product, product);
        __m128i crossed = _mm_mullo_epi16(_mm_sub_epi16(da, d), _mm_sub_epi16(sa, s));
        __m128i screened = _mm_sub_epi16(_mm_mullo_epi16(sa, da), _mm_add_epi16(crossed, crossed));
        sum = _mm_add_epi16(keep, _mm_or_si128(_mm_and_si128(lower, screened), _mm_andnot_si128(lower, multiplied)));
        break;
    }
    default: sum = keep;
    }
    // Alpha is the union, Sa·(255 − Da) + 255·Da, whatever the mode.
    __m128i alpha = _mm_add_epi16(_mm_mullo_epi16(sa, _mm_sub_epi16(full, da)), _mm_mullo_epi16(full, da));
    const __m128i alpha_lanes = _mm_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0);
    sum = _mm_or_si128(_mm_and_si128(alpha_lanes, alpha), _mm_andnot_si128(alpha_lanes, sum));
    return div255_lanes(sum);
}
#endif

void calyx_blend_row(calyx_blend_mode mode, const uint32_t *source, uint32_t *target, int64_t count) {
    int64_t i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; i + 4 <= count; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(source + i));
        // (Four transparent source pixels leave their targets as they were.)
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(s, zero)) == 0xFFFF) continue;
        __m128i d = _mm_loadu_si128((const __m128i *)(target + i));
        __m128i lo = blend_lanes(mode, _mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(d, zero));
        __m128i hi = blend_lanes(mode, _mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(target + i), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; i < count; i++) {
        if (source[i] == 0) continue;
        target[i] = blend_pixel(mode, source[i], target[i]);
    }
}

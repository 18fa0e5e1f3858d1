// Premultiplied 8-bit BGRA pixel arithmetic shared by Calyx's C: the coverage rasterizer (CCoverage) and the
// compositor's span kernels (CSpanKernels, which depends on this target for it). A pixel's four channels are
// spread into the four 16-bit lanes of a uint64_t, so one multiply scales all four; lanes hold 8-bit values
// times factors of at most 256 and never carry into each other.
#ifndef CALYX_PIXEL_ARITHMETIC_H
#define CALYX_PIXEL_ARITHMETIC_H
#include <stdint.h>

#define CALYX_LANES 0x00FF00FF00FF00FFull

/// The pixel's channels, one to a 16-bit lane (alpha in the top lane).
static inline uint64_t calyx_spread(uint32_t p) { uint64_t x = p; return (x | (x << 24)) & CALYX_LANES; }

/// The pixel of spread channels of at most 255 each.
static inline uint32_t calyx_pack(uint64_t x) { return (uint32_t)(x | (x >> 24)); }

/// Spread channels times `k`/255 (k at most 255), each rounded to nearest: (t + t/256)/256 with t = x·k + 128.
static inline uint64_t calyx_scale_255(uint64_t x, uint64_t k) {
    uint64_t t = x * k + 0x0080008000800080ull;
    return ((t + ((t >> 8) & CALYX_LANES)) >> 8) & CALYX_LANES;
}

/// Spread source `x` over the pixel `destination`, both premultiplied.
static inline uint32_t calyx_over(uint64_t x, uint32_t destination) {
    uint64_t keep = 255 - (x >> 48);
    if (keep == 0) return calyx_pack(x);
    return calyx_pack(x + calyx_scale_255(calyx_spread(destination), keep));
}

/// Spread source `x` added to the pixel `destination`, each channel saturating at 255.
static inline uint32_t calyx_add(uint64_t x, uint32_t destination) {
    uint64_t sum = calyx_spread(destination) + x;
    uint64_t over = (sum >> 8) & 0x0001000100010001ull;
    return calyx_pack((sum | (over * 0xFF)) & CALYX_LANES);
}

#endif

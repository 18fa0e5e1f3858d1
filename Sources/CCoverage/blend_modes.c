#include "blend_arithmetic.h"
// (Four-pixel vectors pass between inlined functions only: see blend_arithmetic.h.)
#pragma clang diagnostic ignored "-Wpsabi"
#include "calyx_processor.h"

int calyx_blend_mode_of_cg(int32_t cg_blend_mode, calyx_blend_mode *mode) {
    switch (cg_blend_mode) {
    case 1: *mode = CALYX_BLEND_MULTIPLY; return 1;
    case 2: *mode = CALYX_BLEND_SCREEN; return 1;
    case 3: *mode = CALYX_BLEND_OVERLAY; return 1;
    case 4: *mode = CALYX_BLEND_DARKEN; return 1;
    case 5: *mode = CALYX_BLEND_LIGHTEN; return 1;
    case 9: *mode = CALYX_BLEND_HARD_LIGHT; return 1;
    case 10: *mode = CALYX_BLEND_DIFFERENCE; return 1;
    case 11: *mode = CALYX_BLEND_EXCLUSION; return 1;
    default: return 0;
    }
}

// The row loops for one mode (a constant at each call: the compiler makes a loop per mode, with no switch inside),
// four pixels a step; `source` is a row, or one colour for every pixel when `constant`.
static inline __attribute__((always_inline)) void blend_pixels(calyx_blend_mode mode, const uint32_t *source, uint32_t colour,
                                                               int constant, uint32_t *target, int64_t count) {
    int64_t i = 0;
    const calyx_lanes16 held = calyx_lanes_of((const uint32_t[4]){colour, colour, colour, colour});
    for (; i + 4 <= count; i += 4) {
        if (!constant && (source[i] | source[i + 1] | source[i + 2] | source[i + 3]) == 0) continue;  // (transparent: as it was)
        calyx_lanes16 s = constant ? held : calyx_lanes_of(source + i);
        calyx_store_lanes(target + i, calyx_blend_v(mode, s, calyx_lanes_of(target + i)));
    }
    for (; i < count; i++) {
        uint32_t s = constant ? colour : source[i];
        if (s) target[i] = blend_pixel(mode, s, target[i]);
    }
}

static void blend_pixels_any(calyx_blend_mode mode, const uint32_t *source, uint32_t colour, int constant, uint32_t *target,
                             int64_t count) {
#define CALL(m) blend_pixels(m, source, colour, constant, target, count)
    CALYX_EACH_BLEND_MODE(mode, CALL)
#undef CALL
}

#if defined(__x86_64__)
// The same built for AVX2: four pixels a register.
__attribute__((target("avx2"))) static void blend_pixels_avx2(calyx_blend_mode mode, const uint32_t *source, uint32_t colour,
                                                              int constant, uint32_t *target, int64_t count) {
#define CALL(m) blend_pixels(m, source, colour, constant, target, count)
    CALYX_EACH_BLEND_MODE(mode, CALL)
#undef CALL
}
#endif

static void blend_pixels_widest(calyx_blend_mode mode, const uint32_t *source, uint32_t colour, int constant, uint32_t *target,
                                int64_t count) {
#if defined(__x86_64__)
    if (count >= 8 && calyx_has_avx2()) { blend_pixels_avx2(mode, source, colour, constant, target, count); return; }
#endif
    blend_pixels_any(mode, source, colour, constant, target, count);
}

void calyx_blend_row(calyx_blend_mode mode, const uint32_t *source, uint32_t *target, int64_t count) {
    blend_pixels_widest(mode, source, 0, 0, target, count);
}

void calyx_blend_span(calyx_blend_mode mode, uint32_t source, uint32_t *target, int64_t count) {
    if (source) blend_pixels_widest(mode, NULL, source, 1, target, count);
}

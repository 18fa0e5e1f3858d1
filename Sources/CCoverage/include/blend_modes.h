// Separable PDF blend modes (ISO 32000-1 §11.3.5) on premultiplied 8-bit BGRA pixels: a layer's finished
// picture laid onto the frame by its `compositingFilter`. The compositor draws the picture source-over into a
// scratch band (BandExecutor.swift) and blends the band's rows onto the frame's with this, or fills a shape
// straight into the frame by the mode (`calyx_coverage_fill_blended`); pixman does the modes left out here
// (dodge, burn, soft light and the non-separable ones).
#ifndef CALYX_BLEND_MODES_H
#define CALYX_BLEND_MODES_H
#include <stdint.h>

typedef enum {
    CALYX_BLEND_MULTIPLY, CALYX_BLEND_SCREEN, CALYX_BLEND_OVERLAY, CALYX_BLEND_DARKEN, CALYX_BLEND_LIGHTEN,
    CALYX_BLEND_HARD_LIGHT, CALYX_BLEND_DIFFERENCE, CALYX_BLEND_EXCLUSION
} calyx_blend_mode;

/// The kernel's mode for a `CGBlendMode` (its raw value: multiply 1, screen 2, overlay 3, darken 4, lighten 5,
/// hard light 9, difference 10, exclusion 11) into `*mode`; zero for the modes left to pixman.
int calyx_blend_mode_of_cg(int32_t cg_blend_mode, calyx_blend_mode *mode);

/// Blends `source[0..<count]` onto `target[0..<count]` by `mode`: each colour channel becomes
/// (D·(255 − Sa) + S·(255 − Da) + Sa·Da·B(S/Sa, D/Da)) / 255 and alpha Sa + Da − Sa·Da/255, rounded to nearest
/// (as pixman rounds: (t + t/256)/256 with t = x + 128). Pixels must be premultiplied (no channel above alpha).
void calyx_blend_row(calyx_blend_mode mode, const uint32_t *source, uint32_t *target, int64_t count);

#endif

// Rows of an axial gradient painted straight into premultiplied BGRA pixels: each pixel's position along the
// axis is an affine function of its centre, looked up in a table of colours spaced evenly from the start (0) to
// the end (1), padded both ways, and laid source-over onto the pixel. CoreGraphics builds the table and the
// function (CGContext+DirectGradient.swift) where Cairo would evaluate the gradient in doubles pixel by pixel.
#ifndef CALYX_GRADIENT_ROWS_H
#define CALYX_GRADIENT_ROWS_H
#include <stdint.h>

/// Paints `count` pixels of a row at `row`, each covered by `coverage` (0…255; 255 whole): pixel i's position is
/// `t + dt·i`; positions at or below 0 take table[0], at or above 1 table[last], others the nearest of
/// table[0…last]. `table` holds premultiplied 0xAARRGGBB colours. A NaN position takes table[0].
void calyx_gradient_row(uint32_t *row, int64_t count, double t, double dt, const uint32_t *table, int64_t last,
                        uint32_t coverage);

/// A radial gradient between two circles, as PDF's type-3 shading: the circle (c0, r0) grows into (c1, r1) as
/// t runs from 0 to 1 (and on, padded, past either end), and a point takes the colour of the largest t whose
/// circle (of radius at least 0) passes through it; a point no such circle reaches is left as it was.
typedef struct {
    double c0x, c0y, r0;   // the start circle
    double cdx, cdy, dr;   // the end circle less the start circle
} calyx_radial_circles;

/// Paints `count` pixels of a row at `row`, each covered by `coverage` (0…255): pixel i's centre lies at
/// (x + dx·i, y + dy·i) in the gradient's space; its t is looked up as `calyx_gradient_row` looks positions up.
void calyx_radial_row(uint32_t *row, int64_t count, double x, double y, double dx, double dy,
                      const calyx_radial_circles *circles, const uint32_t *table, int64_t last, uint32_t coverage);

#endif

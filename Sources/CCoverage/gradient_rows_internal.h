// The gradient rows' wide paths (gradient_rows_avx2.c), called by gradient_rows.c where the processor has AVX2.
// Each computes exactly what the scalar path computes, to the bit: the same operations in the same order (no
// fused multiply-adds), so a frame is the same on every processor.
#ifndef CALYX_GRADIENT_ROWS_INTERNAL_H
#define CALYX_GRADIENT_ROWS_INTERNAL_H
#include "gradient_rows.h"

/// The radial gradient's positions of pixels first ..< first + n, rounded up to a multiple of four, into
/// `positions`: NaN where no circle reaches the pixel. `a` is the quadratic's leading coefficient (not near zero),
/// `inverse` 1/a and `sign` its sign.
void calyx_radial_positions_avx2(double *positions, int64_t first, int64_t n, double x, double y, double dx, double dy,
                                 const calyx_radial_circles *circles, double a, double inverse, double sign);

/// Lays the table's colour for each of positions[0 ..< n] onto row[0 ..< n], eight pixels at a time, as the scalar
/// path does one by one. `positions` must be readable up to n rounded up to a multiple of eight. A NaN position
/// leaves its pixel as it was.
void calyx_lay_positions_avx2(uint32_t *row, int64_t n, const double *positions, const uint32_t *table, int64_t last,
                              uint32_t coverage);
#endif

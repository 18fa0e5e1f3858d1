// The row loop of an affine blit: for each destination row, the columns whose samples touch the source, solved
// exactly, then the span kernel along them. In C rather than Swift because it runs once per row of every layer
// (tens of thousands of rows a frame) and was a tenth of a frame there.
#include "span_kernels_internal.h"

/// ⌊t⌋ or ⌈t⌉ as an integer, saturated to ±1e9 (far outside any bitmap), NaN as 0. Truncation plus a correction
/// instead of floor()/ceil(), which without SSE4.1 are library calls.
static inline int64_t whole(double t, int up) {
    if (!(t == t)) return 0;
    if (t < -1e9) t = -1e9;
    if (t > 1e9) t = 1e9;
    int64_t i = (int64_t)t;
    if (up) return (double)i < t ? i + 1 : i;
    return (double)i > t ? i - 1 : i;
}

/// Narrows [*low, *high] to the x where start + slope·(x + 0.5) lies in (−1, limit): where a sample there
/// touches a texel of a source `limit` texels long. `inverse` is 1 / slope (multiplying instead of dividing:
/// four divisions a row were a tenth of a frame).
static inline void narrow(double start, double slope, double inverse, double limit, double *low, double *high) {
    if (slope > -1e-12 && slope < 1e-12) {
        double at = start + slope * 0.5;
        if (!(at > -1 && at < limit)) *high = -1;
        return;
    }
    double a = (-1 - start) * inverse - 0.5, b = (limit - start) * inverse - 0.5;
    double lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo > *low) *low = lo;
    if (hi < *high) *high = hi;
}

void calyx_span_affine_rows(uint8_t *target, int64_t bytesPerRow, int64_t y0, int64_t y1, int64_t columnLow,
                            int64_t columnHigh, calyx_span_source source, double a, double b, double c, double d,
                            double tx, double ty, int64_t alpha) {
    const double du = a, dv = b;
    const int64_t stepU = calyx_fixed_nearest(du), stepV = calyx_fixed_nearest(dv);
    const double width = (double)source.width, height = (double)source.height;
    const double inverseU = 1 / du, inverseV = 1 / dv;
    calyx_span_batch batch;
    calyx_batch_start(&batch, &source, alpha);
    for (int64_t y = y0; y < y1; y++) {
        // u(x, y) = a·x + c·y + tx (row vectors), likewise v; at pixel centres, in texel units with texel
        // centres at i + 0.5, so sample coordinates are u − 0.5.
        double cy = (double)y + 0.5;
        double u0 = c * cy + tx - 0.5, v0 = d * cy + ty - 0.5;
        double low = (double)columnLow, high = (double)columnHigh;
        narrow(u0, du, inverseU, width, &low, &high);
        narrow(v0, dv, inverseV, height, &low, &high);
        int64_t x0 = whole(low, 0), x1 = whole(high, 1) + 1;
        if (x0 < columnLow) x0 = columnLow;
        if (x1 > columnHigh) x1 = columnHigh;
        if (x0 >= x1) continue;
        uint32_t *row = (uint32_t *)(target + y * bytesPerRow) + x0;
        double centre = (double)x0 + 0.5;
        int64_t u = calyx_fixed_nearest(u0 + du * centre), v = calyx_fixed_nearest(v0 + dv * centre), count = x1 - x0;
        if (!calyx_batch_add(&batch, (calyx_row_span){row, count, u, v, stepU, stepV})) {
            calyx_span_affine(row, count, source, u, v, stepU, stepV, alpha);
        }
    }
    calyx_batch_finish(&batch);
}

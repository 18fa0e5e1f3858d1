#include "gradient_rows_internal.h"
#include "calyx_pixel_arithmetic.h"
#include "calyx_processor.h"

#include <math.h>

// The table's colour for position `t` (padded both ways; a NaN takes the first colour), scaled by `coverage`,
// laid source-over onto `*pixel`.
static inline void lay(uint32_t *pixel, double t, const uint32_t *table, int64_t last, uint32_t coverage) {
    double u = t * (double)last + 0.5;
    int64_t index = u >= 1 ? (u < (double)last ? (int64_t)u : last) : 0;
    uint64_t colour = calyx_spread(table[index]);
    if (coverage < 255) colour = calyx_scale_255(colour, coverage);
    if (colour >> 48) *pixel = calyx_over(colour, *pixel);  // (an opaque colour replaces the pixel)
}

void calyx_gradient_row(uint32_t *row, int64_t count, double t, double dt, const uint32_t *table, int64_t last,
                        uint32_t coverage) {
    if (coverage == 0) return;
    if (count >= 8 && calyx_has_avx2()) {
        // (Positions are never NaN here — the caller's t and dt are finite — so the wide path's NaN rule never
        // applies.)
        enum { chunk = 64 };
        double positions[chunk];
        for (int64_t i = 0; i < count; i += chunk) {
            int64_t n = count - i < chunk ? count - i : chunk;
            for (int64_t j = 0; j < ((n + 7) & ~(int64_t)7); j++) positions[j] = t + dt * (double)(i + j);
            calyx_lay_positions_avx2(row + i, n, positions, table, last, coverage);
        }
        return;
    }
    for (int64_t i = 0; i < count; i++) lay(row + i, t + dt * (double)i, table, last, coverage);
}

void calyx_radial_row(uint32_t *row, int64_t count, double x, double y, double dx, double dy,
                      const calyx_radial_circles *k, const uint32_t *table, int64_t last, uint32_t coverage) {
    if (coverage == 0) return;
    // |p − c(t)| = r(t) with c(t) = c0 + t·cd, r(t) = r0 + t·dr: a·t² − 2b·t + c = 0, whose larger root is
    // (b + √(b² − ac))/a for a > 0 and (b − √(b² − ac))/a for a < 0.
    double a = k->cdx * k->cdx + k->cdy * k->cdy - k->dr * k->dr;
    if (fabs(a) < 1e-12) {
        // (Circles whose radius grows as fast as their centre moves: one root, c / 2b.)
        for (int64_t i = 0; i < count; i++) {
            double px = x + dx * (double)i - k->c0x, py = y + dy * (double)i - k->c0y;
            double b = px * k->cdx + py * k->cdy + k->r0 * k->dr, c = px * px + py * py - k->r0 * k->r0;
            if (b == 0) continue;
            double t = c / (2 * b);
            if (k->r0 + t * k->dr >= 0) lay(row + i, t, table, last, coverage);
        }
        return;
    }
    double inverse = 1 / a, sign = a > 0 ? 1 : -1;
    // Positions a chunk at a time without branches (so the square roots pipeline, two to a vector, four with
    // AVX2), then the colours (eight at a time with AVX2); a pixel no circle reaches gets NaN and is left as it was.
    enum { chunk = 64 };
    double positions[chunk];
    const int wide = calyx_has_avx2();
    for (int64_t start = 0; start < count; start += chunk) {
        int64_t n = count - start < chunk ? count - start : chunk;
        if (wide) {
            // (Up to the next multiple of eight, which the colours read: a chunk is a multiple of eight.)
            calyx_radial_positions_avx2(positions, start, (n + 7) & ~(int64_t)7, x, y, dx, dy, k, a, inverse, sign);
            calyx_lay_positions_avx2(row + start, n, positions, table, last, coverage);
            continue;
        }
        for (int64_t j = 0; j < n; j++) {
            double i = (double)(start + j);
            double px = x + dx * i - k->c0x, py = y + dy * i - k->c0y;
            double b = px * k->cdx + py * k->cdy + k->r0 * k->dr, c = px * px + py * py - k->r0 * k->r0;
            double discriminant = b * b - a * c;
            double root = sqrt(discriminant > 0 ? discriminant : 0);
            double high = (b + sign * root) * inverse, low = (b - sign * root) * inverse;
            double t = k->r0 + high * k->dr >= 0 ? high : low;
            positions[j] = discriminant >= 0 && k->r0 + t * k->dr >= 0 ? t : NAN;
        }
        for (int64_t j = 0; j < n; j++) {
            if (positions[j] == positions[j]) lay(row + start + j, positions[j], table, last, coverage);
        }
    }
}

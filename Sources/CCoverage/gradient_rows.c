#include "gradient_rows.h"
#include "calyx_pixel_arithmetic.h"

void calyx_gradient_row(uint32_t *row, int64_t count, double t, double dt, const uint32_t *table, int64_t last,
                        uint32_t coverage) {
    if (coverage == 0) return;
    double scale = (double)last;
    for (int64_t i = 0; i < count; i++) {
        double u = (t + dt * (double)i) * scale + 0.5;
        // (Written so that a NaN fails the first test and takes the first colour.)
        int64_t index = u >= 1 ? (u < (double)last ? (int64_t)u : last) : 0;
        uint64_t colour = calyx_spread(table[index]);
        if (coverage < 255) colour = calyx_scale_255(colour, coverage);
        uint64_t alpha = colour >> 48;
        if (alpha == 255) {
            row[i] = calyx_pack(colour);
        } else if (alpha != 0) {
            row[i] = calyx_over(colour, row[i]);
        }
    }
}

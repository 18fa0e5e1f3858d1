// Masked spans: a blit whose pixels are multiplied by the alpha of other pictures first (a mask layer's, or the
// rounded or turned bounds of a layer that clips). Each picture is sampled along the row by the ordinary span
// kernels into scratch rows, so masks get the same sampling (bilinear, affine or perspective, every vector path)
// as what they mask; the products and the final blend are short loops over those rows.
#include "span_kernels_internal.h"
#include <string.h>

#include "calyx_pixel_arithmetic.h"

/// When the samples fall on texel centres one texel apart along a row (a picture drawn on the frame's pixel grid)
/// at full opacity, bilinear sampling gives the texels themselves: copies them into `out` (cleared, so texels
/// outside the picture stay transparent) and answers 1; else answers 0.
static int copy_whole_texels(uint32_t *out, int64_t count, const calyx_span_source *s, int64_t u, int64_t v,
                             int64_t du, int64_t dv, int64_t alpha) {
    if (du != 65536 || dv != 0 || (u & 0xFFFF) != 0 || (v & 0xFFFF) != 0 || alpha != 256) return 0;
    int64_t y = v / 65536, x0 = u / 65536;
    if (y < 0 || y >= s->height) return 1;
    int64_t from = x0 < 0 ? -x0 : 0, to = s->width - x0 < count ? s->width - x0 : count;
    if (from < to) memcpy(out + from, s->pixels + y * s->stride + x0 + from, (size_t)(to - from) * 4);
    return 1;
}

/// `count` pixels of `sampler`'s picture at `alpha`/256 into `out` (cleared first: the kernels blend over it).
static void sample_row(uint32_t *out, int64_t count, const calyx_row_sampler *sampler, int64_t alpha) {
    memset(out, 0, (size_t)count * 4);
    if (sampler->dW == 0 && sampler->W == 1) {
        int64_t u = calyx_fixed_nearest(sampler->U - 0.5), v = calyx_fixed_nearest(sampler->V - 0.5);
        int64_t du = calyx_fixed_nearest(sampler->dU), dv = calyx_fixed_nearest(sampler->dV);
        if (copy_whole_texels(out, count, &sampler->source, u, v, du, dv, alpha)) return;
        calyx_span_affine(out, count, sampler->source, u, v, du, dv, alpha);
    } else {
        calyx_span_projective(out, count, sampler->source, sampler->U, sampler->V, sampler->W, sampler->dU,
                              sampler->dV, sampler->dW, alpha);
    }
}

/// Each pixel of `row` times the alpha of the same pixel of `mask` (0…255 taken as 0…256, so opaque keeps it).
static void multiply_by_alpha(uint32_t *row, const uint32_t *mask, int64_t count) {
    for (int64_t i = 0; i < count; i++) {
        uint64_t a = mask[i] >> 24;
        if (a == 255) continue;
        a += a >> 7;
        row[i] = calyx_pack(((calyx_spread(row[i]) * a) >> 8) & CALYX_LANES);
    }
}

/// `source` (premultiplied) over `row`, or added to it, pixel by pixel (the arithmetic of the span kernels).
static void blend_row(uint32_t *row, const uint32_t *source, int64_t count, int add) {
    for (int64_t i = 0; i < count; i++) {
        uint64_t x = calyx_spread(source[i]);
        if (x == 0) continue;
        row[i] = add ? calyx_add(x, row[i]) : calyx_over(x, row[i]);
    }
}

void calyx_span_masked(uint32_t *row, int64_t count, const calyx_row_sampler *source, const calyx_row_sampler *masks,
                       int64_t maskCount, int64_t alpha, uint32_t *scratch) {
    if (count <= 0) return;
    const int add = (alpha & CALYX_SPAN_ADD) != 0;
    uint32_t *picture = scratch, *coverage = scratch + count;
    sample_row(picture, count, source, alpha & 0x1FF);
    for (int64_t k = 0; k < maskCount; k++) {
        sample_row(coverage, count, &masks[k], masks[k].alpha);
        multiply_by_alpha(picture, coverage, count);
    }
    blend_row(row, picture, count, add);
}

// The span compositor's per-pixel kernels: bilinear sampling of a premultiplied BGRA source, multiplied by an
// opacity and blended source-over onto one destination row, and the row loop of affine blits. The plan (which
// blits, which rows, the maps) is made in Swift (QuartzCore's SpanCompositor); the loops live here, in C, so
// they can use SSE2 four pixels at a time, and AVX2 eight at a time where the processor has it.
#ifndef CALYX_SPAN_KERNELS_H
#define CALYX_SPAN_KERNELS_H
#include <stdint.h>

/// Source texels, rows top first, `stride` in pixels. `margin` counts the transparent texels the memory holds
/// around the source on every side (readable at negative offsets); kernels with AVX2 read into a margin of two
/// instead of checking bounds.
typedef struct {
    const uint32_t *pixels;
    int64_t stride, width, height, margin;
} calyx_span_source;

/// Or-ed into a kernel's `alpha`: add the source to the destination (saturating, as `plusLighter` and an emitter's
/// `additive` render mode do) instead of blending source-over.
static const int64_t CALYX_SPAN_ADD = (int64_t)1 << 32;

/// Pixels `row[0..<count]` sample the source at 16.16 fixed-point texel coordinates (texel centres at whole
/// numbers) starting at (u, v) and advancing by (du, dv) per pixel; texels outside the source are transparent.
/// `alpha` is the opacity in 0…256, or-ed with CALYX_SPAN_ADD to add instead of blending source-over.
void calyx_span_affine(uint32_t *row, int64_t count, calyx_span_source source,
                       int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha);

/// Rows y0..<y1 of `target` (premultiplied BGRA, `bytesPerRow` apart), columns columnLow..<columnHigh at most:
/// each row's span is where samples touch the source under the inverse map (a, b, c, d, tx, ty) from target
/// pixel positions to source texel positions (row vectors: u = a·x + c·y + tx, v = b·x + d·y + ty), drawn by
/// calyx_span_affine.
void calyx_span_affine_rows(uint8_t *target, int64_t bytesPerRow, int64_t y0, int64_t y1, int64_t columnLow,
                            int64_t columnHigh, calyx_span_source source, double a, double b, double c, double d,
                            double tx, double ty, int64_t alpha);

/// The same under a perspective map: homogeneous source coordinates (U, V, W) at the first pixel centre advance
/// by (dU, dV, dW) per pixel; each pixel samples at (U/W − 0.5, V/W − 0.5) and is skipped where W ≤ 0.
void calyx_span_projective(uint32_t *row, int64_t count, calyx_span_source source,
                           double U, double V, double W, double dU, double dV, double dW, int64_t alpha);

/// Where a row's first pixel centre lies in a picture (homogeneous texel coordinates, texel centres at i + 0.5)
/// and how that moves per pixel: an affine map has W = 1 and dW = 0. `alpha` (0…256) scales a mask's coverage.
typedef struct {
    calyx_span_source source;
    double U, V, W, dU, dV, dW;
    int64_t alpha;
} calyx_row_sampler;

/// Pixels `row[0..<count]` get `source` sampled along the row (bilinearly, at `alpha` as for the other kernels,
/// CALYX_SPAN_ADD included), multiplied by the alpha of each of `masks` sampled along the same row (times the
/// mask's own `alpha`), and blended over (or added to) the row. `scratch` holds 2·count pixels.
void calyx_span_masked(uint32_t *row, int64_t count, const calyx_row_sampler *source, const calyx_row_sampler *masks,
                       int64_t maskCount, int64_t alpha, uint32_t *scratch);

/// Asks the processor to start loading a small source (up to 256 KiB, margin included) into cache before a blit
/// samples it: the samples of a turned source land all over its rows, and waiting on each miss in turn cost a
/// third of a frame of 500 distinct textures.
void calyx_span_prefetch(calyx_span_source source);

/// The kernels' vector paths, narrowest first: SSE2 (with scalar rims), AVX2 (eight pixels at a time) and
/// AVX-512 (sixteen). Every path computes the same bytes.
enum { CALYX_SPAN_SSE2 = 0, CALYX_SPAN_AVX2 = 1, CALYX_SPAN_AVX512 = 2 };

/// Caps the path the kernels may take (for tests that compare the paths); the default allows AVX-512.
void calyx_span_kernels_limit_width(int widest);

/// The path the kernels take: the widest the processor has, within the cap. The AVX2 and AVX-512 paths read
/// two texels past every edge of a source instead of checking bounds, so sources need that margin.
int calyx_span_kernels_width(void);

#endif

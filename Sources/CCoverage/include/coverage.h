// Antialiased filling of polygons with a solid colour, by exact area coverage: each edge adds the signed area it
// covers to the cells of a box; one pass along each row sums the cells into each pixel's winding coverage and
// blends the colour by it. CoreGraphics flattens a path into the edges (CGContext+Coverage.swift) and fills
// through this where Cairo's general rasterizer would cost more (a plain solid fill without clip or shadow).
#ifndef CALYX_COVERAGE_H
#define CALYX_COVERAGE_H
#include <stdint.h>
#include <stddef.h>
#include "blend_modes.h"

/// A box of `width` × `height` pixels whose coverage is being accumulated. The cells (owned by the calling
/// thread, zero between fills) hold signed areas as floats, a whole pixel covered once being 1, a row of them the
/// box's width plus the two cells right of it that edges reach, rounded up to a quad of four (single precision is
/// ample: a coverage level is 1/255, and a float is exact to a ten-millionth); `touched` has a bit for each quad
/// an edge wrote to, `words` 64-bit words a row, so the pass along a row visits only those quads — four pixels at
/// once — and fills the runs of pixels between them whole.
typedef struct {
    float *cells;
    uint64_t *touched;
    int64_t width, height, words;
} calyx_coverage;

/// The most cells a box may have (a larger fill is left to the general rasterizer).
static const int64_t CALYX_COVERAGE_MAXIMUM_CELLS = (int64_t)1 << 22;

/// Starts a box: nonzero when the calling thread's cells could be provided (width and height above zero and
/// their cells within CALYX_COVERAGE_MAXIMUM_CELLS).
int calyx_coverage_begin(calyx_coverage *box, int64_t width, int64_t height);

/// Adds the edge from (x0, y0) to (x1, y1), in pixels from the box's top-left corner (y down). Edges may reach
/// outside the box: what lies left of it covers its first column, what lies above, below or right of it
/// nothing. Coordinates must be finite.
void calyx_coverage_edge(calyx_coverage *box, double x0, double y0, double x1, double y1);

/// Blends `colour` (premultiplied, 0xAARRGGBB) source-over onto the box's pixels at `pixels` (its top-left
/// pixel, rows `bytes_per_row` apart) by each pixel's coverage — the nonzero rule, or even-odd when `even_odd`
/// — and leaves the cells zero for the next box.
void calyx_coverage_fill(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour, int even_odd);

/// The same laid by a separable blend mode instead of source-over: each pixel gets what blending the shape's
/// picture (the colour scaled by the pixel's coverage) onto it by `mode` gives (`calyx_blend_row`'s bytes).
void calyx_coverage_fill_blended(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour, int even_odd,
                                 calyx_blend_mode mode);

#endif

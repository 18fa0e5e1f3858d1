// Shared between the span kernels' files; not part of the public header.
#ifndef CALYX_SPAN_KERNELS_INTERNAL_H
#define CALYX_SPAN_KERNELS_INTERNAL_H
#include "span_kernels.h"

/// Any `count` pixels from a source with at least two transparent texels of margin on every side (`margin` ≥ 2),
/// blending source-over or adding (`add`): sample positions are clamped into the margin, so no texel needs a
/// bounds check, and a short last block reads and writes through a lane mask. Eight pixels at a time with AVX2,
/// sixteen with AVX-512; the same bytes as the scalar path. Coordinates must stay within ±2^30 (16.16) over the
/// span plus one block, and the source under 32768 pixels a side.
void calyx_span_padded_avx2(uint32_t *row, int64_t count, const calyx_span_source *s,
                            int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add);
void calyx_span_padded_avx512(uint32_t *row, int64_t count, const calyx_span_source *s,
                              int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha, int add);
#endif

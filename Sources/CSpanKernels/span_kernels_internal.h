// Shared between the span kernels' portable (SSE2) and AVX2 halves; not part of the public header.
#ifndef CALYX_SPAN_KERNELS_INTERNAL_H
#define CALYX_SPAN_KERNELS_INTERNAL_H
#include "span_kernels.h"

/// Whether the AVX2 interior loop may run (the processor has it and it was not switched off).
int calyx_span_avx2_usable(void);

/// Eight pixels at a time over `blocks` blocks of an interior run (every sample's four texels inside the
/// source), from 16.16 coordinates (u, v) stepping by (du, dv); the same bytes as the SSE2 and scalar paths.
void calyx_span_interior_avx2(uint32_t *row, int64_t blocks, const calyx_span_source *s,
                              int64_t u, int64_t v, int64_t du, int64_t dv, int64_t alpha);
#endif

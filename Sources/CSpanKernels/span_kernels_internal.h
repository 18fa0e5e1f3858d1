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

/// One span: where it starts in the target, its length, its first sample position and its step per pixel (16.16).
typedef struct { uint32_t *row; int64_t count, u, v, du, dv; } calyx_row_span;

/// Many spans of one blit (same source and opacity: a blit's rows, or a perspective row's pieces) with AVX-512,
/// its constants set up once instead of per span; each span meets calyx_span_padded_avx512's conditions.
void calyx_spans_padded_avx512(const calyx_row_span *spans, int64_t n, const calyx_span_source *s, int64_t alpha, int add);

/// `t` in 16.16 fixed point, rounded to nearest, clamped to ±2^40 (a step that large crosses the source in under
/// a pixel; clamping keeps the kernels' 64-bit arithmetic from overflowing), NaN as 0.
static inline int64_t calyx_fixed_nearest(double t) {
    double f = t * 65536;
    if (!(f == f)) return 0;
    if (f > 0x1p40) return (int64_t)0x1p40;
    if (f < -0x1p40) return -(int64_t)0x1p40;
    return (int64_t)(f >= 0 ? f + 0.5 : f - 0.5);
}

/// Whether t + k·dt stays within ±2^30 for k in 0…count + 16 (the widest kernel's lanes' reach).
static inline int calyx_fits32(int64_t t, int64_t dt, int64_t count) {
    const int64_t limit = (int64_t)1 << 30;
    return dt > -limit && dt < limit && count < limit && t > -limit && t < limit && (dt < 0 ? -dt : dt) * (count + 16) < limit;
}

/// Whether a source suits the wide (AVX2, AVX-512) kernels: a margin of two, under 32768 texels a side.
static inline int calyx_suits_wide_kernels(const calyx_span_source *s) {
    return s->margin >= 2 && s->width < 32768 && s->height < 32768 && s->stride < 32768;
}

/// Whether a span (`count` pixels from (u, v) by (du, dv)) of `s` may be drawn by the wide kernels.
static inline int calyx_wide_span_fits(const calyx_span_source *s, int64_t count, int64_t u, int64_t v, int64_t du, int64_t dv) {
    return calyx_suits_wide_kernels(s) && calyx_fits32(u, du, count) && calyx_fits32(v, dv, count);
}

/// Up to this many spans are gathered for one calyx_spans_padded_avx512 call.
#define CALYX_SPAN_BATCH 32

/// Spans of one blit waiting to be drawn with AVX-512 (see calyx_spans_padded_avx512): on processors with it,
/// a blit's rows or a perspective row's pieces are gathered and drawn a batch at a time, so the blit's constants
/// are set up once per batch instead of once per span.
typedef struct {
    const calyx_span_source *source;
    int64_t opacity;
    int add, enabled;
    int64_t count;
    calyx_row_span spans[CALYX_SPAN_BATCH];
} calyx_span_batch;

/// An empty batch for `source`, with the kernels' `alpha` argument (opacity, maybe flagged to add).
static inline void calyx_batch_start(calyx_span_batch *batch, const calyx_span_source *source, int64_t alpha) {
    batch->source = source;
    batch->opacity = alpha & 0x1FF;
    batch->add = (alpha & CALYX_SPAN_ADD) != 0;
    batch->enabled = calyx_span_kernels_width() == CALYX_SPAN_AVX512 && calyx_suits_wide_kernels(source);
    batch->count = 0;
}

/// Draws the spans gathered so far.
static inline void calyx_batch_finish(calyx_span_batch *batch) {
    if (batch->count > 0) calyx_spans_padded_avx512(batch->spans, batch->count, batch->source, batch->opacity, batch->add);
    batch->count = 0;
}

/// Takes `span` into the batch (drawing the batch first when it is full); 0 when the span is not for the batch
/// (no AVX-512, or it fails calyx_wide_span_fits) and the caller must draw it.
static inline int calyx_batch_add(calyx_span_batch *batch, calyx_row_span span) {
    if (!batch->enabled || !calyx_wide_span_fits(batch->source, span.count, span.u, span.v, span.du, span.dv)) return 0;
    if (batch->count == CALYX_SPAN_BATCH) calyx_batch_finish(batch);
    batch->spans[batch->count++] = span;
    return 1;
}
#endif

#include "coverage.h"

// A row of cells: the box's width, the two cells right of it that edges there reach, rounded up to whole quads.
static inline int64_t calyx_coverage_stride(int64_t width) { return (width + 2 + 3) & ~(int64_t)3; }
#include "calyx_pixel_arithmetic.h"
#include "calyx_processor.h"
#include "blend_arithmetic.h"
// (Four-pixel vectors pass between inlined functions only: see blend_arithmetic.h.)
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdlib.h>
#if defined(__SSE2__)

// `calyx_scale_255` on 16-bit lanes: each lane of `x` times the matching lane of `k`/255, rounded to nearest (x and
// k at most 255): the blend arithmetic's rounded division of the product.
static inline __m128i scale_255_lanes(__m128i x, __m128i k) { return div255_lanes(_mm_mullo_epi16(x, k)); }
#endif

#if defined(__x86_64__)
#include <immintrin.h>
#define CALYX_AVX2 __attribute__((target("avx2")))

// `scale_255_lanes` on 256 bits.
CALYX_AVX2 static inline __m256i scale_255_lanes_avx2(__m256i x, __m256i k) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(257));
}

// Spread source `source` (its alpha below 255) over target[0..<count] eight pixels at a time; answers how many
// pixels it blended (a multiple of eight), with `fill_run`'s arithmetic on twice the lanes.
CALYX_AVX2 static int64_t blend_eights_avx2(uint32_t *target, int64_t count, uint64_t source) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i k = _mm256_set1_epi16((short)(255 - (source >> 48)));
    const __m256i s = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)calyx_pack(source)), zero);
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(target + i));
        // (Unpacking and packing both work within each 128-bit half, so the pixels come back in order.)
        __m256i lo = _mm256_add_epi16(s, scale_255_lanes_avx2(_mm256_unpacklo_epi8(d, zero), k));
        __m256i hi = _mm256_add_epi16(s, scale_255_lanes_avx2(_mm256_unpackhi_epi8(d, zero), k));
        _mm256_storeu_si256((__m256i *)(target + i), _mm256_packus_epi16(lo, hi));
    }
    return i;
}
#endif

// Each thread's cells and touched bits, kept zeroed between fills and grown as boxes need.
static _Thread_local float *thread_cells;
static _Thread_local uint64_t *thread_touched;
static _Thread_local int64_t thread_cell_capacity, thread_word_capacity;

// A buffer's new capacity for `needed` items: half again what it had, at least, and within the coverage limit.
static int64_t grown_capacity(int64_t had, int64_t needed) {
    int64_t capacity = had + had / 2;
    if (capacity > CALYX_COVERAGE_MAXIMUM_CELLS) capacity = CALYX_COVERAGE_MAXIMUM_CELLS;
    return capacity > needed ? capacity : needed;
}

int calyx_coverage_begin(calyx_coverage *box, int64_t width, int64_t height) {
    if (width <= 0 || height <= 0 || width > CALYX_COVERAGE_MAXIMUM_CELLS || height > CALYX_COVERAGE_MAXIMUM_CELLS) return 0;
    int64_t stride = calyx_coverage_stride(width), count = stride * height, words = (stride / 4 + 63) / 64;
    if (count > CALYX_COVERAGE_MAXIMUM_CELLS) return 0;
    // (Four cells more than the box has: a row part adds its cells as a quad, the last lane adding nothing, and
    // the last row's quad may reach past the box.)
    if (count + 4 > thread_cell_capacity) {
        // (Grown by half again at least: a shape growing a little every frame — a zooming Lottie layer — grew it
        // every frame, zeroing all of it each time. Aligned to a quad of cells, which the pass along the rows loads
        // whole.)
        // (A whole number of quads: aligned_alloc takes only sizes that are multiples of the alignment. The limit
        // is a whole number of quads too.)
        int64_t capacity = (grown_capacity(thread_cell_capacity, count + 4) + 3) & ~(int64_t)3;
        float *grown = aligned_alloc(16, (size_t)capacity * sizeof(float));
        if (!grown) return 0;
        __builtin_memset(grown, 0, (size_t)capacity * sizeof(float));
        free(thread_cells);
        thread_cells = grown;
        thread_cell_capacity = capacity;
    }
    if (words * height > thread_word_capacity) {
        int64_t capacity = grown_capacity(thread_word_capacity, words * height);
        uint64_t *grown = calloc((size_t)capacity, sizeof(uint64_t));
        if (!grown) return 0;
        free(thread_touched);
        thread_touched = grown;
        thread_word_capacity = capacity;
    }
    box->cells = thread_cells;
    box->touched = thread_touched;
    box->width = width;
    box->height = height;
    box->words = words;
    return 1;
}

// Marks the quads of cells `first` through `last` of a row touched (a bit for each four cells).
static inline __attribute__((always_inline)) void mark(uint64_t *touched, int64_t first, int64_t last) {
    int64_t q0 = first >> 2, q1 = last >> 2;
    if (q1 - q0 <= 1) {
        // (One or two quads — nearly every row part: no branch on which.)
        touched[q0 >> 6] |= (uint64_t)1 << (q0 & 63);
        touched[q1 >> 6] |= (uint64_t)1 << (q1 & 63);
        return;
    }
    int64_t w = q0 >> 6, end = q1 >> 6;
    uint64_t from = ~(uint64_t)0 << (q0 & 63), to = ~(uint64_t)0 >> (63 - (q1 & 63));
    if (w == end) { touched[w] |= from & to; return; }
    touched[w] |= from;
    for (w += 1; w < end; w++) touched[w] = ~(uint64_t)0;
    touched[end] |= to;
}

// A row's part of an edge from x = lo to hi (first = floor(lo)) reaching beyond the column after lo's, worked
// out whole: the first column's piece (width w0) leaves h·w0²/2 in its own cell and the rest in the next; each
// whole column between shares h half and half with its neighbour, so the cells between get h each; the last piece
// (width w1) leaves h·w1²/2 in the cell after it.
static inline __attribute__((always_inline)) void add_across_columns(float *row, uint64_t *touched, double lo, double hi,
                                                                    double h, int64_t first) {
    int64_t last = (int64_t)hi;
    if ((double)last == hi) last -= 1;  // (hi ≥ 0 here: truncating is flooring)
    double w0 = (double)(first + 1) - lo, w1 = hi - (double)last;
    double a0 = h * w0 * w0 * 0.5, a1 = h * w1 * w1 * 0.5;
    row[first] += (float)a0;
    row[first + 1] += (float)(h * w0 - a0 + h * 0.5);
    float whole = (float)h;
    for (int64_t c = first + 2; c < last; c++) row[c] += whole;
    row[last] += (float)(h * 0.5 + h * w1 - a1);
    row[last + 1] += (float)a1;
    mark(touched, first, last + 1);
}

// A row's part of an edge from x = first + f to first + g (0 ≤ f ≤ g ≤ 2: within column `first` or across one
// column boundary — nearly every part), covering `dy` of the row's height, laid without branches (which of the
// two it is cannot be predicted along a curve): the part in the first column, of height dy0 and mean position m0
// in it, leaves dy0·(1 − m0) in its cell and the rest in the next; the part past the boundary (none within one
// column) likewise in the next two cells.
static inline __attribute__((always_inline)) void add_within_two_columns(float *row, uint64_t *touched, int64_t first,
                                                                        double f, double g, double dy, double h) {
    double beyond = g - 1;
    double over = beyond > 0 ? beyond : 0, split = g < 1 ? g : 1;
    double dy1 = h * over, dy0 = dy - dy1;
    double m0 = (f + split) * 0.5, m1 = over * 0.5;
#if defined(__SSE2__)
    // (The three cells as one quad: each lane converted and added as alone; the fourth adds +0, which leaves its
    // cell — the next, or the next row's first — as it was.)
    __m128 add = _mm_movelh_ps(_mm_cvtpd_ps(_mm_set_pd(dy0 * m0 + dy1 * (1 - m1), dy0 * (1 - m0))),
                               _mm_cvtpd_ps(_mm_set_sd(dy1 * m1)));
    _mm_storeu_ps(row + first, _mm_add_ps(_mm_loadu_ps(row + first), add));
#else
    row[first] += (float)(dy0 * (1 - m0));
    row[first + 1] += (float)(dy0 * m0 + dy1 * (1 - m1));
    row[first + 2] += (float)(dy1 * m1);
#endif
    mark(touched, first, first + 1 + (over > 0));
}

// Adds the part of an edge inside one row, from x = xa to x = xb, covering `dy` of the row's height (signed:
// positive going down). In each column it crosses, the area right of the edge goes to that column's cell and
// the rest of its share to the next cell, so a running sum along the row gives each pixel's coverage. What lies
// left of the box covers all of it (its share of dy goes whole to the first cell); what lies right of the box
// covers none of it (dropped). An edge crossing a side is split there first, its height shared in proportion:
// clamping its ends instead would tilt it, mis-covering the columns it crosses inside (a box cut to a clip
// crosses edges often).
// `inside`: the caller knows the part lies within the box (a constant at each call).
// `h` is the edge's height per unit of x, signed as `dy` (its slope; 0 for an upright edge).
static inline __attribute__((always_inline)) void add_row_part(float *row, uint64_t *touched, double right, double xa, double xb,
                                                              double dy, double h, int inside) {
    double lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa;
    if (!inside && __builtin_expect(lo < 0 || hi > right, 0)) {
        double span = hi - lo;
        if (lo < 0) {
            double outside = hi <= 0 ? dy : dy * (0 - lo) / span;
            row[0] += (float)outside;
            touched[0] |= 1;  // (quad 0)
            if (hi <= 0) return;
            dy -= outside;
            lo = 0;
            span = hi - lo;
        }
        if (lo >= right) return;
        if (hi > right) {
            dy = dy * (right - lo) / span;
            hi = right;
        }
    }
    int64_t first = (int64_t)lo;
    double left = (double)first;
    if (__builtin_expect(hi <= left + 2, 1)) {
        add_within_two_columns(row, touched, first, lo - left, hi - left, dy, h);
        return;
    }
    add_across_columns(row, touched, lo, hi, h, first);
}

// `add_row_part` for a whole row's part inside the box, from x = lo to lo + width (dy = `sign`).
static inline __attribute__((always_inline)) void add_whole_row_part(float *row, uint64_t *touched, double lo, double width,
                                                                    double sign, double h) {
    int64_t first = (int64_t)lo;
    double f = lo - (double)first, g = f + width;
    if (__builtin_expect(g <= 2, 1)) {
        add_within_two_columns(row, touched, first, f, g, sign, h);
        return;
    }
    add_across_columns(row, touched, lo, lo + width, h, first);
}

// The rows of an edge from (x0, y0) down to (x1, y1) — y0 < y1 — between `top` and `bottom` (clamped to the box).
// Each row's ends come from the edge's start, not stepped (no drift down a long edge); the rows between the first
// and the last are whole, so only those two are cut.
static inline __attribute__((always_inline)) void add_rows(calyx_coverage *box, double x0, double y0, double dxdy, double sign,
                                                          double top, double bottom, int inside) {
    double right = (double)box->width;
    int64_t stride = calyx_coverage_stride(box->width), words = box->words;
    int64_t y = (int64_t)top;
    float *row = box->cells + y * stride;
    uint64_t *touched = box->touched + y * words;
    double ya = top, xa = x0 + (ya - y0) * dxdy;
    // (Clipping a part at a side of the box keeps its slope: its height is cut in proportion. An upright edge's
    // parts never cross a column boundary: its slope is never asked for.)
    double h = dxdy != 0 ? sign / __builtin_fabs(dxdy) : 0;
    // The first row, which may start partway down it.
    if ((double)(y + 1) < bottom) {
        double yb = (double)(y + 1), xb = x0 + (yb - y0) * dxdy;
        add_row_part(row, touched, right, xa, xb, (yb - ya) * sign, h, inside);
        ya = yb; xa = xb; y++; row += stride; touched += words;
    }
    if (inside) {
        // Whole rows inside the box: each part is |dxdy| wide, from x at the row's top or at its bottom
        // (whichever is further left), one row's height high — stepped down from the edge's start, which keeps
        // the rows' ends within rounding of the exact ones however long the edge.
        int64_t whole = (int64_t)(bottom - ya);   // (ya is a whole row here, and bottom > ya)
        if ((double)whole == bottom - ya) whole -= 1; // (the last row is the partial one below)
        double width = __builtin_fabs(dxdy), lean = dxdy < 0 ? dxdy : 0;
        double left = xa + lean;
        for (int64_t k = 0; k < whole; k++, row += stride, touched += words) {
            add_whole_row_part(row, touched, left, width, sign, h);
            left += dxdy;
        }
        y += whole;
        ya += (double)whole;
        xa = x0 + (ya - y0) * dxdy;
    } else {
        for (; (double)(y + 1) < bottom; y++, row += stride, touched += words) {
            double yb = (double)(y + 1);
            double xb = x0 + (yb - y0) * dxdy;
            add_row_part(row, touched, right, xa, xb, (yb - ya) * sign, h, inside);
            ya = yb;
            xa = xb;
        }
    }
    add_row_part(row, touched, right, xa, x0 + (bottom - y0) * dxdy, (bottom - ya) * sign, h, inside);
}

void calyx_coverage_edge(calyx_coverage *box, double x0, double y0, double x1, double y1) {
    if (y0 == y1) return;
    double sign = 1;
    if (y0 > y1) { double t = x0; x0 = x1; x1 = t; t = y0; y0 = y1; y1 = t; sign = -1; }
    double height = (double)box->height;
    if (y1 <= 0 || y0 >= height) return;
    double dxdy = (x1 - x0) / (y1 - y0), right = (double)box->width;
    double top = y0 < 0 ? 0 : y0, bottom = y1 > height ? height : y1;
    // An edge well inside the box's sides needs no row cut at them. (Each row's x lies between the ends to within
    // a few units in the last place; the margin is far above that for coordinates within the coverage limit.)
    double lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
    if (lo > 1e-6 && hi < right - 1e-6) add_rows(box, x0, y0, dxdy, sign, top, bottom, 1);
    else add_rows(box, x0, y0, dxdy, sign, top, bottom, 0);
}

// The coverage (0…255) of a winding sum under the nonzero or even-odd rule.
static inline uint32_t coverage_of(float sum, int even_odd) {
    float area = __builtin_fabsf(sum);
    if (even_odd) {
        area -= 2 * (float)(int64_t)(area * 0.5f);  // (area ≥ 0 and far below 2^63: truncating floors)
        if (area > 1) area = 2 - area;
    } else if (area > 1) {
        area = 1;
    }
    return (uint32_t)(area * 255 + 0.5f);
}

#if defined(__x86_64__)
// `count` (at least eight) pixels set to `colour`, eight a store, the last eight overlapping the ones before.
CALYX_AVX2 static void store_eights_avx2(uint32_t *target, int64_t count, uint32_t colour) {
    const __m256i c = _mm256_set1_epi32((int)colour);
    for (int64_t i = 0; i + 8 < count; i += 8) _mm256_storeu_si256((__m256i *)(target + i), c);
    _mm256_storeu_si256((__m256i *)(target + count - 8), c);
}
#endif

// Pixels target[0..<count] all covered by `coverage`; `wide`: the processor has AVX2.
static inline void fill_run(uint32_t *target, int64_t count, uint32_t colour, uint32_t coverage, int wide) {
    if (coverage == 0 || count <= 0) return;
    if (coverage == 255 && (colour >> 24) == 255) {
#if defined(__x86_64__)
        if (wide && count >= 8) { store_eights_avx2(target, count, colour); return; }
#endif
#if defined(__SSE2__)
        // Four pixels a store, the last four overlapping the ones before (no pixel by pixel tail).
        if (count >= 4) {
            const __m128i c = _mm_set1_epi32((int)colour);
            for (int64_t i = 0; i + 4 < count; i += 4) _mm_storeu_si128((__m128i *)(target + i), c);
            _mm_storeu_si128((__m128i *)(target + count - 4), c);
            return;
        }
#endif
        for (int64_t i = 0; i < count; i++) target[i] = colour;
        return;
    }
    uint64_t source = calyx_scale_255(calyx_spread(colour), coverage);
    int64_t i = 0;
#if defined(__SSE2__)
    // Eight pixels at a time where the processor has AVX2, then four, with the scalar path's arithmetic on 16-bit
    // lanes: a long run of a translucent fill was a nanosecond a pixel one at a time.
    uint64_t keep = 255 - (source >> 48);
#if defined(__x86_64__)
    if (keep > 0 && count >= 8 && wide) i = blend_eights_avx2(target, count, source);
#endif
    if (keep > 0 && count - i >= 4) {
        const __m128i zero = _mm_setzero_si128();
        const __m128i k = _mm_set1_epi16((short)keep);
        // (The spread source's lanes are in the order B, R, G, A; widened bytes are in memory order.)
        const __m128i s = _mm_unpacklo_epi8(_mm_set1_epi32((int)calyx_pack(source)), zero);
        for (; i + 4 <= count; i += 4) {
            __m128i d = _mm_loadu_si128((const __m128i *)(target + i));
            __m128i lo = _mm_add_epi16(s, scale_255_lanes(_mm_unpacklo_epi8(d, zero), k));
            __m128i hi = _mm_add_epi16(s, scale_255_lanes(_mm_unpackhi_epi8(d, zero), k));
            _mm_storeu_si128((__m128i *)(target + i), _mm_packus_epi16(lo, hi));
        }
    }
#endif
    for (; i < count; i++) target[i] = calyx_over(source, target[i]);
}

// One pixel covered by `coverage` (0…255), without branches: which of "outside", "edge" and "inside" a pixel
// along an edge is cannot be predicted, and a mispredicted branch costs more than the arithmetic. (Scaling by
// 255 is exact and a source of alpha 255 keeps nothing of the destination, so an inside pixel of an opaque
// colour gets the colour itself; coverage 0 leaves the pixel as it was.)
static inline void fill_one(uint32_t *target, uint64_t spread, uint32_t coverage) {
    uint64_t source = calyx_scale_255(spread, coverage);
    *target = calyx_pack(source + calyx_scale_255(calyx_spread(*target), 255 - (source >> 48)));
}

#if defined(__SSE2__)
// Cells row[0..<4] summed onto `*sum` and their pixels' coverages (0…255, one to a 32-bit lane); the cells are
// left zero. Untouched cells among them hold zero, so their pixels get the coverage a run would give them.
static inline __m128i coverage_four(float *row, float *sum, int even_odd) {
    __m128 v = _mm_loadu_ps(row);
    _mm_storeu_ps(row, _mm_setzero_ps());
    // Running sums across the four (a, a+b, a+b+c, a+b+c+d), then onto the sum so far.
    v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)));
    v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 8)));
    v = _mm_add_ps(v, _mm_set1_ps(*sum));
    *sum = _mm_cvtss_f32(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)));
    __m128 area = _mm_andnot_ps(_mm_set1_ps(-0.0f), v);
    if (even_odd) {
        __m128 halves = _mm_cvtepi32_ps(_mm_cvttps_epi32(_mm_mul_ps(area, _mm_set1_ps(0.5f))));
        area = _mm_sub_ps(area, _mm_add_ps(halves, halves));
        area = _mm_min_ps(area, _mm_sub_ps(_mm_set1_ps(2), area));
    } else {
        area = _mm_min_ps(area, _mm_set1_ps(1));
    }
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(area, _mm_set1_ps(255)), _mm_set1_ps(0.5f)));
}

// The colour scaled by each of four pixels' coverages, on 16-bit lanes: pixels 0 and 1 in `*lo`, 2 and 3 in `*hi`.
static inline void scaled_four(__m128i coverage, __m128i colour_lanes, __m128i *lo, __m128i *hi) {
    __m128i k16 = _mm_packs_epi32(coverage, coverage);
    k16 = _mm_unpacklo_epi16(k16, k16);
    *lo = scale_255_lanes(colour_lanes, _mm_unpacklo_epi32(k16, k16));
    *hi = scale_255_lanes(colour_lanes, _mm_unpackhi_epi32(k16, k16));
}

// Cells row[0..<4] summed onto `*sum` and the four pixels under them blended by their coverage, as `fill_one`
// does each, with the same arithmetic on 16-bit lanes.
// (`opaque`, a constant at each call: the colour's alpha is 255, so a pixel's scaled source has its coverage for
// alpha and keeps 255 less its coverage of what is there, without reading the alpha back.)
static inline __attribute__((always_inline)) void fill_four(float *row, uint32_t *target, __m128i colour_lanes, float *sum,
                                                           int even_odd, int opaque) {
    __m128i k16 = _mm_packs_epi32(coverage_four(row, sum, even_odd), _mm_setzero_si128());
    k16 = _mm_unpacklo_epi16(k16, k16);
    __m128i k_lo = _mm_unpacklo_epi32(k16, k16), k_hi = _mm_unpackhi_epi32(k16, k16);
    __m128i s_lo = scale_255_lanes(colour_lanes, k_lo), s_hi = scale_255_lanes(colour_lanes, k_hi);
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    // What of the destination each keeps: 255 less the scaled source's alpha (the top lane of each pixel).
    __m128i keep_lo = opaque ? _mm_sub_epi16(full, k_lo) : _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(s_lo, 0xFF), 0xFF));
    __m128i keep_hi = opaque ? _mm_sub_epi16(full, k_hi) : _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(s_hi, 0xFF), 0xFF));
    __m128i d = _mm_loadu_si128((const __m128i *)target);
    __m128i d_lo = _mm_add_epi16(s_lo, scale_255_lanes(_mm_unpacklo_epi8(d, zero), keep_lo));
    __m128i d_hi = _mm_add_epi16(s_hi, scale_255_lanes(_mm_unpackhi_epi8(d, zero), keep_hi));
    _mm_storeu_si128((__m128i *)target, _mm_packus_epi16(d_lo, d_hi));
}

#if defined(__x86_64__)
// Cells row[0..<8] summed onto `*sum` and the eight pixels under them blended by their coverage: `fill_four` on
// two quads at once, each 128-bit half doing exactly what `fill_four` does for its four pixels — the same
// additions in the same order (the second quad's prefix sums are added to the sum as it stands after the first),
// so the bytes are the same as two `fill_four`s'. The cells are left zero.
CALYX_AVX2 static inline void fill_eight_avx2(float *row, uint32_t *target, uint32_t colour, float *sum, int even_odd,
                                              int opaque) {
    const __m256i colour_lanes = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)colour), _mm256_setzero_si256());
    __m256 v = _mm256_loadu_ps(row);
    _mm256_storeu_ps(row, _mm256_setzero_ps());
    // Running sums within each quad: (a, a+b, (b+c)+a, (c+d)+(a+b)), as coverage_four makes them.
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 4)));
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
    // The first quad onto the sum so far; the second onto the first quad's last sum.
    __m256 first = _mm256_add_ps(v, _mm256_set1_ps(*sum));
    __m256 carried = _mm256_shuffle_ps(_mm256_permute2f128_ps(first, first, 0x08), _mm256_setzero_ps(), 0x0F);
    carried = _mm256_shuffle_ps(carried, carried, 0x00);
    v = _mm256_blend_ps(first, _mm256_add_ps(v, carried), 0xF0);
    *sum = _mm_cvtss_f32(_mm_shuffle_ps(_mm256_extractf128_ps(v, 1), _mm256_extractf128_ps(v, 1), _MM_SHUFFLE(3, 3, 3, 3)));
    __m256 area = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v);
    if (even_odd) {
        __m256 halves = _mm256_cvtepi32_ps(_mm256_cvttps_epi32(_mm256_mul_ps(area, _mm256_set1_ps(0.5f))));
        area = _mm256_sub_ps(area, _mm256_add_ps(halves, halves));
        area = _mm256_min_ps(area, _mm256_sub_ps(_mm256_set1_ps(2), area));
    } else {
        area = _mm256_min_ps(area, _mm256_set1_ps(1));
    }
    __m256i coverage = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(area, _mm256_set1_ps(255)), _mm256_set1_ps(0.5f)));
    // (From here each half holds its quad's four pixels as fill_four's registers do: pixels 0–1 in the low lanes
    // of `lo`, 2–3 in `hi`.)
    __m256i k16 = _mm256_packs_epi32(coverage, _mm256_setzero_si256());
    k16 = _mm256_unpacklo_epi16(k16, k16);
    __m256i k_lo = _mm256_unpacklo_epi32(k16, k16), k_hi = _mm256_unpackhi_epi32(k16, k16);
    __m256i s_lo = scale_255_lanes_avx2(colour_lanes, k_lo), s_hi = scale_255_lanes_avx2(colour_lanes, k_hi);
    const __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi16(255);
    __m256i keep_lo = opaque ? _mm256_sub_epi16(full, k_lo)
                             : _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s_lo, 0xFF), 0xFF));
    __m256i keep_hi = opaque ? _mm256_sub_epi16(full, k_hi)
                             : _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s_hi, 0xFF), 0xFF));
    __m256i d = _mm256_loadu_si256((const __m256i *)target);
    __m256i d_lo = _mm256_add_epi16(s_lo, scale_255_lanes_avx2(_mm256_unpacklo_epi8(d, zero), keep_lo));
    __m256i d_hi = _mm256_add_epi16(s_hi, scale_255_lanes_avx2(_mm256_unpackhi_epi8(d, zero), keep_hi));
    _mm256_storeu_si256((__m256i *)target, _mm256_packus_epi16(d_lo, d_hi));
}
#endif

// The same laid by a blend mode: each pixel's coverage-scaled colour blended onto it (a transparent source leaves
// a pixel as it was under every mode, so pixels outside the shape need no mask).
static inline void blend_four(float *row, uint32_t *target, __m128i colour_lanes, float *sum, int even_odd, calyx_blend_mode mode) {
    __m128i s_lo, s_hi;
    scaled_four(coverage_four(row, sum, even_odd), colour_lanes, &s_lo, &s_hi);
    uint32_t source[4];
    _mm_storeu_si128((__m128i *)source, _mm_packus_epi16(s_lo, s_hi));
    calyx_store_lanes(target, calyx_blend_v(mode, calyx_lanes_of(source), calyx_lanes_of(target)));
}
#endif

// Pixels target[0..<count] all covered by `coverage`, laid by `mode`.
static inline void blend_run(uint32_t *target, int64_t count, uint32_t colour, uint32_t coverage, calyx_blend_mode mode) {
    if (coverage == 0 || count <= 0) return;
    calyx_blend_span(mode, calyx_pack(calyx_scale_255(calyx_spread(colour), coverage)), target, count);
}

// One pixel covered by `coverage`, laid by `mode`.
static inline void blend_one(uint32_t *target, uint64_t spread, uint32_t coverage, calyx_blend_mode mode) {
    uint32_t source = calyx_pack(calyx_scale_255(spread, coverage));
    if (source) *target = blend_pixel(mode, source, *target);
}

// The pass along each row, laying the colour source-over (`blended` zero) or by `mode`; written once and
// specialized for each by the compiler (`blended`, `opaque`, `even_odd` and `eights` are constants at every call).
// Pixel x's coverage is the sum of cells 0 through x. Between touched quads it holds, so the pixels up to the next
// touched quad are one run; the four pixels of a touched quad are blended together, and with `eights` (built for
// AVX2) two touched quads side by side are blended as one step of eight.
static inline __attribute__((always_inline)) void fill_rows(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row,
                                                           uint32_t colour, int even_odd, int opaque, int blended,
                                                           calyx_blend_mode mode, int eights) {
    int64_t stride = calyx_coverage_stride(box->width), width = box->width;
    uint64_t spread = calyx_spread(colour);
    const int wide = calyx_has_avx2();
#if defined(__SSE2__)
    const __m128i colour_lanes = _mm_unpacklo_epi8(_mm_set1_epi32((int)colour), _mm_setzero_si128());
#endif

    for (int64_t y = 0; y < box->height; y++) {
        float *row = box->cells + y * stride;
        uint64_t *touched = box->touched + y * box->words;
        uint32_t *target = (uint32_t *)(pixels + y * bytes_per_row);
        float sum = 0;
        int64_t x = 0;
        for (int64_t w = 0; w < box->words; w++) {
            uint64_t bits = touched[w];
            if (!bits) continue;
            touched[w] = 0;
            do {
                int bit = __builtin_ctzll(bits);
                int64_t first = (w * 64 + bit) * 4;
                bits &= bits - 1;
                if (first > x && x < width) {
                    int64_t run = (first < width ? first : width) - x;
                    if (blended) blend_run(target + x, run, colour, coverage_of(sum, even_odd), mode);
                    else fill_run(target + x, run, colour, coverage_of(sum, even_odd), wide);
                }
#if defined(__x86_64__)
                if (eights && !blended && bit < 63 && ((bits >> (bit + 1)) & 1) && first + 8 <= width) {
                    bits &= bits - 1;
                    fill_eight_avx2(row + first, target + first, colour, &sum, even_odd, opaque);
                    x = first + 8;
                    continue;
                }
#endif
#if defined(__SSE2__)
                if (first + 4 <= width) {
                    if (blended) blend_four(row + first, target + first, colour_lanes, &sum, even_odd, mode);
                    else fill_four(row + first, target + first, colour_lanes, &sum, even_odd, opaque);
                    x = first + 4;
                    continue;
                }
#endif
                for (int64_t cell = first; cell < first + 4; cell++) {
                    sum += row[cell];
                    row[cell] = 0;
                    if (cell >= width) continue;
                    if (blended) blend_one(target + cell, spread, coverage_of(sum, even_odd), mode);
                    else fill_one(target + cell, spread, coverage_of(sum, even_odd));
                }
                x = first + 4;
            } while (bits);
        }
        // Past the last touched quad the sum holds to the row's end (zero for a closed path inside the box).
        if (x < width) {
            if (blended) blend_run(target + x, width - x, colour, coverage_of(sum, even_odd), mode);
            else fill_run(target + x, width - x, colour, coverage_of(sum, even_odd), wide);
        }
    }
}

#if defined(__x86_64__)
// The source-over passes built for AVX2 (two quads of cells a step where an edge touched both).
CALYX_AVX2 static void fill_rows_avx2(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour,
                                      int even_odd, int opaque) {
    if (even_odd) {
        if (opaque) fill_rows(box, pixels, bytes_per_row, colour, 1, 1, 0, CALYX_BLEND_MULTIPLY, 1);
        else fill_rows(box, pixels, bytes_per_row, colour, 1, 0, 0, CALYX_BLEND_MULTIPLY, 1);
    } else {
        if (opaque) fill_rows(box, pixels, bytes_per_row, colour, 0, 1, 0, CALYX_BLEND_MULTIPLY, 1);
        else fill_rows(box, pixels, bytes_per_row, colour, 0, 0, 0, CALYX_BLEND_MULTIPLY, 1);
    }
}
#endif

void calyx_coverage_fill(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour, int even_odd) {
    // (A pass for each rule and for opaque colours or not, each with its constants folded in.)
    int opaque = colour >> 24 == 255;
#if defined(__x86_64__)
    if (calyx_has_avx2()) { fill_rows_avx2(box, pixels, bytes_per_row, colour, even_odd, opaque); return; }
#endif
    if (even_odd) {
        if (opaque) fill_rows(box, pixels, bytes_per_row, colour, 1, 1, 0, CALYX_BLEND_MULTIPLY, 0);
        else fill_rows(box, pixels, bytes_per_row, colour, 1, 0, 0, CALYX_BLEND_MULTIPLY, 0);
    } else {
        if (opaque) fill_rows(box, pixels, bytes_per_row, colour, 0, 1, 0, CALYX_BLEND_MULTIPLY, 0);
        else fill_rows(box, pixels, bytes_per_row, colour, 0, 0, 0, CALYX_BLEND_MULTIPLY, 0);
    }
}

void calyx_coverage_fill_blended(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour, int even_odd,
                                 calyx_blend_mode mode) {
    // (A pass per mode, so the blend of each group of cells has no switch inside.)
#define PASS(m) fill_rows(box, pixels, bytes_per_row, colour, even_odd != 0, 0, 1, m, 0)
    CALYX_EACH_BLEND_MODE(mode, PASS)
#undef PASS
}

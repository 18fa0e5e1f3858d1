#include "coverage.h"
#include "calyx_pixel_arithmetic.h"
#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// One unit of area (a whole pixel covered once) in the cells' fixed point.
#define ONE 65536

// Each thread's cells and touched bits, kept zeroed between fills and grown as boxes need.
static _Thread_local int32_t *thread_cells;
static _Thread_local uint64_t *thread_touched;
static _Thread_local int64_t thread_cell_capacity, thread_word_capacity;

int calyx_coverage_begin(calyx_coverage *box, int64_t width, int64_t height) {
    if (width <= 0 || height <= 0 || width > CALYX_COVERAGE_MAXIMUM_CELLS || height > CALYX_COVERAGE_MAXIMUM_CELLS) return 0;
    int64_t count = (width + 2) * height, words = (width + 2 + 63) / 64;
    if (count > CALYX_COVERAGE_MAXIMUM_CELLS) return 0;
    if (count > thread_cell_capacity) {
        int32_t *grown = calloc((size_t)count, sizeof(int32_t));
        if (!grown) return 0;
        free(thread_cells);
        thread_cells = grown;
        thread_cell_capacity = count;
    }
    if (words * height > thread_word_capacity) {
        uint64_t *grown = calloc((size_t)(words * height), sizeof(uint64_t));
        if (!grown) return 0;
        free(thread_touched);
        thread_touched = grown;
        thread_word_capacity = words * height;
    }
    box->cells = thread_cells;
    box->touched = thread_touched;
    box->width = width;
    box->height = height;
    box->words = words;
    return 1;
}

// `area` in the cells' fixed point, rounded to nearest (inline: lrint is a library call).
static inline int32_t fixed(double area) {
    double scaled = area * ONE;
    return (int32_t)(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
}

// Adds `area` (signed, a whole pixel being 1) to cell `column` of a row and marks it touched.
static inline void add(int32_t *row, uint64_t *touched, int64_t column, int32_t area) {
    row[column] += area;
    touched[column >> 6] |= (uint64_t)1 << (column & 63);
}

// Adds the part of an edge inside one row, from x = xa to x = xb, covering `dy` of the row's height (signed:
// positive going down). In each column it crosses, the area right of the edge goes to that column's cell and
// the rest of its share to the next cell, so a running sum along the row gives each pixel's coverage. What lies
// left of the box covers all of it (its share of dy goes whole to the first cell); what lies right of the box
// covers none of it (dropped). An edge crossing a side is split there first, its height shared in proportion:
// clamping its ends instead would tilt it, mis-covering the columns it crosses inside (a box cut to a clip
// crosses edges often).
static void add_row_part(int32_t *row, uint64_t *touched, int64_t width, double xa, double xb, double dy) {
    double lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa;
    double span = hi - lo, right = (double)width;
    if (lo < 0) {
        double outside = hi <= 0 ? dy : dy * (0 - lo) / span;
        int32_t whole = fixed(outside);
        add(row, touched, 0, whole);
        if (hi <= 0) return;
        dy -= outside;
        lo = 0;
        span = hi - lo;
    }
    if (lo >= right) return;
    if (hi > right) {
        dy = dy * (right - lo) / span;
        hi = right;
        span = hi - lo;
    }
    int64_t column = (int64_t)lo;
    if ((double)(column + 1) >= hi) {
        // Within one column: the part right of the edge is one minus the edge's mean position in the column.
        double inside = (lo + hi) * 0.5 - (double)column;
        int32_t whole = fixed(dy), part = fixed(dy * (1 - inside));
        add(row, touched, column, part);
        add(row, touched, column + 1, whole - part);
        return;
    }
    // Across several columns: split where the edge crosses each column boundary, each piece's height in
    // proportion to its width.
    double slope = dy / span, x = lo;
    while (x < hi) {
        double next = (double)(column + 1) < hi ? (double)(column + 1) : hi;
        double piece = (next - x) * slope, inside = (x + next) * 0.5 - (double)column;
        int32_t whole = fixed(piece), part = fixed(piece * (1 - inside));
        add(row, touched, column, part);
        add(row, touched, column + 1, whole - part);
        x = next;
        column += 1;
    }
}

void calyx_coverage_edge(calyx_coverage *box, double x0, double y0, double x1, double y1) {
    if (y0 == y1) return;
    double sign = 1;
    if (y0 > y1) { double t = x0; x0 = x1; x1 = t; t = y0; y0 = y1; y1 = t; sign = -1; }
    double height = (double)box->height;
    if (y1 <= 0 || y0 >= height) return;
    double dxdy = (x1 - x0) / (y1 - y0);
    double top = y0 < 0 ? 0 : y0, bottom = y1 > height ? height : y1;
    int64_t stride = box->width + 2;
    for (int64_t y = (int64_t)top; (double)y < bottom; y++) {
        double ya = (double)y > top ? (double)y : top, yb = (double)(y + 1) < bottom ? (double)(y + 1) : bottom;
        if (yb <= ya) continue;
        add_row_part(box->cells + y * stride, box->touched + y * box->words, box->width,
                     x0 + (ya - y0) * dxdy, x0 + (yb - y0) * dxdy, (yb - ya) * sign);
    }
}

// The coverage (0…255) of a winding sum under the nonzero or even-odd rule.
static inline uint32_t coverage_of(int32_t sum, int even_odd) {
    int32_t area = sum < 0 ? -sum : sum;
    if (even_odd) {
        area &= 2 * ONE - 1;
        if (area > ONE) area = 2 * ONE - area;
    } else if (area > ONE) {
        area = ONE;
    }
    return (uint32_t)((area * 255 + ONE / 2) >> 16);
}

// Pixels target[0..<count] all covered by `coverage`.
static inline void fill_run(uint32_t *target, int64_t count, uint32_t colour, uint32_t coverage) {
    if (coverage == 0 || count <= 0) return;
    if (coverage == 255 && (colour >> 24) == 255) {
        for (int64_t i = 0; i < count; i++) target[i] = colour;
        return;
    }
    uint64_t source = calyx_scale_255(calyx_spread(colour), coverage);
    int64_t i = 0;
#if defined(__SSE2__)
    // Four pixels at a time, with the scalar path's arithmetic on 16-bit lanes (x·k + 128 and the rest stay
    // below 2^16): a long run of a translucent fill was a nanosecond a pixel one at a time.
    uint64_t keep = 255 - (source >> 48);
    if (keep > 0) {
        const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
        const __m128i k = _mm_set1_epi16((short)keep);
        // (The spread source's lanes are in the order B, R, G, A; widened bytes are in memory order.)
        const __m128i s = _mm_unpacklo_epi8(_mm_set1_epi32((int)calyx_pack(source)), zero);
        for (; i + 4 <= count; i += 4) {
            __m128i d = _mm_loadu_si128((const __m128i *)(target + i));
            __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), k), half);
            __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), k), half);
            lo = _mm_add_epi16(s, _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8));
            hi = _mm_add_epi16(s, _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8));
            _mm_storeu_si128((__m128i *)(target + i), _mm_packus_epi16(lo, hi));
        }
    }
#endif
    for (; i < count; i++) target[i] = calyx_over(source, target[i]);
}

void calyx_coverage_fill(calyx_coverage *box, uint8_t *pixels, int64_t bytes_per_row, uint32_t colour, int even_odd) {
    int64_t stride = box->width + 2, width = box->width;
    for (int64_t y = 0; y < box->height; y++) {
        int32_t *row = box->cells + y * stride;
        uint64_t *touched = box->touched + y * box->words;
        uint32_t *target = (uint32_t *)(pixels + y * bytes_per_row);
        // Pixels from `x` up to the next touched cell all have the coverage of the sum so far.
        int32_t sum = 0;
        int64_t x = 0;
        for (int64_t w = 0; w < box->words; w++) {
            uint64_t bits = touched[w];
            touched[w] = 0;
            while (bits) {
                int64_t cell = w * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (cell > x && x < width) fill_run(target + x, (cell < width ? cell : width) - x, colour, coverage_of(sum, even_odd));
                sum += row[cell];
                row[cell] = 0;
                x = cell;
            }
        }
        // Past the last touched cell the sum holds to the row's end (zero for a closed path inside the box).
        if (x < width) fill_run(target + x, width - x, colour, coverage_of(sum, even_odd));
    }
}

// Boolean operations on polygons for CoreGraphics' CGPath set operations (union, intersection, subtracting, …),
// through Clipper (Debian's libpolyclipping, Angus Johnson's library). A C interface, so Swift needs no C++
// interoperability: the polygons go in as integer points, the result comes back as flat arrays.
#ifndef CALYX_POLYGON_CLIPPING_H
#define CALYX_POLYGON_CLIPPING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Contours of integer points: `points` holds x, y pairs; contour i has `counts[i]` of them, in order.
typedef struct {
    const int64_t *points;
    const int32_t *counts;
    int32_t contours;
} calyx_polygons;

/// What to keep of subject and clip.
typedef enum {
    calyx_clip_intersection = 0,
    calyx_clip_union = 1,
    calyx_clip_difference = 2,  // subject minus clip
    calyx_clip_xor = 3,
} calyx_clip_operation;

/// A result: contour i has `counts[i]` points (x, y pairs in `points`), is closed when `closed[i]` is 1, and
/// belongs to component `components[i]` (an outer boundary and the holes directly inside it share one; open
/// lines have one each). Owned by the library: free it with calyx_clip_result_free.
typedef struct {
    int64_t *points;
    int32_t *counts;
    uint8_t *closed;
    int32_t *components;
    int32_t contours;
    int32_t component_count;
} calyx_clip_result;

/// The largest coordinate the clipper takes (Clipper's high range): callers scale their points within it.
int64_t calyx_clip_coordinate_limit(void);

/// Combines `subject` and `clip` by `operation`, each filled by the even-odd rule when `even_odd` is nonzero and
/// by the non-zero rule otherwise. With `subject_closed` zero the subject's contours are open lines, cut by the
/// clip's area (intersection keeps what lies inside, difference what lies outside). Returns 0 and fills `result`,
/// or -1 when the clipper refused the input (coordinates out of range, memory), leaving `result` empty.
int calyx_clip(calyx_clip_operation operation, calyx_polygons subject, int subject_closed, calyx_polygons clip,
               int even_odd, calyx_clip_result *result);

/// Frees what calyx_clip put in `result` and empties it.
void calyx_clip_result_free(calyx_clip_result *result);

#ifdef __cplusplus
}
#endif

#endif

// The C face of Clipper's boolean operations (see calyx_polygon_clipping.h).
#include "calyx_polygon_clipping.h"

#include <polyclipping/clipper.hpp>

#include <cstdlib>
#include <new>
#include <vector>

using namespace ClipperLib;

namespace {

Paths pathsOf(calyx_polygons polygons) {
    Paths paths;
    if (polygons.contours <= 0 || !polygons.points || !polygons.counts) return paths;
    paths.reserve(static_cast<size_t>(polygons.contours));
    const int64_t *p = polygons.points;
    for (int32_t c = 0; c < polygons.contours; ++c) {
        Path path;
        int32_t n = polygons.counts[c] > 0 ? polygons.counts[c] : 0;
        path.reserve(static_cast<size_t>(n));
        for (int32_t k = 0; k < n; ++k, p += 2) path.push_back(IntPoint(p[0], p[1]));
        paths.push_back(std::move(path));
    }
    return paths;
}

// Contours in the order they are laid out, with the component each belongs to.
struct Contour {
    const Path *path;
    bool closed;
    int32_t component;
};

// An outer boundary and its holes make one component; islands inside a hole start their own.
void collectOuter(const PolyNode *outer, int32_t &components, std::vector<Contour> &out) {
    int32_t component = components++;
    out.push_back({&outer->Contour, true, component});
    for (const PolyNode *hole : outer->Childs) {
        out.push_back({&hole->Contour, true, component});
        for (const PolyNode *island : hole->Childs) collectOuter(island, components, out);
    }
}

}  // namespace

extern "C" int64_t calyx_clip_coordinate_limit(void) { return hiRange; }

extern "C" int calyx_clip(calyx_clip_operation operation, calyx_polygons subject, int subject_closed,
                          calyx_polygons clip, int even_odd, calyx_clip_result *result) {
    *result = calyx_clip_result{};
    try {
        Clipper clipper;
        Paths subjects = pathsOf(subject), clips = pathsOf(clip);
        // (AddPaths skips contours too short to enclose anything; that is not an error.)
        clipper.AddPaths(subjects, ptSubject, subject_closed != 0);
        clipper.AddPaths(clips, ptClip, true);
        static const ClipType types[] = {ctIntersection, ctUnion, ctDifference, ctXor};
        PolyFillType fill = even_odd ? pftEvenOdd : pftNonZero;
        PolyTree tree;
        if (!clipper.Execute(types[operation & 3], tree, fill, fill)) return -1;

        std::vector<Contour> contours;
        int32_t components = 0;
        for (const PolyNode *node : tree.Childs) {
            if (node->IsOpen()) contours.push_back({&node->Contour, false, components++});
            else collectOuter(node, components, contours);
        }
        size_t points = 0;
        for (const Contour &c : contours) points += c.path->size();

        calyx_clip_result r{};
        r.contours = static_cast<int32_t>(contours.size());
        r.component_count = components;
        r.points = static_cast<int64_t *>(std::malloc(sizeof(int64_t) * 2 * (points ? points : 1)));
        r.counts = static_cast<int32_t *>(std::malloc(sizeof(int32_t) * (contours.empty() ? 1 : contours.size())));
        r.closed = static_cast<uint8_t *>(std::malloc(contours.empty() ? 1 : contours.size()));
        r.components = static_cast<int32_t *>(std::malloc(sizeof(int32_t) * (contours.empty() ? 1 : contours.size())));
        if (!r.points || !r.counts || !r.closed || !r.components) {
            calyx_clip_result_free(&r);
            return -1;
        }
        int64_t *p = r.points;
        for (size_t i = 0; i < contours.size(); ++i) {
            const Contour &c = contours[i];
            r.counts[i] = static_cast<int32_t>(c.path->size());
            r.closed[i] = c.closed ? 1 : 0;
            r.components[i] = c.component;
            for (const IntPoint &q : *c.path) { *p++ = q.X; *p++ = q.Y; }
        }
        *result = r;
        return 0;
    } catch (...) {
        // Clipper throws for coordinates beyond its range; bad_alloc for memory.
        return -1;
    }
}

extern "C" void calyx_clip_result_free(calyx_clip_result *result) {
    std::free(result->points);
    std::free(result->counts);
    std::free(result->closed);
    std::free(result->components);
    *result = calyx_clip_result{};
}

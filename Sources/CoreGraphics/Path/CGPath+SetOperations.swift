import CPolygonClipping

// CGPath's set operations (iOS 16, macOS 13): the areas two paths fill combined, and lines cut by an area.
//
// The work is Clipper's (Debian's libpolyclipping), which combines polygons of integer points: both paths are
// flattened (curves to lines within a ten-thousandth of the larger path's size) and scaled onto a grid of 2⁴⁰
// steps across their largest coordinate, and the result is scaled back. So where Apple's results keep curves,
// Calyx's are polygons that follow them within that tolerance — finer than a pixel at any size the paths are
// drawn unless they are magnified thousands of times. Results are closed polygons (open subpaths count as closed
// when filled, as they do when a path is filled), outer boundaries and holes turning opposite ways, so they fill
// the same by either rule.

extension CGPath {
    /// The area either this path or `other` fills, each filled by `rule`.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.combine(self, other, .union, rule: rule)
    }

    /// The area both this path and `other` fill, each filled by `rule`.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.combine(self, other, .intersection, rule: rule)
    }

    /// The area this path fills and `other` does not, each filled by `rule`.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.combine(self, other, .difference, rule: rule)
    }

    /// The area exactly one of this path and `other` fills, each filled by `rule`.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.combine(self, other, .symmetricDifference, rule: rule)
    }

    /// The parts of this path's lines (taken as lines, not as an area: closed subpaths include their closing
    /// line) that lie inside the area `other` fills by `rule`.
    public func lineIntersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.cutLines(of: self, by: other, keepingInside: true, rule: rule)
    }

    /// The parts of this path's lines that lie outside the area `other` fills by `rule`.
    public func lineSubtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.cutLines(of: self, by: other, keepingInside: false, rule: rule)
    }

    /// The area this path fills by `rule`, as boundaries that neither cross nor overlap.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.combine(self, CGPath(), .union, rule: rule)
    }

    /// The area this path fills by `rule`, split into its connected pieces: each an outer boundary with the
    /// holes inside it.
    public func componentsSeparated(using rule: CGPathFillRule = .winding) -> [CGPath] {
        PathClipping.components(of: self, rule: rule)
    }

    /// Whether the areas this path and `other` fill by `rule` overlap.
    public func intersects(_ other: CGPath, using rule: CGPathFillRule = .winding) -> Bool {
        guard boundingBoxOfPath.intersects(other.boundingBoxOfPath) else { return false }
        return !PathClipping.combine(self, other, .intersection, rule: rule).isEmpty
    }

    /// The path with every curve replaced by straight lines that stay within `threshold` of it. A threshold that
    /// is not a positive number flattens to half a unit, Core Graphics' default flatness.
    public func flattened(threshold: CGFloat) -> CGPath {
        let tolerance = threshold > 0 && threshold.isFinite ? threshold : 0.5
        let flat = CGMutablePath()
        for subpath in subpaths {
            let points = subpath.polyline(tolerance: tolerance)
            flat.move(to: points[0])
            for p in points.dropFirst() { flat.addLine(to: p) }
            if subpath.isClosed { flat.closeSubpath() }
        }
        return CGPath(elements: flat.elements)
    }
}

/// Paths to Clipper's integer polygons and back.
enum PathClipping {
    enum Operation {
        case intersection, union, difference, symmetricDifference

        var clipper: calyx_clip_operation {
            switch self {
            case .intersection: calyx_clip_intersection
            case .union: calyx_clip_union
            case .difference: calyx_clip_difference
            case .symmetricDifference: calyx_clip_xor
            }
        }
    }

    /// How finely curves are flattened, as a share of the paths' larger size.
    static let relativeTolerance: CGFloat = 1e-4
    /// The grid the points are rounded to: this many steps across the largest coordinate (well inside Clipper's
    /// 2⁶² range, and finer than a double's 53 bits need at the tolerance above).
    static let gridSteps: CGFloat = 1_099_511_627_776  // 2⁴⁰

    /// `a` combined with `b` by `operation`.
    static func combine(_ a: CGPath, _ b: CGPath, _ operation: Operation, rule: CGPathFillRule) -> CGPath {
        let grid = Grid(a, b)
        let subject = polylines(of: a, grid: grid, asLines: false), clip = polylines(of: b, grid: grid, asLines: false)
        return clipped(subject, clip, operation.clipper, subjectClosed: true, rule: rule, grid: grid).path
    }

    /// `lines`' lines cut by the area `area` fills: the parts inside, or outside.
    static func cutLines(of lines: CGPath, by area: CGPath, keepingInside: Bool, rule: CGPathFillRule) -> CGPath {
        let grid = Grid(lines, area)
        let subject = polylines(of: lines, grid: grid, asLines: true), clip = polylines(of: area, grid: grid, asLines: false)
        let operation = keepingInside ? calyx_clip_intersection : calyx_clip_difference
        return clipped(subject, clip, operation, subjectClosed: false, rule: rule, grid: grid).path
    }

    /// The connected pieces of the area `path` fills.
    static func components(of path: CGPath, rule: CGPathFillRule) -> [CGPath] {
        let grid = Grid(path, CGPath())
        let subject = polylines(of: path, grid: grid, asLines: false)
        return clipped(subject, Polygons(), calyx_clip_union, subjectClosed: true, rule: rule, grid: grid).components
    }

    /// Where the paths' points go on Clipper's integer grid, and how far curves are flattened.
    struct Grid {
        let scale: CGFloat
        let tolerance: CGFloat

        init(_ a: CGPath, _ b: CGPath) {
            var box = CGRect.null
            for path in [a, b] where !path.isEmpty { box = box.union(path.boundingBox) }
            guard !box.isNull, box.isFiniteValue else { (scale, tolerance) = (1, 1); return }
            let size = max(box.width, box.height)
            // (Control points lie within the curves' box's own box, so the box bounds every flattened point.)
            let reach = max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
            scale = reach > 0 ? PathClipping.gridSteps / reach : 1
            tolerance = size > 0 ? size * PathClipping.relativeTolerance : 1
        }

        func point(_ p: CGPoint) -> (Int64, Int64) { (Int64((p.x * scale).rounded()), Int64((p.y * scale).rounded())) }
        func point(_ x: Int64, _ y: Int64) -> CGPoint { CGPoint(x: CGFloat(x) / scale, y: CGFloat(y) / scale) }
    }

    /// Contours as Clipper takes them: flat x, y pairs and a count per contour.
    struct Polygons {
        var points: [Int64] = []
        var counts: [Int32] = []
    }

    /// The path's subpaths as integer polylines. As an area, each counts as closed; as lines, a closed subpath
    /// comes back to its start, so its closing line is cut too.
    static func polylines(of path: CGPath, grid: Grid, asLines: Bool) -> Polygons {
        var polygons = Polygons()
        for subpath in path.subpaths {
            var points = subpath.polyline(tolerance: grid.tolerance)
            if asLines, subpath.isClosed, points.count > 1 { points.append(points[0]) }
            guard points.count > 1 else { continue }
            for p in points {
                let (x, y) = grid.point(p)
                polygons.points.append(x); polygons.points.append(y)
            }
            polygons.counts.append(Int32(points.count))
        }
        return polygons
    }

    /// Clipper's result as one path, and as one path a component.
    static func clipped(_ subject: Polygons, _ clip: Polygons, _ operation: calyx_clip_operation, subjectClosed: Bool,
                        rule: CGPathFillRule, grid: Grid) -> (path: CGPath, components: [CGPath]) {
        var result = calyx_clip_result()
        let status = subject.points.withUnsafeBufferPointer { sp in
            subject.counts.withUnsafeBufferPointer { sc in
                clip.points.withUnsafeBufferPointer { cp in
                    clip.counts.withUnsafeBufferPointer { cc in
                        calyx_clip(operation,
                                   calyx_polygons(points: sp.baseAddress, counts: sc.baseAddress, contours: Int32(sc.count)),
                                   subjectClosed ? 1 : 0,
                                   calyx_polygons(points: cp.baseAddress, counts: cc.baseAddress, contours: Int32(cc.count)),
                                   rule == .evenOdd ? 1 : 0, &result)
                    }
                }
            }
        }
        defer { calyx_clip_result_free(&result) }
        // (The grid keeps every point within Clipper's range, so a refusal means memory ran out: no area.)
        guard status == 0, result.contours > 0 else { return (CGPath(), []) }
        let whole = CGMutablePath()
        var pieces = (0..<Int(result.component_count)).map { _ in CGMutablePath() }
        var p = result.points!
        for i in 0..<Int(result.contours) {
            let count = Int(result.counts[i])
            defer { p += 2 * count }
            guard count > 0 else { continue }
            let piece = pieces.indices.contains(Int(result.components[i])) ? pieces[Int(result.components[i])] : nil
            for target in [whole, piece].compactMap({ $0 }) {
                target.move(to: grid.point(p[0], p[1]))
                for k in 1..<max(count, 1) { target.addLine(to: grid.point(p[2 * k], p[2 * k + 1])) }
                if result.closed[i] != 0 { target.closeSubpath() }
            }
        }
        return (CGPath(elements: whole.elements), pieces.filter { !$0.isEmpty }.map { CGPath(elements: $0.elements) })
    }
}

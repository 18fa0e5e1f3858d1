/// Keeps device-space paths inside the range Cairo can rasterize.
///
/// Cairo stores device coordinates as 24.8 fixed point, so a coordinate past about ±8.4 million pixels wraps
/// round, and its scan converter already loses edges that span about 190,000 pixels (measured with Cairo 1.16: a
/// triangle whose edge crosses the canvas from ±96,000 px fills nothing). Such paths draw garbage and can crash
/// Cairo's clipper (the random programs found one under a layer with a 10¹² perspective). Paths that reach past
/// ±32,768 pixels, which holds the largest image Cairo makes, are cut to that box before Cairo sees them. For fills
/// and clips every closed subpath is clipped as a polygon, the cut running along the box's sides, so the winding
/// number of every point inside the box is unchanged; strokes keep the pieces of their edges inside it. Paths
/// within the box, the usual case, pass through untouched.
package enum CairoCoordinateGuard {
    /// Holds Cairo's largest image (32,767 px) with a pixel to spare, and a third of the span Cairo still gets right.
    package static let extent: CGFloat = 32_768

    /// Whether every point of `path` (device space) lies within the box.
    package static func fits(_ path: CGPath) -> Bool {
        path.elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): inBox(p)
            case .quad(let c, let p): inBox(c) && inBox(p)
            case .cubic(let c1, let c2, let p): inBox(c1) && inBox(c2) && inBox(p)
            case .close: true
            }
        }
    }

    /// Whether `rect` (device space) lies within the box (false for a null, infinite or NaN rectangle).
    package static func fits(_ rect: CGRect) -> Bool {
        !rect.isNull && inBox(CGPoint(x: rect.minX, y: rect.minY)) && inBox(CGPoint(x: rect.maxX, y: rect.maxY))
    }

    /// `path` cut to the box: as closed polygons for filling and clipping, or as open pieces for stroking.
    package static func guarded(_ path: CGPath, forStroking: Bool) -> CGPath {
        let result = CGMutablePath()
        for subpath in path.subpaths {
            let pieces = subpath.segments.flatMap { boxedPieces(of: $0) }
            if forStroking { appendStrokePieces(pieces, of: subpath, to: result) } else { appendPolygon(pieces, to: result) }
        }
        return result
    }

    // MARK: Curves

    /// The segment as pieces that are either lines or curves wholly inside the box. A curve whose control points
    /// all lie outside the box on one side becomes its chord: the area between them lies within the control
    /// points' hull, out of the box, so nothing inside changes.
    private static func boxedPieces(of segment: Segment, depth: Int = 0) -> [Segment] {
        guard case .cubic(let p0, let c1, let c2, let p3) = segment else { return [segment] }
        let points = [p0, c1, c2, p3]
        if points.allSatisfy(inBox) { return [segment] }
        // Splitting curves near the largest doubles can overflow: a piece that is no longer finite is its chord.
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [.line(p0, p3)] }
        let xs = points.map(\.x), ys = points.map(\.y)
        let outside = xs.max()! < -extent || xs.min()! > extent || ys.max()! < -extent || ys.min()! > extent
        let flat = distanceFromChord(c1, p0, p3) < 0.1 && distanceFromChord(c2, p0, p3) < 0.1
        if outside || flat || depth >= 64 { return [.line(p0, p3)] }
        let (left, right) = segment.split(at: 0.5)
        return boxedPieces(of: left, depth: depth + 1) + boxedPieces(of: right, depth: depth + 1)
    }

    private static func distanceFromChord(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let chord = b - a, length = chord.length
        guard length > 0, length.isFinite else { return (p - a).length }
        return abs((p.x - a.x) * chord.y - (p.y - a.y) * chord.x) / length
    }

    // MARK: Fills and clips

    /// One side of the box: points with `coordinate(axis) * sign <= extent` are inside.
    private struct Side { let isX: Bool; let sign: CGFloat }
    private static let sides = [Side(isX: true, sign: 1), Side(isX: true, sign: -1),
                                Side(isX: false, sign: 1), Side(isX: false, sign: -1)]

    /// Sutherland–Hodgman against each side in turn; the pieces form a closed polygon (a fill closes every
    /// subpath). Curve pieces lie inside the box, so they pass every side whole.
    private static func appendPolygon(_ pieces: [Segment], to result: CGMutablePath) {
        var polygon = pieces
        if let first = polygon.first, let last = polygon.last, last.end != first.start {
            polygon.append(.line(last.end, first.start))
        }
        for side in sides {
            polygon = closedUp(polygon.flatMap { clip($0, to: side) })
        }
        guard let first = polygon.first else { return }
        result.move(to: first.start)
        for piece in polygon { append(piece, to: result) }
        result.closeSubpath()
    }

    /// The part of a piece on the inside of `side` (a line crossing it is cut where it crosses).
    private static func clip(_ piece: Segment, to side: Side) -> [Segment] {
        guard case .line(let a, let b) = piece else { return [piece] }
        let aIn = isInside(a, side), bIn = isInside(b, side)
        switch (aIn, bIn) {
        case (true, true): return [piece]
        case (true, false): return [.line(a, crossing(a, b, side))]
        case (false, true): return [.line(crossing(a, b, side), b)]
        case (false, false): return []
        }
    }

    /// Joins consecutive pieces whose ends no longer meet (where the polygon left the side and came back) with
    /// a line along that side, wrapping round from the last piece to the first.
    private static func closedUp(_ pieces: [Segment]) -> [Segment] {
        guard !pieces.isEmpty else { return [] }
        var joined: [Segment] = []
        for (index, piece) in pieces.enumerated() {
            joined.append(piece)
            let next = pieces[(index + 1) % pieces.count]
            if piece.end != next.start { joined.append(.line(piece.end, next.start)) }
        }
        return joined
    }

    private static func isInside(_ p: CGPoint, _ side: Side) -> Bool { (side.isX ? p.x : p.y) * side.sign <= extent }

    /// Where the line a–b meets the side, computed with halved values so far-apart ends cannot overflow.
    private static func crossing(_ a: CGPoint, _ b: CGPoint, _ side: Side) -> CGPoint {
        let bound = side.sign * extent
        let (from, to) = side.isX ? (a.x, b.x) : (a.y, b.y)
        let t = min(max((bound / 2 - from / 2) / (to / 2 - from / 2), 0), 1)
        let x = a.x * (1 - t) + b.x * t, y = a.y * (1 - t) + b.y * t
        return side.isX ? CGPoint(x: bound, y: y) : CGPoint(x: x, y: bound)
    }

    // MARK: Strokes

    /// The pieces' parts inside the box, as runs; a closed subpath stays closed when nothing of it was cut.
    private static func appendStrokePieces(_ pieces: [Segment], of subpath: Subpath, to result: CGMutablePath) {
        var kept: [Segment] = []
        var cut = false
        for piece in pieces {
            var inside: Segment? = piece
            for side in sides { inside = inside.flatMap { clip($0, to: side).first } }
            if let inside { kept.append(inside) }
            if inside != piece { cut = true }
        }
        guard !kept.isEmpty else {
            if pieces.isEmpty, inBox(subpath.start) { result.move(to: subpath.start) }   // a lone move: caps
            return
        }
        var pen: CGPoint?
        for piece in kept {
            if pen != piece.start { result.move(to: piece.start) }
            append(piece, to: result)
            pen = piece.end
        }
        if subpath.isClosed && !cut { result.closeSubpath() }
    }

    // MARK: Helpers

    private static func inBox(_ p: CGPoint) -> Bool { abs(p.x) <= extent && abs(p.y) <= extent }

    private static func append(_ piece: Segment, to path: CGMutablePath) {
        switch piece {
        case .line(_, let b): path.addLine(to: b)
        case .cubic(_, let c1, let c2, let b): path.addCurve(to: b, control1: c1, control2: c2)
        }
    }
}

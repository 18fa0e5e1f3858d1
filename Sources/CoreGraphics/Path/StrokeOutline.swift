/// A stroke's outline as closed polygons whose nonzero fill is the stroke: one for each open polyline (out along
/// one side, round the end cap, back along the other side, round the start cap) and two for each closed one
/// (each side once round, in opposite directions).
///
/// `Stroker` outlines a stroke as a union of overlapping convex pieces, which a sampling rasterizer fills
/// correctly but an area-coverage one does not: it sums the signed areas of every edge in a pixel, so where two
/// pieces' edges share a pixel along the stroke's border that pixel is counted twice. Here the sides are single
/// offset lines. The inner side of a turn ends at the point where the two offset lines meet when both segments
/// are long enough for it; otherwise it goes round the vertex itself (as in Skia's stroker), which keeps sharp
/// turns and strokes wider than their curves' radius whole. Round a gentle turn (a thick stroke on a tight
/// curve) the overlap stays well inside the stroke; round a turn sharper than a right angle it runs along the
/// stroke's inner edges, where an area-coverage sum would count it twice: `overlapsItself` then says so, and
/// such a stroke is left to a rasterizer that samples.
struct StrokeOutline: Sendable {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// The largest gap, in the path's units, between a round join or cap and its polygon.
    let tolerance: CGFloat
    /// The angle between the points of a round join or cap that keeps its chords within `tolerance` of the
    /// circle (worked out once: every vertex of a flattened curve is a join).
    private let arcStep: CGFloat, arcStepCosine: CGFloat
    private(set) var polygons: [[CGPoint]] = []
    /// Whether an inner side had to go round a vertex turning by more than a right angle (see above), or the
    /// path turned straight back on itself.
    private(set) var overlapsItself = false

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.tolerance = max(tolerance, 1e-3)
        arcStep = 2 * acos(max(1 - self.tolerance / halfWidth, -1))
        arcStepCosine = cos(arcStep)
    }

    /// Outlines one flattened subpath (closed polylines do not repeat their first point).
    mutating func add(polyline raw: [CGPoint], closed: Bool) {
        var points: [CGPoint] = []
        points.reserveCapacity(raw.count)
        for p in raw where points.last.map({ ($0 - p).length > 1e-9 }) ?? true { points.append(p) }
        if closed, points.count > 1, (points[0] - points[points.count - 1]).length <= 1e-9 { points.removeLast() }
        guard points.count > 1 else {
            if let p = points.first { addDot(at: p) }
            return
        }
        if closed {
            polygons.append(side(of: points, reversed: false, closed: true))
            // (Two points closed are a line there and back: its one side already goes round both ends.)
            if points.count > 2 { polygons.append(side(of: points, reversed: true, closed: true)) }
            return
        }
        var outline = side(of: points, reversed: false, closed: false)
        let last = points.count - 1
        appendCap(to: &outline, at: points[last], direction: (points[last] - points[last - 1]).unit)
        outline += side(of: points, reversed: true, closed: false)
        appendCap(to: &outline, at: points[0], direction: (points[0] - points[1]).unit)
        polygons.append(outline)
    }

    /// The offset line on the left of `points` (normal `leftNormal`), or of `points` walked backwards, with the
    /// joins at its vertices. (Walked by index, not through a reversed copy.)
    private mutating func side(of points: [CGPoint], reversed: Bool, closed: Bool) -> [CGPoint] {
        let n = points.count, segments = closed ? n : n - 1
        var out: [CGPoint] = []
        out.reserveCapacity(n * 2 + 2)
        func point(_ i: Int) -> CGPoint { reversed ? points[n - 1 - i] : points[i] }
        func direction(_ i: Int) -> (unit: CGPoint, length: CGFloat) {
            let d = point((i + 1) % n) - point(i), l = d.length
            return (d * (1 / l), l)
        }
        var previous = direction(closed ? segments - 1 : 0)
        if !closed { out.append(point(0) + previous.unit.leftNormal * halfWidth) }
        for i in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            let next = direction(i)
            appendJoin(to: &out, at: point(i), incoming: previous, outgoing: next)
            previous = next
        }
        if !closed { out.append(point(n - 1) + previous.unit.leftNormal * halfWidth) }
        return out
    }

    /// The left side's points at vertex `p` between segments `a` and `b`.
    private mutating func appendJoin(to out: inout [CGPoint], at p: CGPoint,
                            incoming a: (unit: CGPoint, length: CGFloat), outgoing b: (unit: CGPoint, length: CGFloat)) {
        let turn = a.unit.cross(b.unit), cosine = min(max(a.unit.dot(b.unit), -1), 1)
        let na = a.unit.leftNormal, nb = b.unit.leftNormal
        if abs(turn) < 1e-9, cosine > 0 { out.append(p + na * halfWidth); return }  // straight on
        // Straight back: neither side is inside the turn, and the two sides trace the same outline twice.
        if abs(turn) < 1e-9 { overlapsItself = true }
        // Where the two offset lines meet, h / (1 + cos) along the sum of the normals (1 / cos(turn/2) · h out).
        let meeting = p + (na + nb) * (halfWidth / (1 + cosine))
        if turn > 0 {
            // The left side is inside the turn. The offset lines meet h·tan(turn/2) before and after the vertex;
            // within half of each segment they meet cleanly, else the side goes round the vertex itself.
            let reach = halfWidth * ((1 - cosine) / (1 + cosine)).squareRoot()
            if cosine > -0.999, reach <= a.length / 2, reach <= b.length / 2 {
                out.append(meeting)
            } else {
                out.append(p + na * halfWidth); out.append(p); out.append(p + nb * halfWidth)
                if cosine < 0 { overlapsItself = true }
            }
            return
        }
        // The miter is 1 / cos(turn/2) line widths long; within the limit its point alone stands for the join (the
        // offset lines' ends on either side of it lie on the lines through it).
        let halfTurnCosine = ((1 + cosine) / 2).squareRoot()
        if join == .miter, halfTurnCosine > 1e-9, 1 / halfTurnCosine <= miterLimit { out.append(meeting); return }
        // A turn within one step of a round join's arc, as at each vertex of a flattened curve: the meeting point
        // lies within about the tolerance of the arc (and twice it of a bevel), and is one point rather than two.
        if join != .miter, cosine >= arcStepCosine { out.append(meeting); return }
        out.append(p + na * halfWidth)
        // Round the outside, clockwise in the normals' sense (the turn is to the right, or straight back).
        if join == .round { appendArc(to: &out, center: p, from: na, sweep: -abs(atan2(turn, cosine))) }
        out.append(p + nb * halfWidth)
    }

    /// The cap at an open end, between the left side's last point and the other side's first; `d` points away
    /// from the path.
    private func appendCap(to out: inout [CGPoint], at p: CGPoint, direction d: CGPoint) {
        let n = d.leftNormal * halfWidth, ahead = d * halfWidth
        switch cap {
        case .butt: break
        case .square: out.append(p + n + ahead); out.append(p - n + ahead)
        case .round: appendArc(to: &out, center: p, from: d.leftNormal, sweep: -.pi)
        }
    }

    /// A zero-length subpath: round caps make a disc, square caps a square (turned to the x axis), butt nothing.
    private mutating func addDot(at p: CGPoint) {
        let h = halfWidth
        switch cap {
        case .butt: break
        case .square:
            polygons.append([CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                             CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)])
        case .round:
            var disc = [p + CGPoint(x: h, y: 0)]
            appendArc(to: &disc, center: p, from: CGPoint(x: 1, y: 0), sweep: -2 * .pi)
            polygons.append(disc)
        }
    }

    /// The points strictly inside the arc of radius `halfWidth` about `center` that starts at unit vector `start`
    /// and turns by `sweep` radians, spaced so the chords stay within `tolerance` of the circle.
    private func appendArc(to out: inout [CGPoint], center: CGPoint, from start: CGPoint, sweep: CGFloat) {
        guard arcStep.isFinite, arcStep > 0, sweep.isFinite else { return }
        let steps = min(1024, Int((abs(sweep) / arcStep).rounded(.up)))
        guard steps > 1 else { return }
        let start0 = atan2(start.y, start.x)
        for i in 1..<steps {
            let angle = start0 + sweep * CGFloat(i) / CGFloat(steps)
            out.append(CGPoint(x: center.x + halfWidth * cos(angle), y: center.y + halfWidth * sin(angle)))
        }
    }
}

extension CGPath {
    /// The outline of the path stroked with the given width, caps and joins: filling the result with the
    /// non-zero winding rule paints what stroking the original paints.
    ///
    /// The outline is a union of convex pieces, each wound the same way (one per flattened segment, join and
    /// cap), so it is correct under `.winding` but not meant for `.evenOdd`. Curves are flattened to 1/100 unit.
    /// A width that is zero, negative or not finite gives an empty path.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        guard lineWidth > 0, lineWidth.isFinite else { return CGPath() }
        var stroker = Stroker(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin,
                              miterLimit: miterLimit.isFinite ? miterLimit : 10)
        for (points, closed) in polylines(tolerance: 0.01) {
            stroker.stroke(polyline: points, closed: closed)
        }
        let out = CGMutablePath()
        for polygon in stroker.polygons where polygon.count >= 3 {
            out.addLines(between: polygon, transform: transform)
            out.closeSubpath()
        }
        return CGPath(elements: out.elements)
    }
}

extension CGPath {
    /// `CGPathCreateCopyByStrokingPath` as Apple's Swift overlay imports it: the outline of `path` stroked, then
    /// transformed; nil when `path` is nil, as Apple's answers for a missing path.
    public convenience init?(__byStroking path: CGPath?, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
                             lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard let path else { return nil }
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                                transform: transform?.pointee ?? .identity)
        self.init(elements: outline.elements)
    }
}

/// Builds a stroke outline as convex polygons, all counter-clockwise (positive area with y up).
struct Stroker {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    private(set) var polygons: [[CGPoint]] = []

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }

    mutating func stroke(polyline raw: [CGPoint], closed: Bool) {
        // Drop repeated points: they have no direction.
        var points: [CGPoint] = []
        for p in raw where points.last.map({ ($0 - p).length > 1e-9 }) ?? true { points.append(p) }
        if closed, points.count > 1, (points[0] - points[points.count - 1]).length <= 1e-9 { points.removeLast() }

        guard points.count > 1 else {
            // A zero-length subpath: round and square caps still mark the point (+x orientation).
            if let p = points.first { addCap(at: p, direction: CGPoint(x: 1, y: 0)); addCap(at: p, direction: CGPoint(x: -1, y: 0)) }
            return
        }
        let count = closed ? points.count : points.count - 1
        for i in 0..<count {
            let a = points[i], b = points[(i + 1) % points.count]
            let n = (b - a).leftNormal * (halfWidth / (b - a).length)
            add([a - n, b - n, b + n, a + n])
        }
        // Joins at interior vertices (every vertex when closed).
        let vertices = closed ? Array(0..<points.count) : Array(1..<(points.count - 1))
        for i in vertices {
            let prev = points[(i - 1 + points.count) % points.count], p = points[i], next = points[(i + 1) % points.count]
            addJoin(at: p, incoming: (p - prev).unit, outgoing: (next - p).unit)
        }
        if !closed {
            addCap(at: points[0], direction: (points[0] - points[1]).unit)
            addCap(at: points[points.count - 1], direction: (points[points.count - 1] - points[points.count - 2]).unit)
        }
    }

    /// Fills the wedge on the outside of a turn.
    private mutating func addJoin(at p: CGPoint, incoming d1: CGPoint, outgoing d2: CGPoint) {
        let turn = d1.cross(d2)
        let cosine = min(max(d1.dot(d2), -1), 1)
        guard abs(turn) > 1e-12 || cosine < 0 else { return }  // straight on
        // The outer side is right of the path for a left turn, left for a right turn.
        let side: CGFloat = turn > 0 ? -1 : 1
        let a = p + d1.leftNormal * (halfWidth * side), b = p + d2.leftNormal * (halfWidth * side)
        switch join {
        case .bevel:
            add([p, a, b])
        case .miter:
            // miter length / line width = 1 / sin(φ/2), φ the angle between the segments; cos(turn/2) = sin(φ/2).
            let halfTurnCos = ((1 + cosine) / 2).squareRoot()
            if halfTurnCos > 1e-9, 1 / halfTurnCos <= miterLimit {
                let bisector = (d1.leftNormal + d2.leftNormal).unit * side
                add([p, a, p + bisector * (halfWidth / halfTurnCos), b])
            } else {
                add([p, a, b])
            }
        case .round:
            add([p] + arcPoints(center: p, from: a, to: b, clockwise: side > 0 ? true : false))
        }
    }

    /// Adds the cap at an open end; `direction` points away from the path.
    private mutating func addCap(at p: CGPoint, direction d: CGPoint) {
        let n = d.leftNormal * halfWidth
        switch cap {
        case .butt: return
        case .square:
            add([p - n, p - n + d * halfWidth, p + n + d * halfWidth, p + n])
        case .round:
            add([p] + arcPoints(center: p, from: p - n, to: p + n, clockwise: false))
        }
    }

    /// Points on the circle of `halfWidth` about `center` from `a` to `b` inclusive, turning counter-clockwise
    /// (increasing angle) unless `clockwise`, at most 10° apart.
    private func arcPoints(center: CGPoint, from a: CGPoint, to b: CGPoint, clockwise: Bool) -> [CGPoint] {
        let a0 = atan2(a.y - center.y, a.x - center.x)
        var sweep = atan2(b.y - center.y, b.x - center.x) - a0
        guard sweep.isFinite, halfWidth.isFinite else { return [a, b] }
        if clockwise { while sweep > 0 { sweep -= 2 * .pi } } else { while sweep < 0 { sweep += 2 * .pi } }
        let steps = max(1, Int((abs(sweep) / (.pi / 18)).rounded(.up)))
        return (0...steps).map { i in
            let angle = a0 + sweep * CGFloat(i) / CGFloat(steps)
            return CGPoint(x: center.x + halfWidth * cos(angle), y: center.y + halfWidth * sin(angle))
        }
    }

    /// Records a convex polygon, reversed if needed so every polygon winds counter-clockwise.
    private mutating func add(_ polygon: [CGPoint]) {
        var area: CGFloat = 0
        for i in 0..<polygon.count { area += polygon[i].cross(polygon[(i + 1) % polygon.count]) }
        guard abs(area) > 1e-18 else { return }
        polygons.append(area > 0 ? polygon : polygon.reversed())
    }
}

/// The outline of `path` stroked with the given width, cap, join and miter limit (transformed by `m`, when given), or nil for a nil path.
public func CGPathCreateCopyByStrokingPath(_ path: CGPath?, _ m: UnsafePointer<CGAffineTransform>?, _ lineWidth: CGFloat, _ lineCap: CGLineCap, _ lineJoin: CGLineJoin, _ miterLimit: CGFloat) -> CGPath? {
    path?.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, transform: m?.pointee ?? .identity)
}
/// `path` cut into dashes of `count` alternating lengths from `lengths`, starting `phase` into the pattern (transformed by `m`, when given), or nil for a nil path.
public func CGPathCreateCopyByDashingPath(_ path: CGPath?, _ m: UnsafePointer<CGAffineTransform>?, _ phase: CGFloat, _ lengths: UnsafePointer<CGFloat>?, _ count: Int) -> CGPath? {
    guard let path else { return nil }
    let pattern = lengths.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    return path.copy(dashingWithPhase: phase, lengths: pattern, transform: m?.pointee ?? .identity)
}

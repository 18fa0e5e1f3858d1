/// A running bounding box of points and Bézier segments. Points that are not finite are left out, and noted.
struct PointBox {
    private(set) var minX = CGFloat.infinity, minY = CGFloat.infinity
    private(set) var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    /// Whether a point that is not finite was offered (and left out).
    private(set) var sawNonFinite = false

    init() {}

    mutating func add(_ p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { sawNonFinite = true; return }
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    /// Adds an element's points, control points included.
    mutating func addControlPoints(of element: PathElement) {
        switch element {
        case .move(let p), .line(let p): add(p)
        case .quad(let c, let p): add(c); add(p)
        case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
        case .close: break
        }
    }

    func contains(_ p: CGPoint) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// Adds a segment whose start is already in the box: its end, and its extrema unless its control points
    /// are inside the box already.
    mutating func add(_ segment: Segment) {
        add(segment.end)
        guard case .cubic(let p0, let p1, let p2, let p3) = segment, !(contains(p1) && contains(p2)) else { return }
        Segment.forEachExtremum(p0.x, p1.x, p2.x, p3.x) { add(segment.point(at: $0)) }
        Segment.forEachExtremum(p0.y, p1.y, p2.y, p3.y) { add(segment.point(at: $0)) }
    }

    /// The box; `.null` when no finite point was added.
    var rect: CGRect { minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null }
}

extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included; `.null` if empty.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        return CGRect.enclosing(points.filter(\.isFinite))
    }

    /// The smallest rectangle containing the path's curves (control points excluded); `.null` if empty.
    /// A lone move counts as a point, as in Apple's implementation.
    ///
    /// Called for every animated shape every frame, so it walks the elements without building subpaths, and
    /// solves for a curve's extrema only when a control point lies outside the box so far (a curve lies within
    /// the hull of its control points).
    public var boundingBoxOfPath: CGRect {
        var box = PointBox()
        var current = CGPoint.zero, start = CGPoint.zero, inSubpath = false
        for e in elements where e.isFinite {
            switch e {
            case .move(let p):
                box.add(p); current = p; start = p; inSubpath = true
            case .line(let p):
                guard inSubpath else { continue }
                box.add(p); current = p
            case .quad(let c, let p):
                guard inSubpath else { continue }
                box.add(Segment.quad(current, c, p)); current = p
            case .cubic(let c1, let c2, let p):
                guard inSubpath else { continue }
                box.add(.cubic(current, c1, c2, p)); current = p
            case .close:
                current = start; inSubpath = false
            }
        }
        return box.rect
    }
}

/// A running bounding box of points and Bézier segments.
private struct PointBox {
    var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
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

    var rect: CGRect { minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null }
}

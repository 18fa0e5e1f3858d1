extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included; `.null` if empty.
    public var boundingBox: CGRect {
        var box = PointBox()
        for e in elements { box.addControlPoints(of: e) }
        return box.rect
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

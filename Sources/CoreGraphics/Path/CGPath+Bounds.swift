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
    public var boundingBoxOfPath: CGRect {
        var box = CGRect.null
        for sub in subpaths {
            box = box.union(CGRect(origin: sub.start, size: .zero))
            for s in sub.segments { box = box.union(s.bounds) }
        }
        return box
    }
}

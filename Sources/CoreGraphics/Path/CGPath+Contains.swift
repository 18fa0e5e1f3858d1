extension CGPath {
    /// Whether `point`, mapped by `transform`, would be painted if the path were filled with `rule`.
    /// Every subpath counts as closed. Points exactly on an edge follow the half-open crossing rule (left and
    /// bottom edges in, right and top out), so adjacent shapes never both claim a point. NaN points are outside.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        guard p.isFinite else { return false }
        let w = windingNumber(at: p)
        return rule == .winding ? w != 0 : w % 2 != 0
    }

    /// The winding number of the flattened path around `p` (curves flattened to 1/100 unit).
    package func windingNumber(at p: CGPoint) -> Int {
        var winding = 0
        for (points, _) in polylines(tolerance: 0.01) where points.count > 1 {
            for i in 0..<points.count {
                let a = points[i], b = points[(i + 1) % points.count]
                if a.y <= p.y {
                    if b.y > p.y, (b - a).cross(p - a) > 0 { winding += 1 }
                } else if b.y <= p.y, (b - a).cross(p - a) < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }
}

/// Whether `point` (through the transform `m`, when given) is inside `path` by the even-odd rule when `eoFill`, else by the non-zero rule. False for a nil path.
public func CGPathContainsPoint(_ path: CGPath?, _ m: UnsafePointer<CGAffineTransform>?, _ point: CGPoint, _ eoFill: Bool) -> Bool {
    path?.contains(point, using: eoFill ? .evenOdd : .winding, transform: m?.pointee ?? .identity) ?? false
}

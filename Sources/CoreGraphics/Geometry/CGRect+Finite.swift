extension CGRect {
    /// The rect with every edge clamped to ±`limit`, or nil when a coordinate is NaN or the rect is null.
    /// Foundation on Linux traps on non-finite rects in `standardized`, `integral` and `intersection`, so
    /// geometry from untrusted input passes through here first.
    package func clampingEdges(to limit: CGFloat) -> CGRect? {
        // (Four edges as locals, not an array: the compositor asks this of several rectangles a layer a frame.)
        let x0 = origin.x, y0 = origin.y, x1 = origin.x + size.width, y1 = origin.y + size.height
        guard !isNull, !x0.isNaN, !y0.isNaN, !x1.isNaN, !y1.isNaN else { return nil }
        func clamped(_ v: CGFloat) -> CGFloat { Swift.max(-limit, Swift.min(limit, v)) }
        let a = clamped(x0), b = clamped(y0), c = clamped(x1), d = clamped(y1)
        return CGRect(x: Swift.min(a, c), y: Swift.min(b, d), width: abs(c - a), height: abs(d - b))
    }

    /// `intersection(_:)` that cannot trap: infinite edges are clamped first; a NaN anywhere gives `.null`.
    package func finiteIntersection(_ other: CGRect) -> CGRect {
        let limit = CGFloat.greatestFiniteMagnitude / 4
        guard let a = clampingEdges(to: limit), let b = other.clampingEdges(to: limit) else { return .null }
        return a.intersection(b)
    }
}

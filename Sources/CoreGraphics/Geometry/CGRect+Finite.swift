extension CGRect {
    /// The rect with every edge clamped to ±`limit`, or nil when a coordinate is NaN or the rect is null.
    /// Foundation on Linux traps on non-finite rects in `standardized`, `integral` and `intersection`, so
    /// geometry from untrusted input passes through here first.
    package func clampingEdges(to limit: CGFloat) -> CGRect? {
        let edges = [origin.x, origin.y, origin.x + size.width, origin.y + size.height]
        guard !isNull, !edges.contains(where: \.isNaN) else { return nil }
        let e = edges.map { Swift.max(-limit, Swift.min(limit, $0)) }
        return CGRect(x: Swift.min(e[0], e[2]), y: Swift.min(e[1], e[3]), width: abs(e[2] - e[0]), height: abs(e[3] - e[1]))
    }

    /// `intersection(_:)` that cannot trap: infinite edges are clamped first; a NaN anywhere gives `.null`.
    package func finiteIntersection(_ other: CGRect) -> CGRect {
        let limit = CGFloat.greatestFiniteMagnitude / 4
        guard let a = clampingEdges(to: limit), let b = other.clampingEdges(to: limit) else { return .null }
        return a.intersection(b)
    }
}

@_implementationOnly import CPango

/// The largest distance text settings carry, in points: far past any page, and small enough that Pango's units
/// (1,024 per point) fit its 32-bit integers.
let largestTextDistance: CGFloat = 1_000_000

/// A distance from an attribute or paragraph style as a usable number of points: 0 for NaN, infinities clamped
/// to ±``largestTextDistance`` (attributes are application input; Pango's integers must not overflow).
func usableTextDistance(_ points: CGFloat?) -> CGFloat {
    guard let points, !points.isNaN else { return 0 }
    return min(max(points, -largestTextDistance), largestTextDistance)
}

/// A distance in points as Pango units, by way of ``usableTextDistance(_:)``.
func pangoUnits(_ points: CGFloat) -> Int32 {
    Int32((usableTextDistance(points) * CGFloat(PANGO_SCALE)).rounded())
}

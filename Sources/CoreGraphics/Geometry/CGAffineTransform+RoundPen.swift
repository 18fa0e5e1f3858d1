extension CGAffineTransform {
    /// The scale of a map that only turns, flips and scales x and y alike, under which a round pen stays round;
    /// nil when it skews or scales one axis more than the other. (The coverage rasterizer outlines strokes only
    /// under such maps, and the compositor asks the same before choosing to draw a stroke that way.)
    package var roundPenScale: CGFloat? {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        guard abs(sx - sy) <= 1e-6 * max(sx, sy), abs(a * c + b * d) <= 1e-6 * sx * sy else { return nil }
        return sx
    }
}

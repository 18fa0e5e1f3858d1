/// A plane-to-plane projective map in Core Animation's row-vector convention: `(x, y, 1) · H = (X, Y, W)`, the
/// image point `(X/W, Y/W)`. A layer flattened into its parent's plane maps by rows and columns 1, 2, 4 of its
/// 4×4 transform chain (z dropped); affine maps are homographies whose last column is (0, 0, 1).
package struct Homography: Hashable, Sendable {
    package var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    package init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double, _ i: Double) {
        m = (a, b, c, d, e, f, g, h, i)
    }

    package init(_ t: CGAffineTransform) { self.init(t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1) }

    /// The flattening of a 4×4 transform onto the z = 0 plane.
    package init(flattening t: CATransform3D) { self.init(t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44) }

    package static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    package static func == (l: Homography, r: Homography) -> Bool {
        l.m.0 == r.m.0 && l.m.1 == r.m.1 && l.m.2 == r.m.2 && l.m.3 == r.m.3 && l.m.4 == r.m.4 && l.m.5 == r.m.5
            && l.m.6 == r.m.6 && l.m.7 == r.m.7 && l.m.8 == r.m.8
    }

    package func hash(into h: inout Hasher) {
        for v in [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] { h.combine(v) }
    }

    /// Whether the map is affine (no perspective).
    package var isAffine: Bool { m.2 == 0 && m.5 == 0 && m.8 == 1 }

    package var affine: CGAffineTransform { CGAffineTransform(a: m.0, b: m.1, c: m.3, d: m.4, tx: m.6, ty: m.7) }

    /// The map with float noise removed when it is within a millionth of a pixel of a translation by whole pixels,
    /// else the map itself: a raster drawn at the layer's on-screen scale arrives here as a scale by 1/s then s,
    /// which can miss 1 by an ulp and would then be resampled instead of copied.
    package var snappedToWholePixels: Homography {
        guard isAffine, abs(m.0 - 1) < 1e-9, abs(m.4 - 1) < 1e-9, abs(m.1) < 1e-9, abs(m.3) < 1e-9 else { return self }
        let x = m.6.rounded(), y = m.7.rounded()
        guard abs(m.6 - x) < 1e-6, abs(m.7 - y) < 1e-6 else { return self }
        return Homography(1, 0, 0, 0, 1, 0, x, y, 1)
    }

    /// The offset when the map is a translation by whole pixels (a plain copy, pixman's fast path), else nil.
    package var wholePixelOffset: (x: Int, y: Int)? {
        guard isAffine, m.0 == 1, m.1 == 0, m.3 == 0, m.4 == 1, m.6 == m.6.rounded(), m.7 == m.7.rounded(),
              abs(m.6) < 1e9, abs(m.7) < 1e9 else { return nil }
        return (Int(m.6), Int(m.7))
    }

    /// `self` then `o`.
    package func concatenating(_ o: Homography) -> Homography {
        let a = m, b = o.m
        return Homography(a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                          a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                          a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8)
    }

    /// The inverse, or nil when singular.
    package var inverted: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        return Homography(A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
                          B / det, (a * i - c * g) / det, -(a * f - c * d) / det,
                          C / det, -(a * h - b * g) / det, (a * e - b * d) / det)
    }

    /// The image of `(x, y)` and its w (negative or zero: behind the eye).
    package func map(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let X = x * m.0 + y * m.3 + m.6, Y = x * m.1 + y * m.4 + m.7, W = x * m.2 + y * m.5 + m.8
        return (X / W, Y / W, W)
    }

    /// The images of a rectangle's corners, in order, or nil if any lies behind the eye.
    package func quad(_ r: CGRect) -> [CGPoint]? {
        // (Checked before the array is made: this runs for every blit of every frame, and the array is one
        // allocation only when made whole.)
        let a = map(Double(r.minX), Double(r.minY)), b = map(Double(r.maxX), Double(r.minY))
        let c = map(Double(r.maxX), Double(r.maxY)), d = map(Double(r.minX), Double(r.maxY))
        func inFront(_ p: (x: Double, y: Double, w: Double)) -> Bool { p.w > 1e-9 && p.x.isFinite && p.y.isFinite }
        guard inFront(a), inFront(b), inFront(c), inFront(d) else { return nil }
        return [CGPoint(x: a.x, y: a.y), CGPoint(x: b.x, y: b.y), CGPoint(x: c.x, y: c.y), CGPoint(x: d.x, y: d.y)]
    }
}

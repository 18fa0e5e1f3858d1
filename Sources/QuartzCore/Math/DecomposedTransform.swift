/// A transform taken apart for interpolation: scale, skew, rotation (a unit quaternion), translation and
/// perspective, after CSS Transforms Level 2 §"Decomposing a 3D matrix", written for Core Animation's row-vector
/// layout (semantics file Q9 DECISION). Interpolating the parts and recomposing is how `transform` animates:
/// identity → a 2π rotation does not move, and −3π/2 animates as +π/2.
///
/// Composition, as row vectors: `M = S · K · R · T · P` — scale, then skew, rotation, translation, perspective.
package struct DecomposedTransform: Equatable, Sendable {
    package var scale: (x: Double, y: Double, z: Double)
    /// Shears xy, xz, yz.
    package var skew: (xy: Double, xz: Double, yz: Double)
    /// (x, y, z, w), w ≥ 0 as decomposition produces it.
    package var quaternion: (x: Double, y: Double, z: Double, w: Double)
    package var translation: (x: Double, y: Double, z: Double)
    package var perspective: (x: Double, y: Double, z: Double, w: Double)

    package static func == (l: Self, r: Self) -> Bool {
        l.scale == r.scale && l.skew == r.skew && l.quaternion == r.quaternion && l.translation == r.translation
            && l.perspective == r.perspective
    }

    package static let identity = DecomposedTransform(scale: (1, 1, 1), skew: (0, 0, 0), quaternion: (0, 0, 0, 1),
                                                      translation: (0, 0, 0), perspective: (0, 0, 0, 1))

    /// Decomposes `t`; nil when it is singular (or its m44 is zero). Allocation-free.
    package init?(_ t: CATransform3D) {
        var m = Matrix4(t)
        guard m[3, 3] != 0, m.isFinite else { return nil }
        let norm = m[3, 3]
        for i in 0..<4 { for j in 0..<4 { m[i, j] /= norm } }
        // The affine part N (last column 0, 0, 0, 1) must be invertible.
        if m[0, 3] != 0 || m[1, 3] != 0 || m[2, 3] != 0 {
            var affine = m
            for i in 0..<3 { affine[i, 3] = 0 }
            affine[3, 3] = 1
            guard let inverse = affine.inverted else { return nil }
            // M = N · P, P the identity with last column p: p = N⁻¹ · (m14, m24, m34, m44)ᵀ.
            func p(_ i: Int) -> Double { inverse[i, 0] * m[0, 3] + inverse[i, 1] * m[1, 3] + inverse[i, 2] * m[2, 3] + inverse[i, 3] * m[3, 3] }
            perspective = (p(0), p(1), p(2), p(3))
        } else {
            // (No perspective: N is M, invertible when its upper 3 × 3 is — told by the determinant, not by
            // inverting all of it, unless the determinant is too small to tell.)
            let r0 = Vector3(m[0, 0], m[0, 1], m[0, 2]), r1 = Vector3(m[1, 0], m[1, 1], m[1, 2]), r2 = Vector3(m[2, 0], m[2, 1], m[2, 2])
            let determinant = r0.dot(r1.cross(r2))
            if !(abs(determinant) > 1e-200) {
                var affine = m
                affine[3, 3] = 1
                guard affine.inverted != nil else { return nil }
            }
            perspective = (0, 0, 0, 1)
        }
        translation = (m[3, 0], m[3, 1], m[3, 2])

        // Gram–Schmidt on the rows of the upper 3×3: rows = diag(scale) · skew · rotation.
        var r0 = Vector3(m[0, 0], m[0, 1], m[0, 2]), r1 = Vector3(m[1, 0], m[1, 1], m[1, 2]), r2 = Vector3(m[2, 0], m[2, 1], m[2, 2])
        var sx = r0.length
        r0 = r0 / sx
        var xy = r0.dot(r1)
        r1 = r1 - r0 * xy
        var sy = r1.length
        r1 = r1 / sy
        xy /= sy
        var xz = r0.dot(r2)
        r2 = r2 - r0 * xz
        var yz = r1.dot(r2)
        r2 = r2 - r1 * yz
        var sz = r2.length
        r2 = r2 / sz
        xz /= sz; yz /= sz

        // A negative determinant is a reflection: a 2-D matrix flips one axis (Chromium's rule: the one
        // whose scale is smaller), a 3-D one flips all three (CSS).
        if r0.dot(r1.cross(r2)) < 0 {
            if CATransform3DIsAffine(t) {
                if m[0, 0] < m[1, 1] { sx = -sx; r0 = r0 * -1; xy = -xy } else { sy = -sy; r1 = r1 * -1; xy = -xy }
            } else {
                sx = -sx; sy = -sy; sz = -sz
                r0 = r0 * -1; r1 = r1 * -1; r2 = r2 * -1
            }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        quaternion = Quaternion.fromRotationRows((r0, r1, r2))
    }

    package init(scale: (Double, Double, Double), skew: (Double, Double, Double), quaternion: (Double, Double, Double, Double),
                 translation: (Double, Double, Double), perspective: (Double, Double, Double, Double)) {
        self.scale = scale; self.skew = skew; self.quaternion = quaternion
        self.translation = translation; self.perspective = perspective
    }

    /// The matrix these parts compose to. Allocation-free.
    package var recomposed: CATransform3D {
        Self.compose(rotationRows: Quaternion.rotationRows(quaternion), scale: scale, skew: skew,
                     translation: translation, perspective: perspective)
    }

    /// S·K·R·T·P from R's rows: the one recomposition both `recomposed` and the transform key-path setters use.
    @inline(__always)
    package static func compose(rotationRows r: (Vector3, Vector3, Vector3), scale: (x: Double, y: Double, z: Double),
                                skew: (xy: Double, xz: Double, yz: Double), translation t: (x: Double, y: Double, z: Double),
                                perspective p: (x: Double, y: Double, z: Double, w: Double)) -> CATransform3D {
        // Rows of S·K·R: a0 = sx r0, a1 = sy (r1 + xy r0), a2 = sz (r2 + xz r0 + yz r1).
        let a0 = r.0 * scale.x
        let a1 = (r.1 + r.0 * skew.xy) * scale.y
        let a2 = (r.2 + r.0 * skew.xz + r.1 * skew.yz) * scale.z
        // M = N · P: columns 0–2 are N's; column 3 is N · p.
        func w(_ a: Vector3, _ last: Double) -> CGFloat { CGFloat(a.x * p.x + a.y * p.y + a.z * p.z + last * p.w) }
        return CATransform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: w(a0, 0),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: w(a1, 0),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: w(a2, 0),
            m41: t.x, m42: t.y, m43: t.z, m44: w(Vector3(t.x, t.y, t.z), 1))
    }

    /// Linear in everything but rotation, which slerps (CSS's formula: no shortest-path flip).
    package func interpolated(to b: DecomposedTransform, fraction t: Double) -> DecomposedTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return DecomposedTransform(
            scale: (mix(scale.x, b.scale.x), mix(scale.y, b.scale.y), mix(scale.z, b.scale.z)),
            skew: (mix(skew.xy, b.skew.xy), mix(skew.xz, b.skew.xz), mix(skew.yz, b.skew.yz)),
            quaternion: Quaternion.slerp(quaternion, b.quaternion, t),
            translation: (mix(translation.x, b.translation.x), mix(translation.y, b.translation.y), mix(translation.z, b.translation.z)),
            perspective: (mix(perspective.x, b.perspective.x), mix(perspective.y, b.perspective.y),
                          mix(perspective.z, b.perspective.z), mix(perspective.w, b.perspective.w)))
    }
}

extension CATransform3D {
    /// `self` and `to` interpolated by decomposition at `fraction` (which may lie outside [0, 1] for springs).
    /// If either cannot be decomposed, switches at ½ (semantics Q12).
    package func interpolated(to b: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 { return self }
        if fraction == 1 { return b }
        guard let da = DecomposedTransform(self), let db = DecomposedTransform(b) else { return fraction < 0.5 ? self : b }
        return da.interpolated(to: db, fraction: fraction).recomposed
    }
}

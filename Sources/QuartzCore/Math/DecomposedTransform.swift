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

    /// Decomposes `t`; nil when it is singular (or its m44 is zero).
    package init?(_ t: CATransform3D) {
        var m = t.rows.map { $0.map(Double.init) }
        guard m[3][3] != 0, m.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        let norm = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= norm } }
        // The affine part N (last column 0, 0, 0, 1) must be invertible.
        var affine = m
        for i in 0..<3 { affine[i][3] = 0 }
        affine[3][3] = 1
        guard let affineInverse = invert4x4(affine) else { return nil }
        // M = N · P, P the identity with last column p: p = N⁻¹ · (m14, m24, m34, m44)ᵀ.
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let column = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let p = (0..<4).map { i in (0..<4).reduce(0.0) { $0 + affineInverse[i][$1] * column[$1] } }
            perspective = (p[0], p[1], p[2], p[3])
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (m[3][0], m[3][1], m[3][2])

        // Gram–Schmidt on the rows of the upper 3×3: rows = diag(scale) · skew · rotation.
        var row = (0..<3).map { Vector3(m[$0][0], m[$0][1], m[$0][2]) }
        var sx = row[0].length
        row[0] = row[0] / sx
        var xy = row[0].dot(row[1])
        row[1] = row[1] - row[0] * xy
        var sy = row[1].length
        row[1] = row[1] / sy
        xy /= sy
        var xz = row[0].dot(row[2])
        row[2] = row[2] - row[0] * xz
        var yz = row[1].dot(row[2])
        row[2] = row[2] - row[1] * yz
        var sz = row[2].length
        row[2] = row[2] / sz
        xz /= sz; yz /= sz

        // A negative determinant is a reflection: a 2-D matrix flips one axis (Chromium's rule: the one
        // whose scale is smaller), a 3-D one flips all three (CSS).
        if row[0].dot(row[1].cross(row[2])) < 0 {
            if CATransform3DIsAffine(t) {
                if m[0][0] < m[1][1] { sx = -sx; row[0] = row[0] * -1; xy = -xy } else { sy = -sy; row[1] = row[1] * -1; xy = -xy }
            } else {
                sx = -sx; sy = -sy; sz = -sz
                row = row.map { $0 * -1 }
            }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        quaternion = Quaternion.fromRotationRows(row)
    }

    package init(scale: (Double, Double, Double), skew: (Double, Double, Double), quaternion: (Double, Double, Double, Double),
                 translation: (Double, Double, Double), perspective: (Double, Double, Double, Double)) {
        self.scale = scale; self.skew = skew; self.quaternion = quaternion
        self.translation = translation; self.perspective = perspective
    }

    /// The matrix these parts compose to.
    package var recomposed: CATransform3D {
        let r = Quaternion.rotationRows(quaternion)
        // Rows of S·K·R: a0 = sx r0, a1 = sy (r1 + xy r0), a2 = sz (r2 + xz r0 + yz r1).
        let a0 = r[0] * scale.x
        let a1 = (r[1] + r[0] * skew.xy) * scale.y
        let a2 = (r[2] + r[0] * skew.xz + r[1] * skew.yz) * scale.z
        let n: [[Double]] = [[a0.x, a0.y, a0.z, 0], [a1.x, a1.y, a1.z, 0], [a2.x, a2.y, a2.z, 0],
                             [translation.x, translation.y, translation.z, 1]]
        let p = [perspective.x, perspective.y, perspective.z, perspective.w]
        // M = N · P: columns 0–2 are N's; column 3 is N · p.
        let out: [[CGFloat]] = n.map { row in
            [CGFloat(row[0]), CGFloat(row[1]), CGFloat(row[2]), CGFloat((0..<4).reduce(0.0) { $0 + row[$1] * p[$1] })]
        }
        return CATransform3D(rows: out)
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

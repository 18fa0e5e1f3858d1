/// A three-component vector for the decomposition arithmetic.
package struct Vector3: Sendable {
    package var x, y, z: Double
    package init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    package var length: Double { (x * x + y * y + z * z).squareRoot() }
    package func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    package func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    package static func + (l: Vector3, r: Vector3) -> Vector3 { Vector3(l.x + r.x, l.y + r.y, l.z + r.z) }
    package static func - (l: Vector3, r: Vector3) -> Vector3 { Vector3(l.x - r.x, l.y - r.y, l.z - r.z) }
    package static func * (l: Vector3, s: Double) -> Vector3 { Vector3(l.x * s, l.y * s, l.z * s) }
    package static func / (l: Vector3, s: Double) -> Vector3 { s == 0 ? l : Vector3(l.x / s, l.y / s, l.z / s) }
}

/// Unit quaternions for rotations in Core Animation's row-vector convention (`p' = p · R`): rotating by θ about
/// the unit axis u is `(u·sin(θ/2), cos(θ/2))`, matching `CATransform3DMakeRotation`.
package enum Quaternion {
    package typealias Value = (x: Double, y: Double, z: Double, w: Double)

    /// The rotation matrix's rows.
    package static func rotationRows(_ q: Value) -> Rows {
        let (x, y, z, w) = q
        return (Vector3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                Vector3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                Vector3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    /// Three rows of a 3×3 matrix.
    package typealias Rows = (Vector3, Vector3, Vector3)

    /// The quaternion of an orthonormal rotation given by rows, with w ≥ 0 (magnitudes from the diagonal, signs
    /// from the off-diagonal differences, as the CSS algorithm does).
    package static func fromRotationRows(_ r: Rows) -> Value {
        let (r00, r11, r22) = (r.0.x, r.1.y, r.2.z)
        var x = 0.5 * max(1 + r00 - r11 - r22, 0).squareRoot()
        var y = 0.5 * max(1 - r00 + r11 - r22, 0).squareRoot()
        var z = 0.5 * max(1 - r00 - r11 + r22, 0).squareRoot()
        let w = 0.5 * max(1 + r00 + r11 + r22, 0).squareRoot()
        // In this convention r12 − r21 = 4wx, r20 − r02 = 4wy, r01 − r10 = 4wz.
        if r.1.z < r.2.y { x = -x }
        if r.2.x < r.0.z { y = -y }
        if r.0.y < r.1.x { z = -z }
        return (x, y, z, w)
    }

    /// Spherical interpolation, CSS Transforms 2's formula (no shortest-path flip).
    package static func slerp(_ a: Value, _ b: Value, _ t: Double) -> Value {
        var product = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        product = min(max(product, -1), 1)
        if abs(product) == 1 { return a }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        let ka = cos(t * theta) - product * w
        return (a.x * ka + b.x * w, a.y * ka + b.y * w, a.z * ka + b.z * w, a.w * ka + b.w * w)
    }
}

/// A 4×4 matrix of `Double`s in fixed inline storage (row-major), for the decomposition arithmetic: no heap
/// allocation, so transform interpolation can run in the per-frame path.
package struct Matrix4 {
    private var s: (Double, Double, Double, Double, Double, Double, Double, Double,
                    Double, Double, Double, Double, Double, Double, Double, Double)

    package init(_ t: CATransform3D) {
        s = (t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
             t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
    }

    package static var identity: Matrix4 { Matrix4(CATransform3DIdentity) }

    package subscript(r: Int, c: Int) -> Double {
        get { withUnsafeBytes(of: s) { $0.load(fromByteOffset: (r * 4 + c) * 8, as: Double.self) } }
        set { withUnsafeMutableBytes(of: &s) { $0.storeBytes(of: newValue, toByteOffset: (r * 4 + c) * 8, as: Double.self) } }
    }

    package var transform: CATransform3D {
        CATransform3D(m11: s.0, m12: s.1, m13: s.2, m14: s.3, m21: s.4, m22: s.5, m23: s.6, m24: s.7,
                      m31: s.8, m32: s.9, m33: s.10, m34: s.11, m41: s.12, m42: s.13, m43: s.14, m44: s.15)
    }

    package var isFinite: Bool {
        withUnsafeBytes(of: s) { raw in
            var i = 0
            while i < 16 {
                if !raw.load(fromByteOffset: i * 8, as: Double.self).isFinite { return false }
                i += 1
            }
            return true
        }
    }

    /// Gauss–Jordan inversion with partial pivoting; nil when singular or not finite.
    package var inverted: Matrix4? {
        guard isFinite else { return nil }
        var a = self, inv = Matrix4.identity
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r, col]) > abs(a[pivot, col]) { pivot = r }
            guard abs(a[pivot, col]) > 1e-300 else { return nil }
            if pivot != col {
                for j in 0..<4 {
                    (a[col, j], a[pivot, j]) = (a[pivot, j], a[col, j])
                    (inv[col, j], inv[pivot, j]) = (inv[pivot, j], inv[col, j])
                }
            }
            let p = a[col, col]
            for j in 0..<4 { a[col, j] /= p; inv[col, j] /= p }
            for row in 0..<4 where row != col {
                let f = a[row, col]
                guard f != 0 else { continue }
                for j in 0..<4 { a[row, j] -= f * a[col, j]; inv[row, j] -= f * inv[col, j] }
            }
        }
        return inv
    }
}

/// Where layer values enter: the setters ask here before storing (docs/bad-input.md). Geometry, appearance
/// numbers and transforms must be finite; timing values may be infinite where Core Animation gives infinity a
/// meaning (a duration or repeat that never ends) but never NaN. A refused value leaves the property as it was
/// and is reported to `CALayerTreeDiagnosticHandler`; Apple's CALayer raises `CALayerInvalidGeometry` instead.
extension CALayer {
    /// Whether `value` may be stored under `key`; reports and answers false when it has a non-finite component.
    @inline(__always)
    func admits<T: FiniteCheckable>(_ key: String, _ value: T) -> Bool {
        if value.isFiniteValue { return true }
        CALayerTreeDiagnostics.report(.nonFiniteValue(key: key, layer: description, value: "\(value)"))
        return false
    }

    /// Whether a timing value may be stored under `key`: anything but NaN.
    @inline(__always)
    func admitsTiming<T: BinaryFloatingPoint>(_ key: String, _ value: T) -> Bool {
        if !value.isNaN { return true }
        CALayerTreeDiagnostics.report(.nonFiniteValue(key: key, layer: description, value: "nan"))
        return false
    }
}

extension CATransform3D: FiniteCheckable {
    package var isFiniteValue: Bool {
        // x·0 is 0 for a finite x and NaN otherwise, so the sum is 0 exactly when all sixteen are finite (no
        // array: frame layers check a transform every frame).
        let zeros = m11 * 0 + m12 * 0 + m13 * 0 + m14 * 0 + m21 * 0 + m22 * 0 + m23 * 0 + m24 * 0
            + m31 * 0 + m32 * 0 + m33 * 0 + m34 * 0 + m41 * 0 + m42 * 0 + m43 * 0 + m44 * 0
        return zeros == 0
    }
}

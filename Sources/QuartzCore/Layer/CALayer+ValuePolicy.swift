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
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].allSatisfy(\.isFinite)
    }
}

/// `NSValue` boxing as Apple's QuartzCore declares it. Foundation on Linux cannot box an arbitrary struct
/// (`NSValue(bytes:objCType:)` traps on struct encodings), so a transform is boxed as an array of sixteen
/// doubles, `[16d]`, in Apple's field order (m11, m12, … m44).
extension NSValue {
    /// The type encoding Calyx boxes `CATransform3D` with (Apple's is `{CATransform3D=dddddddddddddddd}`).
    package static let transform3DEncoding = "[16d]"
    /// The encoding UIKit's `NSValue(cgAffineTransform:)` boxes with: a, b, c, d, tx, ty.
    package static let affineTransformEncoding = "[6d]"

    /// The doubles a value boxed as an array of `count` doubles holds, or nil when it holds something else.
    package func doubles(count: Int) -> [Double]? {
        guard boxedContent == .encoding("[\(count)d]") else { return nil }
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }

    /// A value holding `t`.
    public convenience init(caTransform3D t: CATransform3D) {
        let fields: [Double] = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        self.init(bytes: fields, objCType: NSValue.transform3DEncoding)
    }

    /// The transform the value holds; identity when it holds something else.
    public var caTransform3DValue: CATransform3D {
        guard boxedContent == .encoding(NSValue.transform3DEncoding) else { return CATransform3DIdentity }
        var m = [Double](repeating: 0, count: 16)
        m.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        let f = m.map { CGFloat($0) }
        return CATransform3D(m11: f[0], m12: f[1], m13: f[2], m14: f[3], m21: f[4], m22: f[5], m23: f[6], m24: f[7],
                             m31: f[8], m32: f[9], m33: f[10], m34: f[11], m41: f[12], m42: f[13], m43: f[14], m44: f[15])
    }
}

/// The Swift value an `NSValue` boxes (a point, size, vector, rect or transform), so animation values and key-value
/// writes given boxed, as iOS code gives them, act like the bare values. Anything else, numbers included,
/// passes through.
package func unboxed(_ any: Any?) -> Any? {
    guard let value = any as? NSValue, !(value is NSNumber) else { return any }
    let encoding: String
    switch value.boxedContent {
    case .value(let special): return special
    case .encoding(let e): encoding = e
    case nil: return any
    }
    if encoding.hasPrefix("{CGPoint") { return value.pointValue }
    if encoding.hasPrefix("{CGSize") { return value.sizeValue }
    if encoding.hasPrefix("{CGRect") { return value.rectValue }
    if encoding == NSValue.transform3DEncoding { return value.caTransform3DValue }
    // Two doubles: UIKit's boxed vectors and offsets, read as a vector (any two-component key accepts one).
    if let v = value.doubles(count: 2) { return CGVector(dx: v[0], dy: v[1]) }
    if let m = value.doubles(count: 6), encoding == NSValue.affineTransformEncoding {
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }
    return any
}

/// What an `NSValue` holds, read without `objCType`: Foundation on Linux allocates a new C string for every read of
/// `objCType` and never frees it, so boxes are looked into through reflection — a point, size, rect, range or
/// edge insets directly, anything else by its type encoding — and `objCType` is read only as a last resort.
package enum BoxedContent: Equatable {
    case value(AnyHashable)
    case encoding(String)
}

extension NSValue {
    package var boxedContent: BoxedContent? {
        let mirror = Mirror(reflecting: self)
        for child in mirror.children {
            if child.label == "_value" {
                switch child.value {
                case let p as CGPoint: return .value(p)
                case let s as CGSize: return .value(s)
                case let r as CGRect: return .value(r)
                default: return .encoding(String(describing: type(of: child.value)))
                }
            }
            if child.label == "_typeInfo",
               let name = Mirror(reflecting: child.value).children.first(where: { $0.label == "name" })?.value as? String {
                return .encoding(name)
            }
        }
        return .encoding(String(cString: objCType))
    }
}

/// Names of the value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation about the x axis by the value, in radians.
    public static let rotateX = Self(rawValue: "rotateX")
    /// A rotation about the y axis by the value, in radians.
    public static let rotateY = Self(rawValue: "rotateY")
    /// A rotation about the z axis by the value, in radians.
    public static let rotateZ = Self(rawValue: "rotateZ")
    /// A scale by the three values (x, y, z), or by one value on every axis.
    public static let scale = Self(rawValue: "scale")
    /// A scale of the x axis by the value.
    public static let scaleX = Self(rawValue: "scaleX")
    /// A scale of the y axis by the value.
    public static let scaleY = Self(rawValue: "scaleY")
    /// A scale of the z axis by the value.
    public static let scaleZ = Self(rawValue: "scaleZ")
    /// A translation by the three values (x, y, z).
    public static let translate = Self(rawValue: "translate")
    /// A translation along the x axis by the value.
    public static let translateX = Self(rawValue: "translateX")
    /// A translation along the y axis by the value.
    public static let translateY = Self(rawValue: "translateY")
    /// A translation along the z axis by the value.
    public static let translateZ = Self(rawValue: "translateZ")
}

/// Turns animated numbers into a transform (rotation angles in radians, scales, translations). Asking for the
/// same name twice through `named(_:)` answers the same object; unknown names answer nil (semantics §3.2).
public final class CAValueFunction: NSObject, @unchecked Sendable {
    /// Which transform the function makes.
    public let name: CAValueFunctionName

    private init(validName: CAValueFunctionName) { self.name = validName }

    private static let known: [CAValueFunctionName: CAValueFunction] = Dictionary(uniqueKeysWithValues:
        [CAValueFunctionName.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX,
         .translateY, .translateZ].map { ($0, CAValueFunction(validName: $0)) })

    /// The value function named `name`, or nil for a name Core Animation does not know.
    public convenience init?(name: CAValueFunctionName) {
        guard CAValueFunction.known[name] != nil else { return nil }
        self.init(validName: name)
    }

    /// The shared instance for `name`.
    package static func named(_ name: CAValueFunctionName) -> CAValueFunction? { known[name] }

    /// The kind the animation's values must have: three numbers for `scale` and `translate`, one otherwise.
    package var inputKind: ValueKind { name == .scale || name == .translate ? .numbers : .number }

    /// The transform for an interpolated input.
    package func transform(for value: AnimatableValue) -> CATransform3D {
        let v: [Double]
        switch value {
        case .number(let x): v = [x]
        case .numbers(let xs): v = xs
        default: return CATransform3DIdentity
        }
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(v.indices.contains(i) ? v[i] : fallback) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(at(0, 0), 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(at(0, 0), 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(at(0, 0), 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(at(0, 0), 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, at(0, 0), 0)
        default: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        }
    }
}

/// The geometry of a `CAGradientLayer`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial"), radial = Self(rawValue: "radial"), conic = Self(rawValue: "conic")
}

/// A layer that draws a gradient over its background colour (semantics §9.4). Points are in the unit square
/// of the bounds.
open class CAGradientLayer: CALayer, @unchecked Sendable {
    /// `CGColor`s.
    open var colors: [Any]? { didSet { didChangeUncompared("colors", oldValue) } }
    /// Stop locations in [0, 1]; nil spreads the colours evenly.
    open var locations: [NSNumber]? { didSet { didChange("locations", oldValue, locations) } }
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { guard admits("startPoint", startPoint) else { startPoint = oldValue; return }; didChange("startPoint", oldValue, startPoint) } }
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { guard admits("endPoint", endPoint) else { endPoint = oldValue; return }; didChange("endPoint", oldValue, endPoint) } }
    open var type = CAGradientLayerType.axial { didSet { didChange("type", oldValue, type) } }

    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let gradientProperties = CALayer.layerProperties.adding([
        .make("colors", \CAGradientLayer.colors, { $0.colors = $1 }, .colors, Convert.optionalArray),
        .make("locations", \CAGradientLayer.locations, { $0.locations = $1 }, .numbers, Convert.numberArray),
        .make("startPoint", \CAGradientLayer.startPoint, { $0.startPoint = $1 }, .point, Convert.point),
        .make("endPoint", \CAGradientLayer.endPoint, { $0.endPoint = $1 }, .point, Convert.point),
        .make("type", \CAGradientLayer.type, { $0.type = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
    ])
    package override class var propertyTable: PropertyTable { gradientProperties }
}

/// Fill rules for `CAShapeLayer`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero"), evenOdd = Self(rawValue: "even-odd")
}

/// Line caps for `CAShapeLayer`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}

/// Line joins for `CAShapeLayer`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: filled, then stroked, between its contents and its first sublayer (semantics
/// §9.2). `strokeStart`/`strokeEnd` trim the stroke by fractions of the path's length. The path animates but
/// has no implicit animation.
open class CAShapeLayer: CALayer, @unchecked Sendable {
    open var path: CGPath? { didSet { didChange("path", oldValue, path) } }
    open var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { didChange("fillColor", oldValue, fillColor) } }
    open var fillRule = CAShapeLayerFillRule.nonZero { didSet { didChange("fillRule", oldValue, fillRule) } }
    open var strokeColor: CGColor? { didSet { didChange("strokeColor", oldValue, strokeColor) } }
    open var strokeStart: CGFloat = 0 { didSet { guard admits("strokeStart", strokeStart) else { strokeStart = oldValue; return }; didChange("strokeStart", oldValue, strokeStart) } }
    open var strokeEnd: CGFloat = 1 { didSet { guard admits("strokeEnd", strokeEnd) else { strokeEnd = oldValue; return }; didChange("strokeEnd", oldValue, strokeEnd) } }
    open var lineWidth: CGFloat = 1 { didSet { guard admits("lineWidth", lineWidth) else { lineWidth = oldValue; return }; didChange("lineWidth", oldValue, lineWidth) } }
    open var miterLimit: CGFloat = 10 { didSet { guard admits("miterLimit", miterLimit) else { miterLimit = oldValue; return }; didChange("miterLimit", oldValue, miterLimit) } }
    open var lineCap = CAShapeLayerLineCap.butt { didSet { didChange("lineCap", oldValue, lineCap) } }
    open var lineJoin = CAShapeLayerLineJoin.miter { didSet { didChange("lineJoin", oldValue, lineJoin) } }
    open var lineDashPhase: CGFloat = 0 { didSet { guard admits("lineDashPhase", lineDashPhase) else { lineDashPhase = oldValue; return }; didChange("lineDashPhase", oldValue, lineDashPhase) } }
    open var lineDashPattern: [NSNumber]? { didSet { didChange("lineDashPattern", oldValue, lineDashPattern) } }

    public override init() { super.init() }
    /// A copy takes a mutable path as it is now (a render thread may draw the copy while its owner edits it).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let editable = path as? CGMutablePath { path = editable.copy() }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let shapeProperties = CALayer.layerProperties.adding([
        .make("path", \CAShapeLayer.path, { $0.path = $1 }, .path, implicit: false, Convert.path),
        .make("fillColor", \CAShapeLayer.fillColor, { $0.fillColor = $1 }, .color, Convert.color),
        .make("fillRule", \CAShapeLayer.fillRule, { $0.fillRule = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("strokeColor", \CAShapeLayer.strokeColor, { $0.strokeColor = $1 }, .color, Convert.color),
        .make("strokeStart", \CAShapeLayer.strokeStart, { $0.strokeStart = $1 }, .number, Convert.cgFloat),
        .make("strokeEnd", \CAShapeLayer.strokeEnd, { $0.strokeEnd = $1 }, .number, Convert.cgFloat),
        .make("lineWidth", \CAShapeLayer.lineWidth, { $0.lineWidth = $1 }, .number, Convert.cgFloat),
        .make("miterLimit", \CAShapeLayer.miterLimit, { $0.miterLimit = $1 }, .number, Convert.cgFloat),
        .make("lineCap", \CAShapeLayer.lineCap, { $0.lineCap = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("lineJoin", \CAShapeLayer.lineJoin, { $0.lineJoin = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("lineDashPhase", \CAShapeLayer.lineDashPhase, { $0.lineDashPhase = $1 }, .number, Convert.cgFloat),
        .make("lineDashPattern", \CAShapeLayer.lineDashPattern, { $0.lineDashPattern = $1 }, .numbers, implicit: false, Convert.numberArray),
    ])
    package override class var propertyTable: PropertyTable { shapeProperties }
}

/// Fill rules for `CAShapeLayer`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Fill rules: non-zero winding or even-odd.
    public static let nonZero = Self(rawValue: "non-zero"), evenOdd = Self(rawValue: "even-odd")
}

/// Line caps for `CAShapeLayer`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Line caps: flat at the end, round, or square past the end.
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}

/// Line joins for `CAShapeLayer`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Line joins: pointed, round, or cut off.
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: filled, then stroked, between its contents and its first sublayer (semantics
/// §9.2). `strokeStart`/`strokeEnd` trim the stroke by fractions of the path's length. The path animates but
/// has no implicit animation.
open class CAShapeLayer: CALayer, @unchecked Sendable {
    /// The properties below, as one value (copied whole when the layer is copied).
    @exclusivity(unchecked) package var shapeValues = ShapeValues()
    /// The shape drawn, in the layer's coordinates. Animatable: paths with the same number of points morph.
    open var path: CGPath? { get { shapeValues.path } set { let old = shapeValues.path; shapeValues.path = newValue; didChange("path", old, newValue) } }
    /// The colour filling the path (opaque black by default; nil fills nothing). Animatable.
    open var fillColor: CGColor? { get { shapeValues.fillColor } set { let old = shapeValues.fillColor; shapeValues.fillColor = newValue; didChange("fillColor", old, newValue) } }
    /// Which regions of a self-intersecting path count as inside (non-zero by default).
    open var fillRule: CAShapeLayerFillRule { get { shapeValues.fillRule } set { let old = shapeValues.fillRule; shapeValues.fillRule = newValue; didChange("fillRule", old, newValue) } }
    /// The colour of the path's outline (nil, no outline, by default). Animatable.
    open var strokeColor: CGColor? { get { shapeValues.strokeColor } set { let old = shapeValues.strokeColor; shapeValues.strokeColor = newValue; didChange("strokeColor", old, newValue) } }
    /// Where the stroked part of the path starts, as a fraction of its length (0 by default). Animatable.
    open var strokeStart: CGFloat { get { shapeValues.strokeStart } set { guard admits("strokeStart", newValue) else { return }; let old = shapeValues.strokeStart; shapeValues.strokeStart = newValue; didChange("strokeStart", old, newValue) } }
    /// Where the stroked part of the path ends, as a fraction of its length (1 by default). Animatable: from 0 to 1 it draws the path on.
    open var strokeEnd: CGFloat { get { shapeValues.strokeEnd } set { guard admits("strokeEnd", newValue) else { return }; let old = shapeValues.strokeEnd; shapeValues.strokeEnd = newValue; didChange("strokeEnd", old, newValue) } }
    /// The stroke's width in points (1 by default). Animatable.
    open var lineWidth: CGFloat { get { shapeValues.lineWidth } set { guard admits("lineWidth", newValue) else { return }; let old = shapeValues.lineWidth; shapeValues.lineWidth = newValue; didChange("lineWidth", old, newValue) } }
    /// How far a mitred join may reach before it is bevelled, as a multiple of the line width (10 by default). Animatable.
    open var miterLimit: CGFloat { get { shapeValues.miterLimit } set { guard admits("miterLimit", newValue) else { return }; let old = shapeValues.miterLimit; shapeValues.miterLimit = newValue; didChange("miterLimit", old, newValue) } }
    /// The shape of the stroke's open ends (butt by default).
    open var lineCap: CAShapeLayerLineCap { get { shapeValues.lineCap } set { let old = shapeValues.lineCap; shapeValues.lineCap = newValue; didChange("lineCap", old, newValue) } }
    /// The shape of the stroke's corners (miter by default).
    open var lineJoin: CAShapeLayerLineJoin { get { shapeValues.lineJoin } set { let old = shapeValues.lineJoin; shapeValues.lineJoin = newValue; didChange("lineJoin", old, newValue) } }
    /// How far into the dash pattern the stroke starts. Animatable: animating it marches the dashes.
    open var lineDashPhase: CGFloat { get { shapeValues.lineDashPhase } set { guard admits("lineDashPhase", newValue) else { return }; let old = shapeValues.lineDashPhase; shapeValues.lineDashPhase = newValue; didChange("lineDashPhase", old, newValue) } }
    /// Lengths of painted and unpainted segments of the stroke, alternating (nil, a solid line, by default).
    open var lineDashPattern: [NSNumber]? { get { shapeValues.lineDashPattern } set { let old = shapeValues.lineDashPattern; shapeValues.lineDashPattern = newValue; didChange("lineDashPattern", old, newValue) } }

    /// A shape layer with no path.
    public override init() { super.init() }
    /// A copy takes a mutable path as it is now (a render thread may draw the copy while its owner edits it).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let editable = path as? CGMutablePath { path = editable.copy() }
    }
    /// Decodes a shape layer.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let shapeProperties = CALayer.layerProperties.adding([
        .make("path", \CAShapeLayer.path, { $0.path = $1 }, .path, implicit: false, viewBlocks: true, Convert.path),
        .make("fillColor", \CAShapeLayer.fillColor, { $0.fillColor = $1 }, .color, viewBlocks: true, Convert.color),
        .make("fillRule", \CAShapeLayer.fillRule, { $0.fillRule = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("strokeColor", \CAShapeLayer.strokeColor, { $0.strokeColor = $1 }, .color, viewBlocks: true, Convert.color),
        .make("strokeStart", \CAShapeLayer.strokeStart, { $0.strokeStart = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("strokeEnd", \CAShapeLayer.strokeEnd, { $0.strokeEnd = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("lineWidth", \CAShapeLayer.lineWidth, { $0.lineWidth = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("miterLimit", \CAShapeLayer.miterLimit, { $0.miterLimit = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("lineCap", \CAShapeLayer.lineCap, { $0.lineCap = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("lineJoin", \CAShapeLayer.lineJoin, { $0.lineJoin = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("lineDashPhase", \CAShapeLayer.lineDashPhase, { $0.lineDashPhase = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("lineDashPattern", \CAShapeLayer.lineDashPattern, { $0.lineDashPattern = $1 }, .numbers, implicit: false, Convert.numberArray),
    ], copier: { unsafeDowncast($1, to: CAShapeLayer.self).shapeValues = unsafeDowncast($0, to: CAShapeLayer.self).shapeValues })
    package override class var propertyTable: PropertyTable { shapeProperties }
}

/// `CAShapeLayer`'s own properties, as one value, with Apple's defaults (see `LayerValues`).
package struct ShapeValues: @unchecked Sendable {
    var path: CGPath?
    var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var fillRule: CAShapeLayerFillRule = CAShapeLayerFillRule.nonZero
    var strokeColor: CGColor?
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var miterLimit: CGFloat = 10
    var lineCap: CAShapeLayerLineCap = CAShapeLayerLineCap.butt
    var lineJoin: CAShapeLayerLineJoin = CAShapeLayerLineJoin.miter
    var lineDashPhase: CGFloat = 0
    var lineDashPattern: [NSNumber]?
}

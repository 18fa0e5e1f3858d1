/// The geometry of a `CAGradientLayer`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours change along the line from the start point to the end point.
    public static let axial = Self(rawValue: "axial")
    /// Colours change with the distance from the start point, reaching the last at the end point (an ellipse).
    public static let radial = Self(rawValue: "radial")
    /// Colours change with the angle around the start point (a sweep).
    public static let conic = Self(rawValue: "conic")
}

/// A layer that draws a gradient over its background colour (semantics §9.4). Points are in the unit square
/// of the bounds.
open class CAGradientLayer: CALayer, @unchecked Sendable {
    /// The properties below, as one value (copied whole when the layer is copied).
    @exclusivity(unchecked) package var gradientValues = GradientValues()
    /// `CGColor`s.
    open var colors: [Any]? { get { gradientValues.colors } set { let old = gradientValues.colors; gradientValues.colors = newValue; didChangeUncompared("colors", old) } }
    /// Stop locations in [0, 1]; nil spreads the colours evenly.
    open var locations: [NSNumber]? { get { gradientValues.locations } set { let old = gradientValues.locations; gradientValues.locations = newValue; didChange("locations", old, newValue) } }
    /// Where the gradient starts, in unit coordinates of the bounds ((0.5, 0) by default). Animatable.
    open var startPoint: CGPoint { get { gradientValues.startPoint } set { guard admits("startPoint", newValue) else { return }; let old = gradientValues.startPoint; gradientValues.startPoint = newValue; didChange("startPoint", old, newValue) } }
    /// Where the gradient ends, in unit coordinates of the bounds ((0.5, 1) by default). Animatable.
    open var endPoint: CGPoint { get { gradientValues.endPoint } set { guard admits("endPoint", newValue) else { return }; let old = gradientValues.endPoint; gradientValues.endPoint = newValue; didChange("endPoint", old, newValue) } }
    /// The gradient's geometry: axial (by default), radial or conic.
    open var type: CAGradientLayerType { get { gradientValues.type } set { let old = gradientValues.type; gradientValues.type = newValue; didChange("type", old, newValue) } }

    /// Where a radial gradient's colours start, relative to `startPoint`, in the same unit coordinates: the
    /// focus of a two-point radial gradient whose first colour sits at the focus and whose last reaches the
    /// ellipse about `startPoint` (as an SVG radial gradient's `fx`/`fy` do; ignored unless radial). Zero by
    /// default (the plain radial gradient). Not a Core Animation property: After Effects' gradient highlight
    /// (the `Lottie` module) needs it. Animatable under the key `calyxFocalOffset`; no implicit animation.
    package var focalOffset: CGPoint { get { gradientValues.focalOffset } set { guard admits(Self.focalOffsetKey, newValue) else { return }; let old = gradientValues.focalOffset; gradientValues.focalOffset = newValue; didChange(Self.focalOffsetKey, old, newValue) } }
    /// The key of ``focalOffset`` for animations.
    package static let focalOffsetKey = "calyxFocalOffset"

    /// A gradient layer with no colours.
    public override init() { super.init() }
    /// A copy of `layer` for the render tree, with its colours, locations, points and type.
    public required init(layer: Any) { super.init(layer: layer) }
    /// Decoding from an archive: Calyx reads no archives or nib files, so this makes a default value.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    static let gradientProperties = CALayer.layerProperties.adding([
        .make("colors", \CAGradientLayer.colors, { $0.colors = $1 }, .colors, viewBlocks: true, Convert.optionalArray),
        .make("locations", \CAGradientLayer.locations, { $0.locations = $1 }, .numbers, viewBlocks: true, Convert.numberArray),
        .make("startPoint", \CAGradientLayer.startPoint, { $0.startPoint = $1 }, .point, viewBlocks: true, Convert.point),
        .make("endPoint", \CAGradientLayer.endPoint, { $0.endPoint = $1 }, .point, viewBlocks: true, Convert.point),
        .make(focalOffsetKey, \CAGradientLayer.focalOffset, { $0.focalOffset = $1 }, .point, implicit: false, Convert.point),
        .make("type", \CAGradientLayer.type, { $0.type = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
    ], copier: { unsafeDowncast($1, to: CAGradientLayer.self).gradientValues = unsafeDowncast($0, to: CAGradientLayer.self).gradientValues })
    package override class var propertyTable: PropertyTable { gradientProperties }
}

/// `CAGradientLayer`'s own properties, as one value, with Apple's defaults (see `LayerValues`).
package struct GradientValues: @unchecked Sendable {
    var colors: [Any]?
    var locations: [NSNumber]?
    var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    var type: CAGradientLayerType = CAGradientLayerType.axial
    var focalOffset: CGPoint = .zero
}

/// Something that can respond to a layer event or property change: animations, and `NSNull` (which means
/// "no action").
public protocol CAAction {
    /// Performs the action for `event` on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// An action run for a property change that takes the property's value before the change directly (UIKit's
/// block actions animate from it). Apple's layers ask for the action before the change, when the layer still
/// holds that value; here the change is made first, so the layer hands the old value over instead.
package protocol CAChangeAction: CAAction {
    func run(forKey key: String, layer: CALayer, previousValue: Any?)
}

extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The optional callbacks a layer's delegate may implement (every method has a default that does nothing, or
/// does the layer's own work).
public protocol CALayerDelegate: AnyObject {
    /// Replaces the layer's backing-store drawing; the default draws through `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: nil continues the search, `NSNull()` ends it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Draws the layer's backing store through `draw(_:in:)`.
    public func display(_ layer: CALayer) { layer.displayBackingStore() }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layerWillDraw(_ layer: CALayer) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// None: the layer looks further (its `actions`, its style, its class).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// How `contents` is placed in the bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Places the contents at the centre or against an edge, at their natural size.
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    /// Places the contents against the left or right edge.
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right")
    /// Places the contents in a top corner.
    public static let topLeft = Self(rawValue: "topLeft"), topRight = Self(rawValue: "topRight")
    /// Places the contents in a bottom corner.
    public static let bottomLeft = Self(rawValue: "bottomLeft"), bottomRight = Self(rawValue: "bottomRight")
    /// Stretches the contents to the bounds, or fits them keeping their aspect ratio.
    public static let resize = Self(rawValue: "resize"), resizeAspect = Self(rawValue: "resizeAspect")
    /// Fills the bounds keeping the aspect ratio (cropping).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// Resampling filters for `contents`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Ways to sample scaled contents: the nearest pixel, bilinear, or bilinear between mipmap levels.
    public static let nearest = Self(rawValue: "nearest"), linear = Self(rawValue: "linear"), trilinear = Self(rawValue: "trilinear")
}

/// Pixel formats for backing stores.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Backing store formats: 8 bits per channel, half floats, or 8-bit gray.
    public static let RGBA8Uint = Self(rawValue: "RGBA8"), RGBA16Float = Self(rawValue: "RGBAh"), gray8Uint = Self(rawValue: "Gray8")
}

/// The shape of rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Corner shapes: circular arcs, or Apple's continuous (squircle-like) curve.
    public static let circular = Self(rawValue: "circular"), continuous = Self(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// A value from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corners at the bounds' minimum y (the top on iOS): left and right.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1), layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corners at the bounds' maximum y: left and right.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4), layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Which edges are antialiased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt32
    /// A value from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left and right edges.
    public static let layerLeftEdge = Self(rawValue: 1), layerRightEdge = Self(rawValue: 2)
    /// The bottom and top edges.
    public static let layerBottomEdge = Self(rawValue: 4), layerTopEdge = Self(rawValue: 8)
}

/// How a layer resizes with its superlayer (macOS API, kept for source compatibility).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt32
    /// A value from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Autoresizing along x: the left margin, the width, the right margin may grow.
    public static let layerMinXMargin = Self(rawValue: 1), layerWidthSizable = Self(rawValue: 2), layerMaxXMargin = Self(rawValue: 4)
    /// Autoresizing along y: the bottom margin, the height, the top margin may grow.
    public static let layerMinYMargin = Self(rawValue: 8), layerHeightSizable = Self(rawValue: 16), layerMaxYMargin = Self(rawValue: 32)
}

/// Events that are not property changes.
public let kCAOnOrderIn = "onOrderIn"
/// The action key asked for when a layer leaves its tree.
public let kCAOnOrderOut = "onOrderOut"
/// The action key of a layer's contents transition.
public let kCATransition = "transition"

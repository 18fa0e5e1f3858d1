/// A layer's own properties, as one value: everything `CALayer` stores for its public properties, with Apple's
/// defaults (the tree, the delegate, actions and animations are not here).
///
/// `CALayer` keeps its properties in one of these, so copying a layer — for the presentation tree, or at a commit
/// for the renderers — is one assignment, and the values a commit hands the renderers are plain data. The
/// `CALayer` properties validate and record changes; this type does neither.
///
/// `@unchecked Sendable`: the `Any` fields hold images and filter descriptions, which the layer copies when they
/// are set and nothing mutates afterwards.
package struct LayerValues: @unchecked Sendable {
    // MARK: Geometry
    var bounds: CGRect = .zero
    var position: CGPoint = .zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isGeometryFlipped = false

    // MARK: Visibility and compositing
    var isHidden = false
    var isDoubleSided = true
    var masksToBounds = false
    var opacity: Float = 1
    var allowsGroupOpacity = true
    var isOpaque = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    var compositingFilter: Any?
    /// How the mask's picture is read as coverage (``MaskReading``; Core Animation reads its alpha).
    var maskReading = MaskReading.alpha
    /// How the compositor recolours the flattened picture (``PictureRecolor``; nil: not at all).
    var pictureRecolor: PictureRecolor?
    var filters: [Any]?
    var backgroundFilters: [Any]?

    // MARK: Content
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = CALayerContentsGravity.resize
    var contentsScale: CGFloat = 1
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false

    // MARK: Appearance
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve = CALayerCornerCurve.circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?

    // MARK: Identity and layout
    var name: String?
    var autoresizingMask: CAAutoresizingMask = []

    // MARK: Timing
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = .infinity
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}

/// A rectangle that takes part in Auto Layout without being a view (spacing between views, a view's margins
/// or safe area), added to a view with `addLayoutGuide(_:)`. Its `layoutFrame` is in the owning view's
/// coordinates, known after layout.
open class UILayoutGuide: NSObject, LayoutAnchorOwner, @unchecked Sendable {
    /// The view the guide belongs to.
    open internal(set) weak var owningView: UIView?
    /// A name for debugging.
    open var identifier = ""
    /// Where the solver put the guide, in its view's coordinates.
    open internal(set) var layoutFrame: CGRect = .zero
    /// What the guide is tied to when UIKit made it (the margins or the safe area), or nil for an app's own.
    enum Kind { case free, margins, safeArea }
    var kind = Kind.free

    /// A guide to add to a view.
    public override init() { super.init() }

    /// The leading edge.
    open var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    /// The trailing edge.
    open var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    /// The left edge.
    open var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    /// The right edge.
    open var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    /// The horizontal centre.
    open var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    /// The top edge.
    open var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    /// The bottom edge.
    open var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    /// The vertical centre.
    open var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    /// The width.
    open var widthAnchor: NSLayoutDimension { dimension(.width) }
    /// The height.
    open var heightAnchor: NSLayoutDimension { dimension(.height) }
}

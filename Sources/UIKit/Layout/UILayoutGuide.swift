/// A rectangle that takes part in Auto Layout without being a view (spacing between views, a view's margins
/// or safe area), added to a view with `addLayoutGuide(_:)`. Its `layoutFrame` is in the owning view's
/// coordinates, known after layout.
open class UILayoutGuide: NSObject, LayoutAnchorOwner, @unchecked Sendable {
    open internal(set) weak var owningView: UIView?
    open var identifier = ""
    open internal(set) var layoutFrame: CGRect = .zero
    /// What the guide is tied to when UIKit made it (the margins or the safe area), or nil for an app's own.
    enum Kind { case free, margins, safeArea }
    var kind = Kind.free

    public override init() { super.init() }

    open var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    open var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    open var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    open var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    open var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    open var widthAnchor: NSLayoutDimension { dimension(.width) }
    open var heightAnchor: NSLayoutDimension { dimension(.height) }
}

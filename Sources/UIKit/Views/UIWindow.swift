/// The root of a view tree that a host shows.
open class UIWindow: UIView, @unchecked Sendable {
    /// The touch in progress from a host's pointer, delivered to the view it began on.
    var pointerTouch: UITouch?
    open var rootViewController: AnyObject?
    /// The screen the window is shown on.
    open var screen: UIScreen = .main
    open var isKeyWindow = false
    open func makeKeyAndVisible() { isKeyWindow = true; isHidden = false }
}

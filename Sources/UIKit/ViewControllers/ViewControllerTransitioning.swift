/// Keys for the two controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// Keys for the two views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What an animator is given: the container to animate in, the two controllers and their views, where each
/// view starts and ends, and `completeTransition(_:)` to call when the animation is over.
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var targetTransform: CGAffineTransform { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Tells UIKit the animation is over (the views must be where they end).
    func completeTransition(_ didComplete: Bool)
}

/// An object that animates a transition between two view controllers' views.
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Called after `completeTransition(_:)`.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Supplies the animators for a controller's presentation and dismissal (set as its `transitioningDelegate`).
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
}

/// The context Calyx hands animators. `completeTransition(_:)` runs the finishing work once (a second call, or
/// one after the transition was abandoned, does nothing).
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    var isInteractive: Bool { false }
    var transitionWasCancelled: Bool { false }
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }
    private let from: UIViewController, to: UIViewController
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var finish: ((Bool) -> Void)?

    init(container: UIView, from: UIViewController, to: UIViewController, animated: Bool,
         style: UIModalPresentationStyle, frames: [(UIViewController, CGRect, CGRect)], finish: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        isAnimated = animated
        presentationStyle = style
        self.frames = Dictionary(frames.map { (ObjectIdentifier($0.0), ($0.1, $0.2)) }, uniquingKeysWith: { a, _ in a })
        self.finish = finish
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }
    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}
    func completeTransition(_ didComplete: Bool) {
        let done = finish
        finish = nil
        done?(didComplete)
    }
}

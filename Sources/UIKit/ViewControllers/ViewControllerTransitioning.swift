/// Keys for the two controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller being left.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    /// The controller being shown.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// Keys for the two views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view being left.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    /// The view being shown.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What an animator is given: the container to animate in, the two controllers and their views, where each
/// view starts and ends, and `completeTransition(_:)` to call when the animation is over.
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in: add the incoming view to it.
    var containerView: UIView { get }
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// Whether an interaction controller is driving the transition.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (check it when completing).
    var transitionWasCancelled: Bool { get }
    /// The presentation style of the controller presented or dismissed.
    var presentationStyle: UIModalPresentationStyle { get }
    /// A rotation to apply during the transition (the identity: Calyx's screens do not rotate).
    var targetTransform: CGAffineTransform { get }
    /// The controller leaving (`.from`) or arriving (`.to`).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view leaving (`.from`) or arriving (`.to`), when the transition moves it.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Where a controller's view starts (`.zero` when it is not on screen before).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where a controller's view ends (`.zero` when it leaves the screen).
    func finalFrame(for vc: UIViewController) -> CGRect
    /// Reports how far an interactive transition has gone, 0 to 1.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Reports that an interactive transition should finish.
    func finishInteractiveTransition()
    /// Reports that an interactive transition should cancel.
    func cancelInteractiveTransition()
    /// Reports that an interactive transition paused (the animator stopped running).
    func pauseInteractiveTransition()
    /// Tells UIKit the animation is over (the views must be where they end).
    func completeTransition(_ didComplete: Bool)
}

/// An object that animates a transition between two view controllers' views.
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition's animation lasts, in seconds.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Animates the views and calls `completeTransition(_:)` on the context when done.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// The property animator that runs the transition, for an interactive transition to pause, scrub and
    /// continue. Apple declares it optional; here the default hands back a placeholder that stands for "none",
    /// and the animator's own animations are driven through layer time instead.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    /// Called after `completeTransition(_:)`.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// A placeholder meaning the animator offers no property animator.
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator()
    }
    /// Does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What the default `interruptibleAnimator(using:)` returns: an animator that animates nothing, standing for the
/// optional method Apple's animators leave out.
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed = false
    var fractionComplete: CGFloat = 0
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
}

/// Supplies the animators for a controller's presentation and dismissal (set as its `transitioningDelegate`).
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The object that drives the presentation interactively, or nil for an animated one.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// The object that drives the dismissal interactively, or nil for an animated one.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    /// None: the transition style's animator runs.
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// None: the transition style's animator runs.
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// None: the presentation animates on its own.
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// None: the dismissal animates on its own.
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// The context Calyx hands animators. `completeTransition(_:)` runs the finishing work once (a second call, or
/// one after the transition was abandoned, does nothing). An interactive transition records its progress and
/// whether it was cancelled here; the finishing work hears whether the transition completed.
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    /// The last progress an interaction reported.
    private(set) var percentComplete: CGFloat = 0
    /// Whether the interaction has finished or cancelled (the rest plays on its own).
    private(set) var interactionEnded = false
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }
    /// The animator running the transition, for an interaction controller to drive; let go when the transition
    /// completes (an animator that keeps a property animator whose completion holds this context would otherwise
    /// keep itself alive).
    private(set) var animator: UIViewControllerAnimatedTransitioning?
    /// Run when the transition completes, before the finishing work: what an interaction controller gives back.
    var onComplete: (() -> Void)?
    private let from: UIViewController, to: UIViewController
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var finish: ((Bool) -> Void)?

    init(container: UIView, from: UIViewController, to: UIViewController, animated: Bool,
         style: UIModalPresentationStyle, frames: [(UIViewController, CGRect, CGRect)],
         animator: UIViewControllerAnimatedTransitioning? = nil, finish: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        isAnimated = animated
        presentationStyle = style
        self.animator = animator
        self.frames = Dictionary(frames.map { (ObjectIdentifier($0.0), ($0.1, $0.2)) }, uniquingKeysWith: { a, _ in a })
        self.finish = finish
    }

    /// Starts the transition: under `interaction` when there is one that wants to start interactively (or at
    /// all: one that does not then plays the transition itself), else by the animator alone.
    func start(animator: UIViewControllerAnimatedTransitioning, interaction: UIViewControllerInteractiveTransitioning?) {
        if let interaction {
            isInteractive = interaction.wantsInteractiveStart
            interaction.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
        }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }
    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { self.percentComplete = percentComplete }
    func finishInteractiveTransition() { endInteraction(cancelled: false) }
    func cancelInteractiveTransition() { endInteraction(cancelled: true) }
    func pauseInteractiveTransition() { isInteractive = true }
    func completeTransition(_ didComplete: Bool) {
        let done = finish
        finish = nil
        guard let done else { return }
        onComplete?()
        onComplete = nil
        animator = nil
        done(didComplete)
    }

    private func endInteraction(cancelled: Bool) {
        guard !interactionEnded else { return }
        interactionEnded = true
        isInteractive = false
        transitionWasCancelled = cancelled
    }
}

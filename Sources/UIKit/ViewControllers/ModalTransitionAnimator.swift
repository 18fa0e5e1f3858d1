/// The animations of UIKit's modal transition styles, as an animator like any custom one.
///
/// Durations and curves are Calyx's (UIKit documents the motions, not their timing): cover-vertical slides the
/// presented view up from below the screen over 0.5 s with a critically damped spring, and back down over
/// 0.35 s; cross-dissolve fades over 0.35 s; flip-horizontal turns the presenter's view over to the presented
/// one (from the right; back from the left) over 0.75 s; partial-curl curls the presenter's page up (and down)
/// over 0.75 s — a whole curl, not iOS's partial one. Cancelled by an interaction controller, cover-vertical and
/// cross-dissolve put the presented view back as it was; the flip and the curl, which swap the views, do not
/// support a cancel.
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let style: UIModalTransitionStyle
    let presenting: Bool

    init(style: UIModalTransitionStyle, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        switch style {
        case .coverVertical: presenting ? 0.5 : 0.35
        case .crossDissolve: 0.35
        case .flipHorizontal, .partialCurl: 0.75
        }
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let from = context.viewController(forKey: .from), let to = context.viewController(forKey: .to) else {
            context.completeTransition(false)
            return
        }
        let duration = transitionDuration(using: context)
        let presented = presenting ? to : from
        let presentedView: UIView = presented.view
        let final = presenting ? context.finalFrame(for: to) : presentedView.frame
        switch style {
        case .coverVertical:
            let offscreen = final.offsetBy(dx: 0, dy: container.bounds.height)
            if presenting {
                presentedView.frame = offscreen
                container.addSubview(presentedView)
                UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                               animations: { presentedView.frame = final }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
            } else {
                UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn,
                               animations: { presentedView.frame = offscreen }, completion: { _ in
                                   if context.transitionWasCancelled { presentedView.frame = final }
                                   context.completeTransition(!context.transitionWasCancelled)
                               })
            }
        case .crossDissolve:
            if presenting {
                presentedView.frame = final
                presentedView.alpha = 0
                container.addSubview(presentedView)
            }
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut,
                           animations: { presentedView.alpha = self.presenting ? 1 : 0 },
                           completion: { _ in presentedView.alpha = 1; context.completeTransition(!context.transitionWasCancelled) })
        case .flipHorizontal, .partialCurl:
            // The presenter's view joins the container for the turn, so the two pictures are one layer's.
            guard let presenterView = (presenting ? from : to).viewIfLoaded else { context.completeTransition(true); return }
            let home = presenterView.superview
            let presenterFrame = presenterView.frame
            if presenting {
                container.addSubview(presenterView)
                presentedView.frame = final
            } else {
                container.insertSubview(presenterView, belowSubview: presentedView)
            }
            let options: UIView.AnimationOptions = style == .flipHorizontal
                ? (presenting ? .transitionFlipFromRight : .transitionFlipFromLeft)
                : (presenting ? .transitionCurlUp : .transitionCurlDown)
            let (outgoing, incoming) = presenting ? (presenterView, presentedView) : (presentedView, presenterView)
            UIView.transition(from: outgoing, to: incoming, duration: duration, options: options) { _ in
                if !self.presenting, let home, home !== container {
                    home.insertSubview(presenterView, belowSubview: container)
                    presenterView.frame = presenterFrame
                }
                context.completeTransition(true)
            }
        }
    }
}

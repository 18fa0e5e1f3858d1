extension UIView {
    /// Animates `view` from how it looks now to how `animations` leave it, as a transition of the whole view: a
    /// cross-dissolve (flips and curls are drawn as a cross-dissolve for now). Changes in `animations` to
    /// animatable properties also animate (docs/view-animation.md §7).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let state = UIViewAnimationState(duration: duration, delay: 0, options: options, completion: completion,
                                         parent: UIViewAnimationState.innermost)
        state.perform { animations?() }
        if let transition = CATransition.forTransitionOptions(options), UIViewAnimationState.globallyEnabled {
            state.configure(transition)
            view.layer.add(transition, forKey: kCATransition)
        }
        state.finish()
    }

    /// Replaces `fromView` by `toView` in `fromView`'s superview with a transition of that superview (wrap the pair
    /// in a container to confine it); with `.showHideTransitionViews`, hides one and shows the other instead.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            UIView.performWithoutAnimation {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else {
                    container.insertSubview(toView, aboveSubview: fromView)
                    fromView.removeFromSuperview()
                }
            }
        }, completion: completion)
    }
}

extension CATransition {
    /// The transition UIKit's option bits 20–22 ask for, or nil for none.
    static func forTransitionOptions(_ options: UIView.AnimationOptions) -> CATransition? {
        let transition = CATransition()
        // Flips and curls are not drawn yet: every transition cross-dissolves.
        guard (options.rawValue >> 20) & 7 != 0 else { return nil }
        transition.type = .fade
        return transition
    }
}

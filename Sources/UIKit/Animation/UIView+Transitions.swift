extension UIView {
    /// Animates `view` from how it looks now to how `animations` leave it, as a transition of the whole view: a
    /// flip in perspective, a page curl or a cross-dissolve, as the options' transition bits ask. Changes in `animations` to
    /// animatable properties also animate (docs/view-animation.md §7).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let state = UIViewAnimationState(duration: duration, delay: 0, options: options, completion: completion,
                                         parent: UIViewAnimationState.innermost)
        state.perform { animations?() }
        // A duration of zero or less changes the view without a transition, as Apple documents; so does a view
        // never committed, which has no picture from before the change (§6). Without `.allowAnimatedContent` the
        // new state shows as a still of how the block left it.
        if let transition = CATransition.forTransitionOptions(options), UIViewAnimationState.isEnabled, duration > 0,
           view.layer.hasBeenCommitted {
            transition.showsNewStateAsStill = !options.contains(.allowAnimatedContent)
            state.configure(transition)
            state.add(transition, to: view.layer, forKey: kCATransition)
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
        // Bits 20–22: 1 and 2 flip from the left and right, 3 and 4 curl up and down, 5 cross-dissolves, 6 and 7
        // flip from the top and bottom (docs/view-animation.md §7).
        switch (options.rawValue >> 20) & 7 {
        case 1: transition.type = CATransitionType(rawValue: "oglFlip"); transition.subtype = .fromLeft
        case 2: transition.type = CATransitionType(rawValue: "oglFlip"); transition.subtype = .fromRight
        case 3: transition.type = CATransitionType(rawValue: "pageCurl"); transition.subtype = .fromBottom
        case 4: transition.type = CATransitionType(rawValue: "pageUnCurl"); transition.subtype = .fromTop
        case 5: transition.type = .fade
        case 6: transition.type = CATransitionType(rawValue: "oglFlip"); transition.subtype = .fromTop
        case 7: transition.type = CATransitionType(rawValue: "oglFlip"); transition.subtype = .fromBottom
        default: return nil
        }
        return transition
    }
}

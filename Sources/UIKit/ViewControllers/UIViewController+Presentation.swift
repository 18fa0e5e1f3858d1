/// How a presented controller's view covers the screen, with UIKit's raw values.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Covers the screen, and the presenter's view leaves it.
    case fullScreen = 0
    /// A sheet inset from the top, the presenter showing behind it.
    case pageSheet
    /// A sheet (the same as `pageSheet` on a phone).
    case formSheet
    /// Covers the presenting context, whose view leaves the screen.
    case currentContext
    /// As the transitioning delegate's presentation controller and animators say.
    case custom
    /// Covers the screen, the presenter's view staying behind it.
    case overFullScreen
    /// Covers the presenting context, its view staying behind it.
    case overCurrentContext
    /// A popover (a sheet on a phone).
    case popover
    /// No presentation style.
    case none = -1
    /// The system's choice: a page sheet.
    case automatic = -2

    /// Whether the presenting controller's view leaves the screen (and gets its disappearance callbacks).
    var removesPresenterView: Bool { self == .fullScreen || self == .currentContext }
    /// Whether the presented view is a sheet: inset from the top with rounded top corners, the presenter
    /// staying visible behind it.
    var isSheet: Bool { self == .automatic || self == .pageSheet || self == .formSheet || self == .popover }
}

/// The animation a presentation uses when no transitioning delegate supplies one, with UIKit's raw values.
public enum UIModalTransitionStyle: Int, Sendable {
    /// The view slides up from the bottom.
    case coverVertical = 0
    /// The views flip around the vertical axis.
    case flipHorizontal
    /// The views cross-fade.
    case crossDissolve
    /// The presenter curls up like a page (shown as a cover here).
    case partialCurl
}

extension UIViewController {
    /// How far a sheet's top is below the window's (Calyx's choice; iOS's depends on the device's safe area).
    static let sheetTopInset: CGFloat = 10

    /// Presents `viewControllerToPresent` over this controller (or over the controller this one already
    /// presents, as UIKit does for a controller that is presenting), with its transition style or its
    /// transitioning delegate's animator, calling `completion` when it is on screen. Appearance callbacks
    /// come in UIKit's order: the presenter's `viewWillDisappear` (full-screen styles only), the presented
    /// `viewWillAppear`, then at the end its `viewDidAppear` and the presenter's `viewDidDisappear`. A presentation
    /// the delegate's interaction controller cancels is undone, the presented controller disappearing again, and
    /// `completion` is not called.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController, !presented.isBeingDismissed {
            presented.present(viewControllerToPresent, animated: flag, completion: completion)
            return
        }
        let presented = viewControllerToPresent
        // A controller already presented, or presenting itself or an ancestor, is refused (iOS logs and ignores).
        guard presented !== self, presented.presentingViewController == nil, presented.parent == nil,
              let window = hostWindow else { return }
        presented.loadViewIfNeeded()
        presentedViewController = presented
        presented.presentingViewController = self
        presented.isBeingPresented = true
        let style = presented.modalPresentationStyle
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        presented.presentationContainer = container
        let final = style.isSheet ? window.bounds.inset(by: UIEdgeInsets(top: UIViewController.sheetTopInset, left: 0, bottom: 0, right: 0)) : window.bounds
        if style.isSheet {
            presented.view.layer.cornerRadius = 10
            presented.view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            presented.view.clipsToBounds = true
        }
        let presenterLeaves = style.removesPresenterView
        if presenterLeaves { beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)
        let finish: (Bool) -> Void = { [weak self] done in
            presented.isBeingPresented = false
            guard done else {
                presented.viewIfLoaded?.removeFromSuperview()
                container.removeFromSuperview()
                presented.presentationContainer = nil
                presented.presentingViewController = nil
                if let self, self.presentedViewController === presented { self.presentedViewController = nil }
                let presenter = presenterLeaves ? self : nil
                presented.beginAppearanceTransition(false, animated: flag)
                presenter?.beginAppearanceTransition(true, animated: flag)
                presented.endAppearanceTransition()
                presenter?.endAppearanceTransition()
                return
            }
            presented.endAppearanceTransition()
            if presenterLeaves, let self {
                self.viewIfLoaded?.removeFromSuperview()
                self.endAppearanceTransition()
            }
            completion?()
        }
        let animator = presented.transitioningDelegate?.animationController(forPresented: presented, presenting: self, source: self)
            ?? ModalTransitionAnimator(style: presented.modalTransitionStyle, presenting: true)
        let context = TransitionContext(container: container, from: self, to: presented, animated: flag, style: style,
                                        frames: [(self, viewIfLoaded?.frame ?? .zero, viewIfLoaded?.frame ?? .zero), (presented, .zero, final)],
                                        animator: animator, finish: { done in finish(done); animator.animationEnded(done) })
        if flag {
            context.start(animator: animator, interaction: presented.transitioningDelegate?.interactionControllerForPresentation(using: animator))
        } else {
            presented.view.frame = final
            container.addSubview(presented.view)
            context.completeTransition(true)
        }
    }

    /// Dismisses what this controller presents — or, if it presents nothing, this controller itself — with the
    /// reverse of its transition, calling `completion` when it has gone. A dismissal the delegate's interaction
    /// controller cancels leaves the controller presented (appearing again), and `completion` is not called.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presented = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let presented, let presenter = presented.presentingViewController, !presented.isBeingDismissed,
              let container = presented.presentationContainer else { completion?(); return }
        // Controllers presented on top of this one go with it.
        if let above = presented.presentedViewController {
            above.dismiss(animated: false)
        }
        presented.isBeingDismissed = true
        let style = presented.modalPresentationStyle
        let presenterReturns = style.removesPresenterView
        if presenterReturns, let presenterView = presenter.viewIfLoaded, let window = container.window {
            presenterView.frame = window.bounds
            window.insertSubview(presenterView, belowSubview: container)
        }
        presented.beginAppearanceTransition(false, animated: flag)
        if presenterReturns { presenter.beginAppearanceTransition(true, animated: flag) }
        let finish: (Bool) -> Void = { done in
            guard done else {
                presented.isBeingDismissed = false
                if presenterReturns, let presenterView = presenter.viewIfLoaded, presenterView.superview === container.superview {
                    presenterView.removeFromSuperview()
                }
                presented.beginAppearanceTransition(true, animated: flag)
                if presenterReturns { presenter.beginAppearanceTransition(false, animated: flag) }
                presented.endAppearanceTransition()
                if presenterReturns { presenter.endAppearanceTransition() }
                return
            }
            presented.view.removeFromSuperview()
            container.removeFromSuperview()
            presented.presentationContainer = nil
            presented.isBeingDismissed = false
            presenter.presentedViewController = nil
            presented.presentingViewController = nil
            presented.endAppearanceTransition()
            if presenterReturns { presenter.endAppearanceTransition() }
            completion?()
        }
        let animator = presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? ModalTransitionAnimator(style: presented.modalTransitionStyle, presenting: false)
        let frame = presented.view.frame
        let context = TransitionContext(container: container, from: presented, to: presenter, animated: flag, style: style,
                                        frames: [(presented, frame, frame), (presenter, presenter.viewIfLoaded?.frame ?? .zero, presenter.viewIfLoaded?.frame ?? .zero)],
                                        animator: animator, finish: { done in finish(done); animator.animationEnded(done) })
        if flag {
            context.start(animator: animator, interaction: presented.transitioningDelegate?.interactionControllerForDismissal(using: animator))
        } else {
            context.completeTransition(true)
        }
    }

    /// The window the controller's view is in, or its parent's or presenter's.
    var hostWindow: UIWindow? {
        viewIfLoaded?.window ?? parent?.hostWindow ?? presentingViewController?.hostWindow
    }
}

/// Receives a navigation controller's changes and may supply the animator for a push or pop.
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The object that drives the push or pop interactively, or nil for an animated one.
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    /// None: the standard slide runs.
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// None: the transition runs by itself.
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// A stack of view controllers shown one at a time under a navigation bar: pushing slides the new one in from
/// the right over the old (which moves a third of the way left), popping slides it back out, and the bar's
/// title cross-fades — or the delegate's animator runs instead.
///
/// Appearance callbacks come in UIKit's order for a push or pop: the old top's `viewWillDisappear`, the new
/// top's `viewWillAppear`, then the old one's `viewDidDisappear` and the new one's `viewDidAppear`. A push or
/// pop asked for while one is animating is applied at once, without animation, when that one ends. A push or pop
/// the delegate's interaction controller cancels leaves the stack as it was, the appearance callbacks reversed.
open class UINavigationController: UIViewController, @unchecked Sendable {
    /// The kind of change, with UIKit's raw values.
    public enum Operation: Int, Sendable {
        /// No transition.
        case none = 0
        /// A push: the new screen comes in.
        case push
        /// A pop: the top screen leaves.
        case pop
    }

    private var stack: [UIViewController] = []
    /// Told about pushes and pops, and may supply their animators (held weakly).
    open weak var delegate: UINavigationControllerDelegate?
    /// The bar at the top, showing the top controller's navigation item.
    public let navigationBar = UINavigationBar()
    /// Whether the bar is hidden.
    open private(set) var isNavigationBarHidden = false
    /// Children's views live here, below the bar.
    private let content = UIView()
    private var isTransitioning = false
    private var pending: [() -> Void] = []

    /// A stack holding `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    /// An empty stack.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// The stack, root first; setting it replaces the stack without animation.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The controller on top.
    open var topViewController: UIViewController? { stack.last }
    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        var visible = topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    /// Makes the view holding the bar and the children's content.
    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .systemBackground
        root.addSubview(content)
        root.addSubview(navigationBar)
        view = root
    }

    /// Shows the top controller and wires the back button.
    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.backTapped = { [weak self] in self?.popViewController(animated: true) }
        navigationBar.titleOfItem = { [weak self] item in
            item.title ?? self?.stack.first { $0.navigationItem === item }?.title
        }
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        if let top = topViewController { top.view.frame = contentFrame; content.addSubview(top.view) }
    }

    /// Lays the bar and content out.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutBarAndContent()
    }

    private func layoutBarAndContent() {
        guard let view = viewIfLoaded else { return }
        navigationBar.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: UINavigationBar.standardHeight)
        navigationBar.isHidden = isNavigationBarHidden
        content.frame = view.bounds
        if !isTransitioning { topViewController?.viewIfLoaded?.frame = contentFrame }
    }

    /// Where a child's view goes: below the bar (the whole view when the bar is hidden).
    private var contentFrame: CGRect {
        let bounds = viewIfLoaded?.bounds ?? .zero
        let top = isNavigationBarHidden ? 0 : UINavigationBar.standardHeight
        return CGRect(x: 0, y: top, width: bounds.width, height: max(bounds.height - top, 0))
    }

    /// Hides or shows the bar, fading over 0.35 s when `animated`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
        guard isViewLoaded else { return }
        if animated {
            navigationBar.isHidden = false
            UIView.animate(withDuration: 0.35, animations: {
                self.navigationBar.alpha = hidden ? 0 : 1
                self.topViewController?.viewIfLoaded?.frame = self.contentFrame
            }, completion: { _ in self.navigationBar.isHidden = self.isNavigationBarHidden; self.navigationBar.alpha = 1 })
        } else {
            layoutBarAndContent()
        }
    }

    // MARK: Pushing and popping

    /// Pushes a controller, sliding it in from the right when `animated`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !isTransitioning else { pending.append { self.pushViewController(viewController, animated: false) }; return }
        guard !stack.contains(where: { $0 === viewController }), viewController !== self else { return }
        let from = topViewController
        addChild(viewController)
        stack.append(viewController)
        show(viewController, from: from, operation: .push, animated: animated) { done in
            guard !done else { viewController.didMove(toParent: self); return }
            self.stack.removeAll { $0 === viewController }
            viewController.willMove(toParent: nil)
            viewController.removeFromParent()
        }
    }

    /// Pops the top controller, sliding back to the one below when `animated`; returns the popped controller (nil at the root).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard !isTransitioning else { pending.append { self.popViewController(animated: false) }; return nil }
        guard stack.count > 1 else { return nil }
        let from = stack.removeLast()
        from.willMove(toParent: nil)
        show(stack.last!, from: from, operation: .pop, animated: animated) { done in
            if done { from.removeFromParent() } else { self.stack.append(from) }
        }
        return from
    }

    /// Pops every controller above the root; returns them (nil when the root is on top).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them (nil when it is not on the stack or already on top).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard !isTransitioning, let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        let from = stack.last!
        stack.removeSubrange((index + 1)...)
        for controller in popped { controller.willMove(toParent: nil) }
        // Those between leave without appearing; the old top animates out.
        for controller in popped where controller !== from { controller.removeFromParent() }
        show(viewController, from: from, operation: .pop, animated: animated) { done in
            guard !done else { from.removeFromParent(); return }
            for controller in popped where controller !== from { self.addChild(controller); controller.didMove(toParent: self) }
            self.stack += popped
        }
        return popped
    }

    /// Replaces the stack, as a push or pop of the new top when `animated`.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        guard !isTransitioning, let newTop = viewControllers.last else { return }
        let from = topViewController
        let operation: Operation = stack.contains(where: { $0 === newTop }) ? .pop : .push
        for old in stack where !viewControllers.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            if old !== from { old.removeFromParent() }
        }
        for new in viewControllers where new.parent !== self { addChild(new) }
        let previous = stack
        stack = viewControllers
        guard newTop !== from else { navigationBar.setItems(stack.map(\.navigationItem), animated: animated); return }
        show(newTop, from: from, operation: operation, animated: animated) { done in
            guard done else {
                for new in viewControllers where !previous.contains(where: { $0 === new }) { new.removeFromParent() }
                for old in previous where old.parent !== self { self.addChild(old); old.didMove(toParent: self) }
                self.stack = previous
                return
            }
            if let from, from.parent === self, !self.stack.contains(where: { $0 === from }) { from.removeFromParent() }
            for new in viewControllers { new.didMove(toParent: self) }
        }
    }

    /// Moves from `from`'s view to `to`'s with the appearance callbacks, the bar's change, and the animator (under
    /// the delegate's interaction controller, if it gives one). `completion` hears whether the move happened; when
    /// it did not, it puts the stack back, and `from` stays on screen.
    private func show(_ to: UIViewController, from: UIViewController?, operation: Operation, animated: Bool,
                      completion: @escaping (Bool) -> Void) {
        guard isViewLoaded else { completion(true); return }
        let onScreen = view.window != nil
        let animate = animated && onScreen && from != nil
        delegate?.navigationController(self, willShow: to, animated: animate)
        if onScreen {
            from?.beginAppearanceTransition(false, animated: animate)
            to.beginAppearanceTransition(true, animated: animate)
        }
        navigationBar.setItems(stack.map(\.navigationItem), animated: animate)
        let final = contentFrame
        let finish: (Bool) -> Void = { [weak self] done in
            guard let self else { return }
            let shown = done ? to : from ?? to, hidden = done ? from : to
            if let hiddenView = hidden?.viewIfLoaded, hiddenView.superview === self.content, hidden !== shown { hiddenView.removeFromSuperview() }
            shown.view.frame = final
            if shown.view.superview !== self.content { self.content.addSubview(shown.view) }
            self.isTransitioning = false
            if onScreen {
                if !done {   // cancelled: the one that was leaving appears again, the one arriving leaves
                    from?.beginAppearanceTransition(true, animated: animate)
                    to.beginAppearanceTransition(false, animated: animate)
                }
                from?.endAppearanceTransition()
                to.endAppearanceTransition()
            }
            completion(done)
            if !done { self.navigationBar.setItems(self.stack.map(\.navigationItem), animated: false) }
            self.delegate?.navigationController(self, didShow: shown, animated: animate)
            let queued = self.pending
            self.pending = []
            for step in queued { step() }
        }
        guard animate, let from else { finish(true); return }
        isTransitioning = true
        to.loadViewIfNeeded()
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationSlideAnimator(operation: operation)
        let context = TransitionContext(container: content, from: from, to: to, animated: true, style: .none,
                                        frames: [(from, from.view.frame, from.view.frame), (to, .zero, final)],
                                        animator: animator, finish: { done in finish(done); animator.animationEnded(done) })
        context.start(animator: animator, interaction: delegate?.navigationController(self, interactionControllerFor: animator))
    }
}

/// UIKit's push and pop: the incoming view slides over from the right (or the outgoing one slides off to the
/// right on a pop) while the view beneath moves a third of the width, over 0.35 s ease-in-out (Calyx's timing;
/// UIKit does not document it).
final class NavigationSlideAnimator: UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to),
              let to = context.viewController(forKey: .to) else { context.completeTransition(false); return }
        let container = context.containerView
        let final = context.finalFrame(for: to)
        let width = container.bounds.width
        if operation == .pop {
            toView.frame = final.offsetBy(dx: -width / 3, dy: 0)
            container.insertSubview(toView, belowSubview: fromView)
        } else {
            toView.frame = final.offsetBy(dx: width, dy: 0)
            container.addSubview(toView)
        }
        let fromStart = fromView.frame
        let fromEnd = fromStart.offsetBy(dx: operation == .pop ? width : -width / 3, dy: 0)
        UIView.animate(withDuration: transitionDuration(using: context), delay: 0, options: .curveEaseInOut, animations: {
            toView.frame = final
            fromView.frame = fromEnd
        }, completion: { _ in
            if context.transitionWasCancelled { fromView.frame = fromStart }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

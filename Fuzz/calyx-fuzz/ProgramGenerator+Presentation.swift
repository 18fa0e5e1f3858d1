import CoreGraphics
import UIKit

extension ProgramGenerator {
    /// Modal presentation and navigation with every style, animated or not, nested and interleaved, whose
    /// completions and appearance callbacks edit the window's tree while transitions run. With the custom
    /// presentation style, every transition is driven by an interaction controller (see `InteractionScript`).
    mutating func presentationCall(_ a: Int) -> ProgramCall {
        let steps = (0..<values.int(1...6)).map { _ in values.int(0...6) }
        let presentation = values.int(-2...7), transition = values.int(0...3), animated = values.chance(0.6)
        // Drawn from the steps, not from the program's generator, so programs recorded before it stay the same.
        let script = presentation == UIModalPresentationStyle.custom.rawValue ? InteractionScript(steps: steps) : nil
        let source = "root in window; steps \(steps) (present style \(presentation), transition \(transition), animated \(animated)) with V[\(a)]"
            + (script.map { "; interactively: \($0.source)" } ?? "")
        return ProgramCall(source: source) { w in
            let root = EditingViewController(world: w, a: a)
            let navigation = UINavigationController(rootViewController: root)
            let driver = script.map { InteractionDriver(script: $0, world: w) }
            navigation.delegate = driver
            w.window.rootViewController = navigation
            var made: [UIViewController] = [navigation, root]
            for step in steps {
                let next = EditingViewController(world: w, a: a)
                next.modalPresentationStyle = UIModalPresentationStyle(rawValue: presentation) ?? .automatic
                next.modalTransitionStyle = UIModalTransitionStyle(rawValue: transition) ?? .coverVertical
                next.transitioningDelegate = driver
                switch step {
                case 0: (made.last ?? root).present(next, animated: animated) { w.completions += 1; w.view(a)?.removeFromSuperview() }
                case 1: made.last?.dismiss(animated: animated) { w.completions += 1 }
                case 2: navigation.pushViewController(next, animated: animated)
                case 3: _ = navigation.popViewController(animated: animated)
                case 4: navigation.setViewControllers([next, root], animated: animated)
                case 5: _ = navigation.popToRootViewController(animated: animated)
                default:
                    // The presenter goes away while it presents.
                    w.window.rootViewController = nil
                    navigation.present(next, animated: animated)
                }
                made.append(next)
                driver?.drive()
            }
            if let driver { withExtendedLifetime(driver) { driver.drive() } }
            w.observe(navigation.viewControllers.count)
            w.observe(navigation.presentedViewController != nil)
            w.views.append(navigation.view); w.layers.append(navigation.view.layer)
        }
    }
}

/// What an interaction controller does to each transition it drives: updates to ordinary and hostile
/// percentages, pauses, clock steps, then a finish or a cancel (or neither, leaving it hanging), with a
/// property animator from the animator half of the time.
struct InteractionScript {
    enum Action { case update(CGFloat), pause, advance(Double), finish, cancel }
    let actions: [Action]
    let usesPropertyAnimator: Bool
    let completionSpeed: CGFloat

    init(steps: [Int]) {
        var values = HostileValues(rng: SplitMix(seed: steps.reduce(0x5EED) { $0 &* 31 &+ UInt64($1) }))
        usesPropertyAnimator = values.chance(0.5)
        completionSpeed = CGFloat(values.number(-1, 3).value)
        actions = (0..<values.int(1...6)).map { _ in
            switch values.int(0...5) {
            case 0, 1: .update(CGFloat(values.number(-0.5, 1.5).value))
            case 2: .pause
            case 3: .advance(values.number(-0.2, 0.5).value)
            case 4: .finish
            default: .cancel
            }
        }
    }

    var source: String {
        let said = actions.map { action -> String in
            switch action {
            case .update(let p): "update(\(p))"
            case .pause: "pause()"
            case .advance(let dt): "clock.advance(by: \(dt))"
            case .finish: "finish()"
            case .cancel: "cancel()"
            }
        }
        return "\(said.joined(separator: "; ")) (property animator \(usesPropertyAnimator), completion speed \(completionSpeed))"
    }
}

/// The navigation and transitioning delegate that drives every transition by its script, as a pan handler does.
private final class InteractionDriver: NSObject, UINavigationControllerDelegate, UIViewControllerTransitioningDelegate,
                                       UIViewControllerAnimatedTransitioning, @unchecked Sendable {
    let script: InteractionScript
    unowned let world: ProgramWorld
    private var interactions: [UIPercentDrivenInteractiveTransition] = []
    private var propertyAnimators: [ObjectIdentifier: UIViewPropertyAnimator] = [:]

    init(script: InteractionScript, world: ProgramWorld) { self.script = script; self.world = world }

    /// Runs the script on every transition started so far.
    func drive() {
        for interaction in interactions {
            for action in script.actions {
                switch action {
                case .update(let p): interaction.update(p)
                case .pause: interaction.pause()
                case .advance(let dt):
                    let next = world.clock.currentTime + dt
                    if next.isFinite { world.clock.setManualTime(next) }
                    CATransaction.flush()
                    CAProcessAnimationEvents()
                case .finish: interaction.finish()
                case .cancel: interaction.cancel()
                }
            }
            world.observe(interaction.percentComplete)
        }
    }

    private func interaction() -> UIPercentDrivenInteractiveTransition {
        let made = UIPercentDrivenInteractiveTransition()
        made.completionSpeed = script.completionSpeed
        interactions.append(made)
        return made
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        script.usesPropertyAnimator ? self : nil
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction()
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        script.usesPropertyAnimator ? self : nil
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        script.usesPropertyAnimator ? self : nil
    }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction()
    }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction()
    }

    // A cross-fade through a property animator, for the interruptible path.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: context).startAnimation()
    }
    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let existing = propertyAnimators[ObjectIdentifier(context)] { return existing }
        let to = context.view(forKey: .to), from = context.view(forKey: .from)
        if let to, let toController = context.viewController(forKey: .to) {
            to.frame = context.finalFrame(for: toController)
            to.alpha = 0
            context.containerView.addSubview(to)
        }
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut) { to?.alpha = 1; from?.alpha = 0.2 }
        animator.addCompletion { [weak self] position in
            from?.alpha = 1
            self?.world.completions += 1
            context.completeTransition(position == .end)
        }
        propertyAnimators[ObjectIdentifier(context)] = animator
        return animator
    }
}

/// A view controller whose appearance callbacks edit the world's views, as screens that start animations in
/// `viewWillAppear` and tear them down in `viewDidDisappear` do.
private final class EditingViewController: UIViewController, @unchecked Sendable {
    unowned let world: ProgramWorld
    let a: Int

    init(world: ProgramWorld, a: Int) {
        self.world = world; self.a = a
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let other = world.view(a) { view.addSubview(other) }
        UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        view.subviews.first?.removeFromSuperview()
        world.completions += 1
    }
}

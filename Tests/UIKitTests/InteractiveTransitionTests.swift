import CalyxTestSupport
import Testing
import UIKit

/// Interactive transitions written as iOS code writes them: an edge-pan-style pop driven by
/// `UIPercentDrivenInteractiveTransition`, finished and cancelled; a swipe-down dismissal; and an animator that
/// offers a property animator. Expected positions follow from the transition's curves: the standard pop is
/// 0.35 s ease-in-out (symmetric, so half way in time is half way in distance), and a linear animator's
/// progress is its time fraction.
@Suite struct InteractiveTransitionTests {
    typealias Log = AppearanceLog
    typealias Screen = LoggingScreen

    /// A navigation delegate that hands out one interaction controller for pops, as an edge-pan handler does.
    final class PopDriver: UINavigationControllerDelegate {
        let interaction = UIPercentDrivenInteractiveTransition()
        var interactive = true
        func navigationController(_ navigationController: UINavigationController,
                                  interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interactive ? interaction : nil
        }
    }

    func window(root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        window.makeKeyAndVisible()
        CATransaction.flush()
        return window
    }

    /// A navigation controller showing A then B (pushed without animation), driven by `driver`.
    func stack(_ log: Log, _ driver: PopDriver) -> (UINavigationController, Screen, Screen, UIWindow) {
        let a = Screen("A", log), b = Screen("B", log)
        let navigation = UINavigationController(rootViewController: a)
        let window = window(root: navigation)
        navigation.pushViewController(b, animated: false)
        navigation.delegate = driver
        CATransaction.flush()
        log.calls = []
        return (navigation, a, b, window)
    }

    @Test func aPopFollowsTheFingerAndFinishes() {
        withClock { clock in
            let log = Log(), driver = PopDriver()
            let (navigation, a, b, window) = stack(log, driver)
            defer { withExtendedLifetime(window) {} }
            #expect(navigation.popViewController(animated: true) === b)
            #expect(log.calls == ["B.willDisappear", "A.willAppear"])
            #expect(driver.interaction.duration == 0.35)
            // Time passing does not move an interactive transition; the finger does.
            advance(clock, to: 1)
            #expect(abs(b.view.layer.presentation()!.position.x - 160) < 0.5)
            driver.interaction.update(0.5)
            advance(clock, to: 2)
            #expect(driver.interaction.percentComplete == 0.5)
            // Half way along ease-in-out: B half way off to the right, A half way back from a third left.
            #expect(abs(b.view.layer.presentation()!.position.x - (160 + 160)) < 1)
            #expect(abs(a.view.layer.presentation()!.position.x - (160 - 320.0 / 6)) < 1)
            driver.interaction.update(0.25)
            advance(clock, to: 3)
            let quarter = 320 * Double(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.25))
            #expect(abs(b.view.layer.presentation()!.position.x - (160 + quarter)) < 1)
            // Let go: the rest plays at the animator's pace (0.75 × 0.35 s), then the pop is done.
            driver.interaction.finish()
            advance(clock, to: 3.1)
            #expect(navigation.topViewController === a && !log.calls.contains("B.didDisappear"))
            advance(clock, to: 3.3)
            #expect(log.calls == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
            #expect(navigation.viewControllers == [a] && b.parent == nil && b.view.superview == nil)
            #expect(a.view.layer.presentation()!.position.x == 160 && a.view.layer.speed == 1)
        }
    }

    @Test func aCancelledPopPlaysBackAndLeavesTheStackAsItWas() {
        withClock { clock in
            let log = Log(), driver = PopDriver()
            let (navigation, a, b, window) = stack(log, driver)
            defer { withExtendedLifetime(window) {} }
            navigation.popViewController(animated: true)
            driver.interaction.update(0.4)
            advance(clock, to: 1)
            driver.interaction.completionSpeed = 2
            driver.interaction.cancel()
            // Back to the start at twice the pace: 0.4 × 0.35 s / 2 = 0.07 s.
            advance(clock, to: 1.035)
            let shown = b.view.layer.presentation()!.position.x
            #expect(shown > 160 && shown < 160 + 320 * 0.4, "on its way back: \(shown)")
            #expect(navigation.viewControllers.count == 1, "not over yet")
            advance(clock, to: 1.1)
            advance(clock, to: 1.2)
            #expect(navigation.viewControllers == [a, b] && navigation.topViewController === b && b.parent === navigation)
            #expect(log.calls == ["B.willDisappear", "A.willAppear", "B.willAppear", "A.willDisappear", "B.didAppear", "A.didDisappear"])
            #expect(b.view.frame == CGRect(x: 0, y: 44, width: 320, height: 436) && b.view.window != nil)
            #expect(a.view.superview == nil && b.view.layer.presentation()!.position.x == 160)
            #expect(navigation.navigationBar.topItem === b.navigationItem)
            // The stack still works: an animated pop without the interaction goes through.
            driver.interactive = false
            navigation.popViewController(animated: true)
            advance(clock, to: 2)
            #expect(navigation.viewControllers == [a])
        }
    }

    /// A swipe-down dismissal of a full-screen cover, abandoned half way: the cover stays presented.
    @Test func aCancelledDismissalKeepsThePresentation() {
        final class Driver: UIViewControllerTransitioningDelegate {
            let interaction = UIPercentDrivenInteractiveTransition()
            func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
                interaction
            }
        }
        withClock { clock in
            let log = Log()
            let a = Screen("A", log), b = Screen("B", log)
            let window = window(root: a)
            let driver = Driver()
            b.transitioningDelegate = driver
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: false)
            log.calls = []
            var dismissed = false
            b.dismiss(animated: true) { dismissed = true }
            driver.interaction.update(0.5)
            advance(clock, to: 1)
            // Cover-vertical's dismissal is 0.35 s ease-in: at half the time the cover is ease-in(0.5) down.
            let down = 480 * Double(CAMediaTimingFunction(name: .easeIn).evaluate(0.5))
            #expect(abs(b.view.layer.presentation()!.position.y - (240 + down)) < 1)
            driver.interaction.cancel()
            advance(clock, to: 1.1)
            advance(clock, to: 1.3)
            #expect(!dismissed && a.presentedViewController === b && !b.isBeingDismissed)
            #expect(b.view.window === window && b.view.frame == window.bounds && a.view.window == nil)
            #expect(log.calls == ["B.willDisappear", "A.willAppear", "B.willAppear", "A.willDisappear", "B.didAppear", "A.didDisappear"])
            // Dismissed for good this time.
            b.dismiss(animated: true) { dismissed = true }
            driver.interaction.finish()
            advance(clock, to: 2)
            #expect(dismissed && a.presentedViewController == nil && a.view.window === window)
        }
    }

    /// An animator that offers a property animator is scrubbed through it and continued (reversed to cancel).
    @Test func anInterruptibleAnimatorIsScrubbedAndReversed() {
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
            let interaction = UIPercentDrivenInteractiveTransition()
            var animator: UIViewPropertyAnimator?
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using context: UIViewControllerContextTransitioning) {
                interruptibleAnimator(using: context).startAnimation()
            }
            func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
                if let animator { return animator }
                let from = context.view(forKey: .from)!, to = context.view(forKey: .to)!
                to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
                context.containerView.insertSubview(to, belowSubview: from)
                let made = UIViewPropertyAnimator(duration: 1, curve: .linear) { from.alpha = 0 }
                made.addCompletion { position in
                    from.alpha = 1
                    context.completeTransition(position == .end)
                }
                animator = made
                return made
            }
            func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                      from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
            func navigationController(_ navigationController: UINavigationController,
                                      interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
                interaction
            }
        }
        withClock { clock in
            let log = Log()
            let a = Screen("A", log), b = Screen("B", log)
            let navigation = UINavigationController(rootViewController: a)
            let window = window(root: navigation)
            defer { withExtendedLifetime(window) {} }
            navigation.pushViewController(b, animated: false)
            let fade = Fade()
            navigation.delegate = fade
            CATransaction.flush()
            navigation.popViewController(animated: true)
            fade.interaction.update(0.3)
            advance(clock, to: 1)
            #expect(fade.animator?.state == .active && fade.animator?.isRunning == false)
            #expect(abs(Double(b.view.layer.presentation()!.opacity) - 0.7) < 0.01)
            fade.interaction.cancel()
            advance(clock, to: 1.2)
            #expect(abs(Double(b.view.layer.presentation()!.opacity) - 0.9) < 0.02, "reversed at its own pace")
            advance(clock, to: 1.5)
            advance(clock, to: 1.6)
            #expect(navigation.viewControllers == [a, b] && b.view.alpha == 1 && b.view.window != nil)
        }
    }

    /// The canonical interactive animation: a pan scrubs a paused property animator (`fractionComplete` follows
    /// the finger), and lifting the finger continues it to the end. Linear, so the card's offset is the fraction.
    @Test func aPanScrubsAPropertyAnimatorAndLettingGoFinishesIt() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
            window.makeKeyAndVisible()
            let card = UIView(frame: CGRect(x: 50, y: 200, width: 100, height: 60))
            window.addSubview(card)
            var animator: UIViewPropertyAnimator?
            let pan = UIPanGestureRecognizer { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                switch pan.state {
                case .began:
                    animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { card.center.y -= 100 }
                    animator?.pauseAnimation()
                case .changed: animator?.fractionComplete = -pan.translation(in: card.superview).y / 100
                case .ended: animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
                default: break
                }
            }
            card.addGestureRecognizer(pan)
            CATransaction.flush()
            window.sendPointer(.began, at: CGPoint(x: 100, y: 230), timestamp: 0)
            window.sendPointer(.moved, at: CGPoint(x: 100, y: 218), timestamp: 0.05)   // past the hysteresis: begins
            window.sendPointer(.moved, at: CGPoint(x: 100, y: 190), timestamp: 0.1)    // 40 points up: 40 %
            advance(clock, to: 0.5)
            #expect(animator?.fractionComplete == 0.4 && animator?.isRunning == false)
            #expect(abs(card.layer.presentation()!.position.y - (230 - 40)) < 0.5, "the card follows the finger")
            advance(clock, to: 2)
            #expect(abs(card.layer.presentation()!.position.y - 190) < 0.5, "held while the finger rests")
            window.sendPointer(.ended, at: CGPoint(x: 100, y: 190), timestamp: 2)
            // The rest (60 % of 1 s) plays on its own.
            advance(clock, to: 2.3)
            #expect(abs(card.layer.presentation()!.position.y - (230 - 70)) < 1)
            advance(clock, to: 2.7)
            #expect(animator?.state == .inactive && card.center.y == 130 && card.layer.presentation()!.position.y == 130)
            card.removeGestureRecognizer(pan)   // the handler holds the card, as such handlers do on iOS: let it go
        }
    }
}

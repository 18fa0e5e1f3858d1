import CalyxTestSupport
import Testing
import UIKit

/// Presenting, dismissing, pushing and popping: the appearance callbacks in UIKit's order (full-screen
/// presentations tell the presenter it disappears; sheets do not), where the views are during and after each
/// animation (from the transition curves: a critically damped spring, ease-in-out), and custom animators.
@Suite struct PresentationAndNavigationTests {
    typealias Log = AppearanceLog
    typealias Screen = LoggingScreen

    func window(root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        window.makeKeyAndVisible()
        CATransaction.flush()
        return window
    }

    @Test func fullScreenCoverVerticalPresentsAndDismisses() {
        withClock { clock in
            let log = Log()
            let a = Screen("A", log), b = Screen("B", log)
            let window = window(root: a)
            log.calls = []
            b.modalPresentationStyle = .fullScreen
            var presented = false
            a.present(b, animated: true) { presented = true }
            #expect(log.calls == ["A.willDisappear", "B.willAppear"])
            #expect(a.presentedViewController === b && b.presentingViewController === a && b.isBeingPresented)
            #expect(b.view.frame == window.bounds, "the model is at the end at once")
            advance(clock, to: 0.1)
            let y = b.view.layer.presentation()!.position.y
            #expect(y > 240 && y < 240 + 480, "on its way up: \(y)")
            advance(clock, to: 0.6)
            #expect(presented && log.calls == ["A.willDisappear", "B.willAppear", "B.didAppear", "A.didDisappear"])
            #expect(a.view.window == nil && b.view.window === window, "a full-screen presentation takes the presenter's view away")
            log.calls = []
            var dismissed = false
            b.dismiss(animated: true) { dismissed = true }
            #expect(a.view.window === window && log.calls == ["B.willDisappear", "A.willAppear"])
            advance(clock, to: 1.0)
            #expect(dismissed && a.presentedViewController == nil && b.presentingViewController == nil && b.view.window == nil)
            #expect(log.calls == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
        }
    }

    /// iOS 13's default: a sheet 10 points down from the top, the presenter staying (and told nothing).
    @Test func sheetsLeaveThePresenterInPlace() {
        withClock { _ in
            let log = Log()
            let a = Screen("A", log), b = Screen("B", log)
            let window = window(root: a)
            log.calls = []
            a.present(b, animated: false)
            #expect(log.calls == ["B.willAppear", "B.didAppear"])
            #expect(b.view.frame == CGRect(x: 0, y: 10, width: 320, height: 470) && a.view.window === window)
            #expect(b.view.layer.cornerRadius == 10)
            // Presenting from a controller that presents goes on top; dismissing the bottom one takes both.
            let c = Screen("C", log)
            a.present(c, animated: false)
            #expect(b.presentedViewController === c)
            a.dismiss(animated: false)
            #expect(a.presentedViewController == nil && c.view.window == nil && b.view.window == nil)
        }
    }

    /// Cross-dissolve fades over 0.35 s ease-in-out: half way in time is half way in opacity.
    @Test func crossDissolveFades() {
        withClock { clock in
            let a = Screen("A", Log()), b = Screen("B", Log())
            let window = window(root: a)
            b.modalTransitionStyle = .crossDissolve
            b.modalPresentationStyle = .overFullScreen
            a.present(b, animated: true)
            advance(clock, to: 0.175)
            #expect(abs(Double(b.view.layer.presentation()!.opacity) - 0.5) < 0.02)
            advance(clock, to: 0.4)
            #expect(b.view.alpha == 1 && a.view.window === window, "over full screen keeps the presenter")
        }
    }

    final class Animator: UIViewControllerAnimatedTransitioning {
        var ended: Bool?
        var sawContainer = false
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
        func animateTransition(using context: UIViewControllerContextTransitioning) {
            let to = context.view(forKey: .to)!
            sawContainer = context.containerView.window != nil
            to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
            to.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            context.containerView.addSubview(to)
            UIView.animate(withDuration: 0.2, animations: { to.transform = .identity }, completion: { _ in context.completeTransition(true) })
        }
        func animationEnded(_ transitionCompleted: Bool) { ended = transitionCompleted }
    }
    final class Delegate: UIViewControllerTransitioningDelegate, UINavigationControllerDelegate {
        let animator = Animator()
        var shown: [String] = []
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
        func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            operation == .push ? animator : nil
        }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            shown.append(viewController.title ?? "")
        }
    }

    @Test func aTransitioningDelegatesAnimatorRuns() {
        withClock { clock in
            let a = Screen("A", Log()), b = Screen("B", Log())
            let window = window(root: a)
            let delegate = Delegate()
            b.transitioningDelegate = delegate
            b.modalPresentationStyle = .custom
            var done = false
            a.present(b, animated: true) { done = true }
            #expect(delegate.animator.sawContainer && !done)
            advance(clock, to: 0.1)
            #expect(b.view.layer.presentation()!.transform.m11 < 0.9)
            advance(clock, to: 0.3)
            #expect(done && delegate.animator.ended == true && b.view.window === window)
        }
    }

    @Test func pushAndPopSlideAndCallBackInOrder() {
        withClock { clock in
            let log = Log()
            let a = Screen("A", log), b = Screen("B", log)
            let navigation = UINavigationController(rootViewController: a)
            let delegate = Delegate()
            let window = window(root: navigation)
            #expect(a.navigationController === navigation && a.view.frame.minY == 44, "below the bar")
            log.calls = []
            navigation.pushViewController(b, animated: true)
            #expect(log.calls == ["A.willDisappear", "B.willAppear"] && navigation.topViewController === b)
            advance(clock, to: 0.175)
            // Half way through an ease-in-out: the new view is half way in from the right, the old a sixth out.
            #expect(abs(b.view.layer.presentation()!.position.x - (160 + 160)) < 2)
            #expect(abs(a.view.layer.presentation()!.position.x - (160 - 320.0 / 6)) < 2)
            advance(clock, to: 0.4)
            #expect(log.calls == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
            #expect(a.view.superview == nil && b.view.frame == CGRect(x: 0, y: 44, width: 320, height: 436))
            #expect(navigation.navigationBar.backItem === a.navigationItem && navigation.navigationBar.topItem === b.navigationItem)
            log.calls = []
            #expect(navigation.popViewController(animated: true) === b)
            advance(clock, to: 0.8)
            #expect(log.calls == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
            #expect(navigation.viewControllers == [a] && b.parent == nil && b.navigationController == nil)
            // The delegate's animator for pushes; didShow reported.
            navigation.delegate = delegate
            navigation.pushViewController(b, animated: true)
            advance(clock, to: 0.9)
            #expect(b.view.layer.presentation()!.transform.m11 < 0.9)
            advance(clock, to: 1.2)
            #expect(delegate.shown == ["B"] && delegate.animator.ended == true)
            let c = Screen("C", log)
            navigation.pushViewController(c, animated: false)
            #expect(navigation.popToRootViewController(animated: false)?.count == 2 && navigation.topViewController === a)
            #expect(a.view.window === window)
        }
    }
}

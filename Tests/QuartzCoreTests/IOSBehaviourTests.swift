import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Behaviours real iOS code relies on, written as an iOS developer would write them.
@Suite struct IOSBehaviourTests {
    /// NVActivityIndicatorView's ball-rotate-chase gives five balls groups that differ only in their timing
    /// function; on iOS they follow the circle apart. The children run in the group's eased time.
    @Test func groupTimingFunctionEasesItsChildren() {
        withClock(at: 0) { clock in
            let layer = CALayer()
            layer.position = .zero
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0; move.toValue = 100; move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            let group = CAAnimationGroup()
            group.animations = [move]
            group.duration = 1
            group.timingFunction = CAMediaTimingFunction(name: .easeOut)
            layer.add(group, forKey: "chase")
            CATransaction.flush()
            clock.setManualTime(0.5)
            // Apple's easeOut at 0.5 is 0.684643 (measured values, semantics §2.2).
            let x = layer.presentation()!.position.x
            #expect(abs(x - 68.4643) < 0.01, "x = \(x)")
        }
    }

    /// An additive animation of a value that cannot be added (a path) animates as if not additive, instead of
    /// freezing on the model value.
    @Test func additivePathAnimationAnimatesAsNotAdditive() {
        withClock(at: 0) { clock in
            let shape = CAShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            CATransaction.flush()
            let target = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
            let a = CAKeyframeAnimation(keyPath: "path")
            a.values = [target, target]
            a.isAdditive = true
            a.duration = 1
            shape.add(a, forKey: "morph")
            CATransaction.flush()
            clock.setManualTime(0.5)
            #expect(shape.presentation()!.path == target)
        }
    }

    /// A transition is stored under "transition" whatever key it is added with: a layer has at most one.
    @Test func transitionsAreKeyedTransition() {
        withClock(at: 0) { _ in
            let layer = CALayer()
            let fade = CATransition(); fade.type = .fade
            layer.add(fade, forKey: "myFade")
            let push = CATransition(); push.type = .push
            layer.add(push, forKey: nil)
            #expect(layer.animationKeys() == ["transition"])
            #expect((layer.animation(forKey: "transition") as? CATransition)?.type == .push)
        }
    }
}

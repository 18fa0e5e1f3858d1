import Testing
@testable import QuartzCore

/// Transactions and actions, semantics §6 (APPLE-MEASURED: GS CATransaction/transaction.m, completion.m,
/// CALayer/actions.m).
@Suite struct TransactionTests {
    @Test func scopedValuesAndDefaults() {
        withClock { _ in
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(!CATransaction.disableActions() && CATransaction.animationTimingFunction() == nil)
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setValue("x", forKey: "custom")
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)  // inherited
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.animationDuration() == 3 && CATransaction.value(forKey: "custom") as? String == "x")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2)  // the outer value returns
            CATransaction.commit()
            CATransaction.commit()  // unbalanced: ignored
        }
    }

    @Test func completionBlocksRunAfterTheirAnimationsAndNeverDuringCommit() {
        withClock { clock in
            let layer = committedLayer()
            var log: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("first") }
            CATransaction.setCompletionBlock { log.append("second") }  // both run
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
            layer.add(a, forKey: "fade")
            CATransaction.commit()
            #expect(log.isEmpty)  // not during commit
            CAProcessAnimationEvents()
            #expect(log.isEmpty)  // the animation is still running
            clock.advance(by: 1.01)
            CAProcessAnimationEvents()
            #expect(log == ["first", "second"])
            // With no animations the block still waits for the next turn.
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("empty") }
            CATransaction.commit()
            #expect(log.count == 2)
            CAProcessAnimationEvents()
            #expect(log.last == "empty")
        }
    }

    @Test func disableActionsSkipsImplicitAnimations() {
        withClock { _ in
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.5
            CATransaction.commit()
            #expect(layer.animationKeys() == nil)
            layer.opacity = 0.2
            #expect(layer.animationKeys() == ["opacity"])
        }
    }
}

final class ActionDelegate: CALayerDelegate {
    var answer: CAAction?
    func action(for layer: CALayer, forKey event: String) -> CAAction? { event == "opacity" ? answer : nil }
}

@Suite struct ActionTests {
    @Test func lookupOrderAndNSNull() {
        let layer = CALayer()
        let delegate = ActionDelegate()
        let fromDelegate = CABasicAnimation(), fromActions = CABasicAnimation(), fromStyle = CABasicAnimation()
        layer.style = ["actions": ["opacity": fromStyle]]
        #expect((layer.action(forKey: "opacity") as AnyObject?) === fromStyle)
        layer.actions = ["opacity": fromActions]
        #expect((layer.action(forKey: "opacity") as AnyObject?) === fromActions)
        layer.delegate = delegate
        delegate.answer = fromDelegate
        #expect((layer.action(forKey: "opacity") as AnyObject?) === fromDelegate)
        delegate.answer = NSNull()
        #expect(layer.action(forKey: "opacity") == nil)  // NSNull ends the search and reads as nil
        #expect(CALayer.defaultAction(forKey: "position") == nil)
        // Nested styles are searched, and NSNull in `actions` blocks them.
        let nested = CALayer()
        nested.style = ["style": ["actions": ["position": fromStyle]]]
        #expect((nested.action(forKey: "position") as AnyObject?) === fromStyle)
        nested.actions = ["position": NSNull()]
        #expect(nested.action(forKey: "position") == nil)
    }

    @Test func implicitAnimationShape() throws {
        try withClock { _ in
            let layer = committedLayer()
            layer.opacity = 0.5
            let a = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(a.keyPath == "opacity" && a.duration == 0.25 && a.toValue == nil)
            #expect(a.fromValue as? Float == 1)
            #expect(a.timingFunction == CAMediaTimingFunction(name: .default))
            // NSNull in actions: no implicit animation either.
            layer.actions = ["position": NSNull()]
            layer.position = CGPoint(x: 9, y: 9)
            #expect(layer.animation(forKey: "position") == nil)
            // Non-animatable and discrete keys have none.
            layer.isDoubleSided = false
            layer.isHidden = true
            #expect(layer.animation(forKey: "doubleSided") == nil && layer.animation(forKey: "hidden") == nil)
            // New contents cross-fade through a fade transition under the "transition" key.
            layer.contents = CGImage?.none as Any?
            layer.contents = "an image" as NSString
            let fade = try #require(layer.animation(forKey: kCATransition) as? CATransition)
            #expect(fade.type == .fade && fade.duration == 0.25)
            // A layer never committed does not animate.
            let fresh = CALayer()
            fresh.opacity = 0.3
            #expect(fresh.animationKeys() == nil)
        }
    }

    @Test func implicitAnimationRunsFromThePresentationValue() throws {
        try withClock { clock in
            let layer = committedLayer()
            layer.opacity = 0      // 1 → 0 over 0.25 s with the default curve
            CATransaction.flush()
            clock.advance(by: 0.125)
            let midway = try #require(layer.presentation()).opacity
            layer.opacity = 1      // retarget: starts where the first animation is now
            let second = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
            #expect(abs((second.fromValue as! Double) - Double(midway)) < 1e-6)
        }
    }
}

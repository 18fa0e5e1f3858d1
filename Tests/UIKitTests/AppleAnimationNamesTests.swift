import Testing
import Foundation
import UIKit

/// Apple's view-animation names, spelled as iOS code spells them: each compiles with Apple's labels and types
/// and does what Apple documents.
@Suite struct AppleAnimationNamesTests {
    /// An animator driven through the protocols alone, as a custom transition's interruptible animator is.
    func drive(_ animator: any UIViewImplicitlyAnimating, toFraction fraction: CGFloat) {
        animator.addAnimations { }
        animator.fractionComplete = fraction
    }

    @Test func animatingProtocolsAndTheirEnums() {
        withClock { _ in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            let state: UIViewAnimatingState = animator.state
            #expect(state == .inactive && UIViewAnimatingState.active.rawValue == 1 && UIViewAnimatingState.stopped.rawValue == 2)
            var finishedAt: [UIViewAnimatingPosition] = []
            let completion: (UIViewAnimatingPosition) -> Void = { finishedAt.append($0) }
            animator.addCompletion(completion)
            drive(animator, toFraction: 0.5)
            #expect(animator.state == .active && !animator.isRunning)
            let generic: any UIViewAnimating = animator
            generic.stopAnimation(false)
            generic.finishAnimation(at: .current)
            #expect(finishedAt == [.current])
            #expect(UIViewAnimatingPosition.end.rawValue == 0 && UIViewAnimatingPosition.start.rawValue == 1)
            #expect(UICubicTimingParameters().timingCurveType == .builtin)
            #expect(UICubicTimingParameters(controlPoint1: .zero, controlPoint2: CGPoint(x: 1, y: 1)).timingCurveType == .cubic)
            #expect(UISpringTimingParameters().timingCurveType == .spring)
        }
    }

    @Test func propertyAnimatorProperties() {
        withClock { _ in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 2, timingParameters: UICubicTimingParameters(animationCurve: .easeOut))
            #expect(animator.delay == 0 && !animator.isManualHitTestingEnabled && animator.isInterruptible)
            #expect(animator.isUserInteractionEnabled && animator.scrubsLinearly && !animator.pausesOnCompletion)
            #expect(animator.timingParameters?.cubicTimingParameters?.animationCurve == .easeOut)
            animator.addAnimations({ view.alpha = 0.5 }, delayFactor: 0.5)
            animator.isManualHitTestingEnabled = true
            animator.startAnimation(afterDelay: 0.3)
            #expect(animator.delay == 0.3 && animator.isManualHitTestingEnabled)
            // Set while active: ignored (Apple raises).
            animator.isInterruptible = false
            #expect(animator.isInterruptible)
        }
    }

    final class CardAnimator: UIViewPropertyAnimator, @unchecked Sendable {}

    @Test func runningPropertyAnimatorAnswersItsOwnClass() {
        withClock { _ in
            let view = committedView()
            let animator = CardAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: [.curveEaseIn],
                                                                animations: { view.alpha = 0 }, completion: { _ in })
            let typed: CardAnimator = animator
            #expect(typed.isRunning && typed.state == .active)
        }
    }

    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: the animator's duration is ignored
    /// for the spring's settling time. For (1, 100, 5) Apple's `settlingDuration` page gives about 2.85 s.
    @Test func physicalSpringsRunForTheirSettlingTime() {
        withClock { _ in
            let view = committedView()
            let parameters = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 5, initialVelocity: CGVector(dx: 0, dy: 0))
            let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: parameters)
            animator.addAnimations { view.center.x = 100 }
            animator.startAnimation()
            let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
            #expect(animator.duration == 0.5)
            #expect(spring.map { abs($0.duration - 2.854974609888761) < 1e-6 } == true, "\(spring?.duration ?? -1)")
            #expect(spring?.mass == 1 && spring?.stiffness == 100 && spring?.damping == 5)
        }
    }

    /// The iOS 17 forms: `duration:bounce:` with a negative bounce is an overdamped spring (ζ = 1/(1 + bounce)),
    /// which Core Animation must not clamp: `allowsOverdamping` is set.
    @Test func perceptualSpringParametersOverdamp() {
        withClock { _ in
            let view = committedView()
            let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: -0.5))
            animator.addAnimations { view.center.x = 100 }
            animator.startAnimation()
            let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
            #expect(spring?.allowsOverdamping == true)
            let omega = 2 * Double.pi / 0.5
            #expect(spring.map { abs(Double($0.stiffness) - omega * omega) < 1e-6 && abs(Double($0.damping) - 2 * 2 * omega) < 1e-6 } == true)
            let withVelocity = UISpringTimingParameters(duration: 0.3, bounce: 0.2, initialVelocity: CGVector(dx: 1, dy: 0))
            #expect(withVelocity.initialVelocity.dx == 1)
            // Apple's default spring: mass 3, stiffness 1000, damping 500.
            let standard = UISpringTimingParameters()
            #expect(standard.initialVelocity == CGVector(dx: 0, dy: 0))
        }
    }

    /// The pre-iOS 4 API (§5): a begin/commit block configured by the setters, and the setters inside a block.
    @Test func beginAndCommitAnimations() { (LegacyCalls.self as LegacyAPI.Type).beginAndCommitAnimations() }
    @Test func enablingAnimationsAndTransitionsOfTheOldAPI() { (LegacyCalls.self as LegacyAPI.Type).enablingAnimationsAndTransitions() }


    @Test func coreGraphicsOverlaySpellings() throws {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        var shift = CGAffineTransform(translationX: 10, y: 20)
        // A 10-point butt stroke of the segment is the rectangle 0…100 × −5…5, here moved by (10, 20).
        let outline = try #require(CGPath(__byStroking: line, transform: &shift, lineWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        let box = outline.boundingBoxOfPath
        #expect(abs(box.minX - 10) < 1e-6 && abs(box.maxX - 110) < 1e-6 && abs(box.minY - 15) < 1e-6 && abs(box.maxY - 25) < 1e-6)
        #expect(CGPath(__byStroking: nil, transform: nil, lineWidth: 1, lineCap: .round, lineJoin: .round, miterLimit: 4) == nil)

        let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        let copy = try #require(color.copy())
        #expect(copy == color && copy !== color)

        let cell = CAEmitterCell()
        #expect(!cell.shouldArchiveValue(forKey: "birthRate") && !cell.shouldArchiveValue(forKey: "somethingElse"))
        cell.birthRate = 20
        cell.setValue(3, forKey: "somethingElse")
        #expect(cell.shouldArchiveValue(forKey: "birthRate") && cell.shouldArchiveValue(forKey: "somethingElse"))
    }

    /// Every cell property reaches key-value coding, so `emitterCells.<name>.<key>` animations of the header's
    /// animatable cell keys (`velocityRange`, `alphaSpeed`…) change the property itself.
    @Test func emitterCellKeyValueCodingCoversEveryProperty() {
        let cell = CAEmitterCell()
        cell.setValue(12.5, forKey: "velocityRange")
        cell.setValue(NSNumber(value: -0.25), forKey: "alphaSpeed")
        cell.setValue(CGRect(x: 0, y: 0, width: 0.5, height: 0.5), forKey: "contentsRect")
        cell.setValue("not a number", forKey: "lifetime")
        #expect(cell.velocityRange == 12.5 && cell.alphaSpeed == -0.25 && cell.contentsRect.width == 0.5 && cell.lifetime == 0)
        #expect((cell.value(forKey: "velocityRange") as? CGFloat) == 12.5)
    }
}

/// The pre-iOS 4 calls, in functions marked deprecated as the API is, called through a protocol (so the tests
/// compile without deprecation warnings).
protocol LegacyAPI {
    static func beginAndCommitAnimations()
    static func enablingAnimationsAndTransitions()
}

enum LegacyCalls: LegacyAPI {
    @available(*, deprecated)
    static func beginAndCommitAnimations() {
        withClock { clock in
            let view = committedView()
            UIView.beginAnimations("fade", context: nil)
            UIView.setAnimationDuration(2)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationRepeatCount(2.5)
            UIView.setAnimationRepeatAutoreverses(true)
            view.alpha = 0
            UIView.commitAnimations()
            let fade = view.layer.animation(forKey: "opacity")
            #expect(fade?.duration == 2 && fade?.repeatCount == 2.5 && fade?.autoreverses == true)
            #expect(fade?.timingFunction == CAMediaTimingFunction(name: .linear))
            advance(clock, to: 0.5 + 1)   // half way through the first pass, after the delay
            #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6)
            // Inside a block, the setters change the animations made after them.
            let other = committedView()
            UIView.animate(withDuration: 1) {
                UIView.setAnimationRepeatCount(3)
                other.alpha = 0.2
            }
            #expect(other.layer.animation(forKey: "opacity")?.repeatCount == 3)
            // Outside any block they do nothing, and commitAnimations alone is ignored.
            UIView.setAnimationDuration(5)
            UIView.commitAnimations()
        }
    }

    @available(*, deprecated)
    static func enablingAnimationsAndTransitions() {
        withClock { _ in
            let view = committedView()
            #expect(UIView.areAnimationsEnabled)
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1) { view.alpha = 0.5 }
            #expect(view.layer.animationKeys() == nil && !UIView.areAnimationsEnabled)
            UIView.setAnimationsEnabled(true)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationTransition(.flipFromLeft, for: view, cache: true)
            UIView.setAnimationBeginsFromCurrentState(true)
            view.backgroundColor = .blue
            UIView.commitAnimations()
            let flip = view.layer.animation(forKey: kCATransition) as? CATransition
            #expect(flip?.type.rawValue == "oglFlip" && flip?.subtype == .fromLeft && flip?.duration == 0.2)
        }
    }
}

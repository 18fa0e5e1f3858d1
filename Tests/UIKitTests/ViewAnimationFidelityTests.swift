import Testing
import Foundation
@testable import UIKit
import CalyxTestSupport
@testable import QuartzCore

/// View-animation behaviour where Calyx once answered differently from iOS (docs/view-animation.md names each
/// rule). Expectations come from the timing curves' published values, the additive model and closed-form springs.
@Suite struct ViewAnimationFidelityTests {
    /// A finished block's animations leave the layer when the run loop turns, on any thread whose run loop runs —
    /// also when the thread's implicit transaction opened before its loop started (Apple commits it at the loop's
    /// next turn).
    @Test func finishedAnimationsLeaveTheLayerWhenTheRunLoopTurns() {
        let done = DispatchSemaphore(value: 0)
        let seen = Locked<(keys: [String], finished: [Bool])>(([], []))
        let thread = Thread {
            CAMediaClock.$current.withValue(CAMediaClock()) {
                RunLoop.current.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                RunLoop.current.perform {
                    UIView.animate(withDuration: 0.1, animations: { view.center.x = 50; view.alpha = 0.5 },
                                   completion: { flag in seen.withLock { $0.finished.append(flag) } })
                }
                RunLoop.current.run(until: Date().addingTimeInterval(0.5))
                seen.withLock { $0.keys = view.layer.animationKeys() ?? [] }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        let result = seen.withLock { $0 }
        #expect(result.keys.isEmpty && result.finished == [true], "\(result)")
    }

    /// `.beginFromCurrentState` (§1.4) starts from what is on screen: for a rotation half-way through a linear
    /// turn from 0 to 1 rad, 0.5 rad — not the old model value (0) nor the new one.
    @Test func beginFromCurrentStateUsesTheScreenForTransforms() {
        withClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.transform = CGAffineTransform(rotationAngle: 1) })
            advance(clock, to: 0.5)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: { view.transform = .identity })
            let from = (view.layer.animation(forKey: "transform") as? CABasicAnimation)?.fromValue as? CATransform3D
            #expect(from.map { abs(atan2($0.m12, $0.m11) - 0.5) < 1e-6 } == true)
            advance(clock, to: 1.0)   // half way back: 0.25 rad
            let angle = view.layer.presentation()!.value(forKeyPath: "transform.rotation.z") as? Double
            #expect(angle.map { abs($0 - 0.25) < 1e-6 } == true, "\(String(describing: angle))")
        }
    }

    /// The same for opacity, and for an additive animation part-way through a repeat: a repeating additive
    /// move of +100 (linear, 1 s a pass) shows +50 half way through its second pass.
    @Test func beginFromCurrentStateUsesTheScreenForOpacityAndRepeats() {
        withClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            advance(clock, to: 0.25)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: { view.alpha = 1 })
            #expect(((view.layer.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? Double).map { abs($0 - 0.75) < 1e-6 } == true)

            let mover = committedView()   // centre (5, 5)
            let bob = CABasicAnimation(keyPath: "position.x")
            bob.fromValue = 0; bob.toValue = 100; bob.isAdditive = true; bob.duration = 1; bob.repeatCount = 3
            mover.layer.add(bob, forKey: "bob")
            advance(clock, to: 0.25 + 1.5)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: { mover.alpha = 0.5 })
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState, .repeat], animations: { mover.center.x = 200 })
            // A repeating block is absolute (§1.2): it starts from the screen, 5 + 50.
            let move = mover.layer.animation(forKey: "position") as? CABasicAnimation
            #expect(move?.isAdditive == false)
            #expect((move?.fromValue as? CGPoint).map { abs($0.x - 55) < 1e-6 } == true, "\(String(describing: move?.fromValue))")
        }
    }

    /// `.overrideInheritedOptions` drops the inherited animation type (§1.6): inside a spring block, an inner
    /// block with it makes a plain basic animation; without it, a spring.
    @Test func overridingInheritedOptionsDropsTheSpring() {
        withClock { _ in
            let view = committedView()
            var enabledInside: Bool?
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
                UIView.animate(withDuration: 0.5, delay: 0, options: .overrideInheritedOptions, animations: { view.alpha = 0 })
                UIView.animate(withDuration: 0.5) { view.center.x = 40 }
                UIView.performWithoutAnimation { enabledInside = UIView.areAnimationsEnabled }
            })
            #expect(type(of: view.layer.animation(forKey: "opacity")!) == CABasicAnimation.self)
            #expect(view.layer.animation(forKey: "position") is CASpringAnimation)
            #expect(enabledInside == false && UIView.areAnimationsEnabled)
        }
    }

    /// `modifyAnimations(withRepeatCount:autoreverses:)` reaches keyframe animations made inside it (§5).
    @Test func modifyAnimationsAppliesToKeyframes() {
        withClock { _ in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
                }
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 30 }
            })
            let fade = view.layer.animation(forKey: "opacity")
            #expect(fade?.repeatCount == 3 && fade?.autoreverses == true)
            #expect(view.layer.animation(forKey: "position")?.repeatCount == 0)
        }
    }

    /// Keyframes (§2.2): a key first touched by a later keyframe gets that keyframe's times alone — its initial
    /// value at the keyframe's start, its value at the keyframe's end — and holds its initial value before.
    @Test func keyframesOfALaterKeyStartAtThatKeyframe() {
        withClock { clock in
            let view = committedView()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeLinear, UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 45 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
            })
            let fade = view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
            #expect(fade?.keyTimes == [0.5, 1])
            #expect((fade?.values ?? []).compactMap { anyToDouble($0) } == [1, 0])
            let move = view.layer.animation(forKey: "position") as? CAKeyframeAnimation
            #expect(move?.keyTimes == [0, 0.5, 1])
            advance(clock, to: 0.25)
            #expect(abs(view.layer.presentation()!.opacity - 1) < 1e-6 && abs(view.layer.presentation()!.position.x - 25) < 1e-6)
            advance(clock, to: 0.75)
            #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6 && abs(view.layer.presentation()!.position.x - 45) < 1e-6)
        }
    }

    /// With `.beginFromCurrentState` a keyframe block's first value is what is on screen.
    @Test func keyframesFromTheCurrentState() {
        withClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            advance(clock, to: 0.5)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            })
            let values = ((view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)?.values ?? []).compactMap { anyToDouble($0) }
            #expect(values.count == 2 && abs(values[0] - 0.5) < 1e-6 && values[1] == 1)
        }
    }

    /// The iOS 17 spring with a negative bounce is overdamped (ζ = 1/(1 + b) = 2 for b = −0.5). Its presentation
    /// follows the closed form x(t) = 1 − e^(−ζωt)(cosh(ω_d t) + ζω/ω_d · sinh(ω_d t)), ω = 2π/d, ω_d = ω√(ζ² − 1).
    @Test func overdampedSpringsFollowTheClosedForm() {
        withClock { clock in
            let view = committedView()
            view.center = .zero
            CATransaction.flush()
            UIView.animate(springDuration: 0.5, bounce: -0.5) { view.center.x = 100 }
            let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
            #expect(spring?.allowsOverdamping == true)
            let omega = 2 * Double.pi / 0.5, zeta = 2.0, wd = omega * (zeta * zeta - 1).squareRoot()
            for t in [0.05, 0.1, 0.2, 0.4] {
                advance(clock, to: t)
                let travelled = 1 - exp(-zeta * omega * t) * (cosh(wd * t) + zeta * omega / wd * sinh(wd * t))
                #expect(abs(view.layer.presentation()!.position.x - 100 * travelled) < 1e-3, "t = \(t)")
            }
        }
    }

    /// A red card turned blue inside a one-second linear cross-dissolve block, as iOS code writes it (the colour
    /// change itself also animates). Without `.allowAnimatedContent` the new state is a still of the block's end,
    /// so half way each pixel is the old red at 1 − P over the new blue at P over the white window:
    /// 0.5·red + 0.5·(0.5·blue + 0.5·white) = (191, 64, 128) within 2 levels.
    @Test func crossDissolveHalfWayMixesThePictures() {
        withClock { clock in
            let (window, card) = cardInWindow()
            let canvas = TestCanvas(width: 60, height: 40, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = window.layer
            render(renderer, at: 0)
            UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                card.backgroundColor = .blue
            })
            advance(clock, to: 0.5)
            render(renderer, at: 0.5)
            let mid = canvas.pixel(topDown: 30, 20)
            #expect(mid.isClose(to: Pixel(191, 64, 128), tolerance: 2), "\(mid)")
            advance(clock, to: 1.1)
            render(renderer, at: 1.1)
            #expect(canvas.pixel(topDown: 30, 20).isClose(to: .blue, tolerance: 1))
        }
    }

    /// A zero duration changes the view with no transition (Apple: no animation); a transition of a container
    /// that was never committed has no picture before, and shows its end state.
    @Test func transitionsWithoutDurationOrWithoutABefore() {
        withClock { clock in
            let (window, card) = cardInWindow()
            var finished: Bool?
            UIView.transition(with: card, duration: 0, options: .transitionFlipFromLeft, animations: {
                card.backgroundColor = .blue
            }, completion: { finished = $0 })
            #expect(card.layer.animation(forKey: kCATransition) == nil)
            advance(clock, to: 0.01)
            #expect(finished == true)

            // A container added in this same turn: swapping its red view for a green one shows the green at once.
            let container = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
            let red = UIView(frame: container.bounds), green = UIView(frame: container.bounds)
            red.backgroundColor = .red
            green.backgroundColor = .green
            container.addSubview(red)
            window.addSubview(container)
            UIView.transition(from: red, to: green, duration: 1, options: [.transitionCrossDissolve, .curveLinear])
            #expect(container.layer.animation(forKey: kCATransition) == nil && green.superview === container)
            let canvas = TestCanvas(width: 60, height: 40, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = window.layer
            advance(clock, to: 0.3)
            render(renderer, at: 0.3)
            #expect(canvas.pixel(topDown: 30, 20).isClose(to: .green, tolerance: 1), "\(canvas.pixel(topDown: 30, 20))")
        }
    }

    /// A 40 × 20 red card in a white 60 × 40 window, committed.
    func cardInWindow() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        window.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        card.backgroundColor = .red
        window.addSubview(card)
        CATransaction.flush()
        return (window, card)
    }

    func render(_ renderer: CARenderer, at t: CFTimeInterval) {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        renderer.endFrame()
    }
}

/// `UIViewPropertyAnimator` (§7) where it once differed from iOS.
@Suite struct PropertyAnimatorFidelityTests {
    func movingView() -> UIView {
        let view = committedView()
        view.center = .zero
        CATransaction.flush()
        return view
    }

    /// With `pausesOnCompletion` the animator stays active and paused at its end, and the end values stay on
    /// screen; no completion runs.
    @Test func pausingOnCompletionHoldsTheEnd() {
        withClock { clock in
            let view = movingView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100; view.alpha = 0.2 }
            var completed = false
            animator.addCompletion { _ in completed = true }
            animator.pausesOnCompletion = true
            animator.startAnimation()
            advance(clock, to: 1.2)
            advance(clock, to: 1.5)
            #expect(animator.state == .active && !animator.isRunning && !completed)
            #expect(abs(view.layer.presentation()!.position.x - 100) < 1e-6 && abs(view.layer.presentation()!.opacity - 0.2) < 1e-6)
            #expect(abs(animator.fractionComplete - 1) < 1e-9)
        }
    }

    /// Animations added while running take the remaining duration, `(1 − fractionComplete) × duration`, and
    /// with a delay factor start that share of it later.
    @Test func animationsAddedWhileRunningTakeTheRest() {
        withClock { clock in
            let view = movingView()
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
            advance(clock, to: 1)   // half way
            animator.addAnimations { view.alpha = 0 }
            animator.addAnimations({ view.center.y = 80 }, delayFactor: 0.5)
            advance(clock, to: 1.5)
            // Opacity runs over the last second: a quarter of the way, 0.5 of it; y waits until 1.5 s.
            #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6)
            #expect(abs(view.layer.presentation()!.position.y) < 1e-6)
            advance(clock, to: 1.75)
            #expect(abs(view.layer.presentation()!.position.y - 40) < 1e-6)
            advance(clock, to: 2.1)
            #expect(animator.state == .inactive && view.alpha == 0 && view.center.y == 80)
        }
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: the animations' duration becomes the factor ×
    /// the original, so the rest takes the factor × what was left, on the new curve. Paused half way through an
    /// ease-in-out second (x = 50, the curve's midpoint), continued linearly with factor 2: the remaining half
    /// takes a second, so 0.5 s later x = 50 + 50 · 0.5.
    @Test func continuingScalesTheRemainingTime() {
        withClock { clock in
            let view = movingView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.startAnimation()
            advance(clock, to: 0.5)
            animator.pauseAnimation()
            #expect(abs(view.layer.presentation()!.position.x - 50) < 1e-6)
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
            advance(clock, to: 1.0)
            #expect(abs(view.layer.presentation()!.position.x - 75) < 1e-6, "\(view.layer.presentation()!.position.x)")
            advance(clock, to: 1.6)
            #expect(animator.state == .inactive && view.center.x == 100)
        }
    }

    /// A paused animator driving a blur effect shows the partial blur: with a linear scrub to 0.4, the light
    /// style's σ 30 shows as 12.
    @Test func aPausedAnimatorShowsAPartialBlur() {
        withClock { clock in
            let effectView = UIVisualEffectView(effect: nil)
            effectView.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            CATransaction.flush()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { effectView.effect = UIBlurEffect(style: .light) }
            animator.fractionComplete = 0.4
            advance(clock, to: 0.3)
            advance(clock, to: 2)
            let backdrop = effectView.subviews[0].layer
            let radius = backdrop.presentation()?.value(forKeyPath: UIVisualEffectView.radiusKeyPath) as? Double
            // (Within 1e-4 points: filter inputs are single precision.)
            #expect(radius.map { abs($0 - 12) < 1e-4 } == true, "\(String(describing: radius))")
            animator.fractionComplete = 0.8
            #expect((backdrop.presentation()?.value(forKeyPath: UIVisualEffectView.radiusKeyPath) as? Double).map { abs($0 - 24) < 1e-4 } == true)
        }
    }
}

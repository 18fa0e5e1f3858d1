import Testing
import UIKit

/// Runs `body` with a manual media clock starting at `time` (this task only), flushing the implicit transaction
/// around it, as a host does between frames.
func withClock(at time: CFTimeInterval = 0, _ body: (CAMediaClock) throws -> Void) rethrows {
    let clock = CAMediaClock(manualTime: time)
    try CAMediaClock.$current.withValue(clock) {
        CATransaction.flush()
        try body(clock)
        CATransaction.flush()
    }
}

/// A committed view at the origin, 10 × 10.
func committedView() -> UIView {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    CATransaction.flush()
    return view
}

/// Ends the run-loop turn (the implicit transaction commits at the current time), moves the clock to `t` and
/// delivers animation events: what a host does between frames.
func advance(_ clock: CAMediaClock, to t: CFTimeInterval) {
    CATransaction.flush()
    clock.setManualTime(t)
    CAProcessAnimationEvents()
}

/// View animation as iOS code writes it; expectations from the timing curves' published values and the
/// additive model (presentation = model + (old − new)·(1 − progress)).
@Suite struct ViewAnimationTests {
    @Test func linearAndEasedCurvesMoveTheCenter() {
        withClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 105 })
            #expect(view.center.x == 105)   // the model holds the final value at once
            advance(clock, to: 0.5)
            #expect(abs(view.layer.presentation()!.position.x - 55) < 1e-6)   // 5 + 100 · 0.5
            let eased = committedView()
            UIView.animate(withDuration: 1) { eased.center.x = 105 }
            advance(clock, to: 0.75)
            // Ease in-out at 0.25 of its duration is 0.129162 (Apple's measured value).
            #expect(abs(eased.layer.presentation()!.position.x - (5 + 100 * 0.129162)) < 1e-3)
        }
    }

    @Test func delayHoldsTheStartThenRuns() {
        withClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
            advance(clock, to: 0.25)
            #expect(abs(view.layer.presentation()!.opacity - 1) < 1e-6)
            advance(clock, to: 1.0)
            #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6)
        }
    }

    /// docs/view-animation.md §1.5: two overlapping 1 s ease-in-out moves of center.x (0 → 100, then at 0.5 s back to
    /// 0) blend: x(0.5) = 50, x(1.0) = 50, x(1.5) = 0, and both completions report true.
    @Test func overlappingMovesBlendAdditively() {
        withClock { clock in
            let view = committedView()
            view.center = .zero
            CATransaction.flush()
            var finished: [Bool] = []
            UIView.animate(withDuration: 1, animations: { view.center.x = 100 }, completion: { finished.append($0) })
            advance(clock, to: 0.5)
            #expect(abs(view.layer.presentation()!.position.x - 50) < 1e-6)
            UIView.animate(withDuration: 1, animations: { view.center.x = 0 }, completion: { finished.append($0) })
            #expect(Set(view.layer.animationKeys() ?? []) == ["position", "position-2"])
            advance(clock, to: 1.0)
            #expect(abs(view.layer.presentation()!.position.x - 50) < 1e-6)
            advance(clock, to: 1.5001)
            #expect(abs(view.layer.presentation()!.position.x) < 1e-6)
            #expect(finished == [true, true])
        }
    }

    @Test func absoluteKeysReplaceAndReportUnfinished() {
        withClock { clock in
            let view = committedView()
            var first: Bool?
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                           completion: { first = $0 })
            advance(clock, to: 0.5)
            // Without beginFromCurrentState the replacement starts from the old target (0): the iOS 7 jump.
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
            advance(clock, to: 0.5)
            #expect(first == false)
            #expect(abs(view.layer.presentation()!.opacity) < 1e-6)
            // With it, a replacement starts where the view is seen.
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: { view.alpha = 0.5 })
            advance(clock, to: 0.5)
            #expect(abs(view.layer.presentation()!.opacity) < 1e-6)
            advance(clock, to: 1.0)
            #expect(abs(view.layer.presentation()!.opacity - 0.25) < 1e-6)
        }
    }

    @Test func completionsAndCancelling() {
        withClock { clock in
            let view = committedView()
            var result: [String] = []
            UIView.animate(withDuration: 1, animations: { view.tag = 3 }, completion: { result.append("none:\($0)") })
            #expect(result.isEmpty)   // never inside animate
            advance(clock, to: 0.01)
            #expect(result == ["none:true"])
            UIView.animate(withDuration: 1, animations: { view.center.x = 50 }, completion: { result.append("move:\($0)") })
            advance(clock, to: 0.5)
            view.layer.removeAllAnimations()
            CAProcessAnimationEvents()
            #expect(result.last == "move:false")
            UIView.animate(withDuration: 0.2, animations: { view.alpha = 0.3 }, completion: { result.append("fade:\($0)") })
            advance(clock, to: 0.8)
            #expect(result.last == "fade:true")
        }
    }

    @Test func outsideBlocksAndWithoutAnimationNothingAnimates() {
        withClock { clock in
            let view = committedView()
            view.center.x = 80
            view.alpha = 0.2
            #expect(view.layer.animationKeys() == nil)
            UIView.animate(withDuration: 1) {
                view.alpha = 0.6
                UIView.performWithoutAnimation { view.center.x = 10 }
            }
            #expect(view.layer.animationKeys() == ["opacity"])
            advance(clock, to: 0.1)
            #expect(view.layer.presentation()!.position.x == 10)
        }
    }

    @Test func nestedBlocksInheritTheDuration() {
        withClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 2) {
                UIView.animate(withDuration: 0.3) { view.alpha = 0 }
                UIView.animate(withDuration: 0.3, delay: 0, options: .overrideInheritedDuration, animations: { view.center.y = 40 })
            }
            #expect(view.layer.animation(forKey: "opacity")?.duration == 2)
            #expect(view.layer.animation(forKey: "position")?.duration == 0.3)
        }
    }

    /// The worm HUD's pop-in (docs/view-animation.md §2.2): scale set to 0.1 outside, then keyframes (0, 0.5) → 1.3 and
    /// (0.5, 0.5) → 1 over 0.6 s give one keyframe animation of values [0.1, 1.3, 1] at key times [0, 0.5, 1].
    @Test func keyframesAsTheWormLaysThemOut() {
        withClock { clock in
            let worm = committedView()
            worm.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            CATransaction.flush()
            UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { worm.transform = CGAffineTransform(scaleX: 1.3, y: 1.3) }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { worm.transform = .identity }
            })
            let pop = worm.layer.animation(forKey: "transform") as? CAKeyframeAnimation
            #expect(pop?.keyTimes == [0, 0.5, 1])
            let scales = (pop?.values ?? []).compactMap { ($0 as? CATransform3D)?.m11 }
            #expect(scales.count == 3 && abs(scales[0] - 0.1) < 1e-9 && abs(scales[1] - 1.3) < 1e-9 && abs(scales[2] - 1) < 1e-9)
            #expect(pop?.duration == 0.6)
            // Half way in time the ease-in-out curve is at 0.5: exactly the middle keyframe.
            advance(clock, to: 0.3)
            #expect(abs(worm.layer.presentation()!.transform.m11 - 1.3) < 1e-6)
        }
    }

    /// UIKit's spring fit: with damping ratio 1 the envelope (1 + ωt)e^(−ωt) of the remaining travel falls to
    /// 0.001 at the duration; half way it is still far above.
    @Test func springsSettleByTheirDuration() {
        withClock { clock in
            let view = committedView()
            view.center = .zero
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                           animations: { view.center.x = 100 })
            let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
            #expect(spring != nil && spring?.duration == 1)
            let omega = Double((spring?.stiffness ?? 0).squareRoot())
            #expect(abs((1 + omega) * exp(-omega) - 0.001) < 1e-6)
            advance(clock, to: 0.999)
            #expect(abs(view.layer.presentation()!.position.x - 100) < 0.15)
        }
    }

    @Test func repeatingAndAutoreversingBlocksAreAbsolute() {
        withClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse], animations: { view.center.x = 60 })
            let bounce = view.layer.animation(forKey: "position") as? CABasicAnimation
            #expect(bounce?.isAdditive == false && bounce?.autoreverses == true && bounce?.repeatCount == .greatestFiniteMagnitude)
            UIView.animate(withDuration: 1) {
                UIView.modifyAnimations(withRepeatCount: 2.5, autoreverses: false) { view.alpha = 0 }
            }
            #expect(view.layer.animation(forKey: "opacity")?.repeatCount == 2.5)
        }
    }
}

/// The image view blinking (Neuburg's example): frames [mars, empty, mars, empty, mars] over 2 s, once, resting
/// on `empty`. Each frame lasts 0.4 s; afterwards the resting image shows.
@Suite struct ImageViewAnimationTests {
    func solid(_ red: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
            UIColor(red: red, green: 0, blue: 0, alpha: 1).setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    @Test func blinkingFramesAtChosenTimes() {
        withClock { clock in
            let mars = solid(1), empty = solid(0)
            let view = UIImageView(image: empty)
            CATransaction.flush()
            view.animationImages = [mars, empty, mars, empty, mars]
            view.animationDuration = 2
            view.animationRepeatCount = 1
            view.startAnimating()
            #expect(view.isAnimating)
            func shown() -> CGImage? { view.layer.presentation()?.contents as? CGImage }
            for (t, expected) in [(0.1, mars), (0.5, empty), (0.9, mars), (1.3, empty), (1.9, mars)] {
                advance(clock, to: t)
                #expect(shown() === expected.cgImage, "t = \(t)")
            }
            advance(clock, to: 2.1)
            #expect(shown() === empty.cgImage && !view.isAnimating)
            // The default duration is 1/30 s a frame; 0 repeats means forever.
            let spinner = UIImageView(image: UIImage.animatedImage(with: [mars, empty], duration: 0.5))
            let animation = spinner.layer.animation(forKey: "UIImageAnimation")
            #expect(animation?.duration == 0.5 && animation?.repeatCount == .infinity)
            let quick = UIImageView(frame: .zero); quick.animationImages = [mars, empty, mars]; quick.startAnimating()
            #expect(abs((quick.layer.animation(forKey: "UIImageAnimation")?.duration ?? 0) - 0.1) < 1e-12)
            quick.stopAnimating()
            #expect(!quick.isAnimating)
        }
    }
}

/// UIViewPropertyAnimator: scrubbing, pausing, reversing and finishing, checked on presentation values against
/// the curves' published values.
@Suite struct PropertyAnimatorTests {
    func movingView() -> UIView {
        let view = committedView()
        view.center = .zero
        CATransaction.flush()
        return view
    }

    @Test func scrubbingIsLinearOrOnTheCurve() {
        withClock { clock in
            let view = movingView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.fractionComplete = 0.25          // an inactive animator starts paused
            #expect(animator.state == .active && !animator.isRunning)
            advance(clock, to: 0.1)
            #expect(abs(view.layer.presentation()!.position.x - 25) < 1e-6)   // linear scrub: 25 %
            let other = movingView()
            let onCurve = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { other.center.x = 100 }
            onCurve.scrubsLinearly = false
            onCurve.fractionComplete = 0.25
            advance(clock, to: 0.2)
            // Ease in-out at 0.25 is 0.129162 (Apple's measured value).
            #expect(abs(other.layer.presentation()!.position.x - 12.9162) < 1e-3)
        }
    }

    @Test func runPauseReverseAndFinish() {
        withClock { clock in
            let view = movingView()
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            advance(clock, to: 0.5)
            #expect(abs(view.layer.presentation()!.position.x - 50) < 1e-6)
            animator.pauseAnimation()
            #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
            advance(clock, to: 0.8)
            #expect(abs(view.layer.presentation()!.position.x - 50) < 1e-6)   // held
            animator.isReversed = true
            animator.startAnimation()
            advance(clock, to: 1.05)
            #expect(abs(view.layer.presentation()!.position.x - 25) < 1e-6)   // back a quarter
            advance(clock, to: 1.4)
            CAProcessAnimationEvents()
            #expect(positions == [.start] && view.center.x == 0 && animator.state == .inactive)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test func stoppingAndFinishingWhereItStands() {
        withClock { clock in
            let view = movingView()
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            advance(clock, to: 0.5)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped && positions.isEmpty)
            #expect(abs(view.alpha - 0.75) < 1e-6)   // the model took what was shown
            animator.finishAnimation(at: .current)
            #expect(positions == [.current] && abs(view.alpha - 0.75) < 1e-6)
            // Running to the end completes with .end and leaves the end values.
            let runner = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: .curveLinear,
                                                                       animations: { view.center.y = 40 },
                                                                       completion: { positions.append($0) })
            advance(clock, to: 0.75)
            advance(clock, to: 1.1)
            #expect(positions == [.current, .end] && view.center.y == 40 && runner.state == .inactive)
        }
    }
}

extension PropertyAnimatorTests {
    /// Reversing while running turns back from where the animation stands.
    @Test func reversingWhileRunning() {
        withClock { clock in
            let view = movingView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
            advance(clock, to: 0.6)
            animator.isReversed = true
            advance(clock, to: 0.8)
            // (Within 1e-4: the reversed pass is timed through a Float speed and a wrapped autoreverse phase.)
            #expect(abs(view.layer.presentation()!.position.x - 40) < 1e-4)
            #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
        }
    }
}

/// View transitions drawn by CARenderer, probed where the geometry puts them.
@Suite struct ViewTransitionTests {
    func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let image = ctx.makeImage()!
        let bytes = image.dataProvider!.data! as Data
        let i = y * image.bytesPerRow + x * 4
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
    }

    /// A cross-dissolve a quarter of the way (linear timing) over white: the new (blue) content at 0.25, then
    /// the old (red) at 0.75 over it: 0.75·red + 0.25·(0.25·blue + 0.75·white) = (239, 48, 64).
    @Test func crossDissolveAtAQuarter() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.backgroundColor = .white
            let card = UIView(frame: window.bounds)
            card.backgroundColor = .red
            window.addSubview(card)
            CATransaction.flush()
            let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = window.layer
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
            var finished: Bool?
            UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                              animations: { UIView.performWithoutAnimation { card.backgroundColor = .blue } },
                              completion: { finished = $0 })
            #expect(card.layer.animation(forKey: "transition") is CATransition)
            advance(clock, to: 0.25)
            renderer.beginFrame(atTime: 0.25, timeStamp: nil); renderer.render(); renderer.endFrame()
            let p = pixel(ctx, 50, 50)
            #expect(abs(p.0 - 239) <= 3 && abs(p.1 - 48) <= 3 && abs(p.2 - 64) <= 3, "\(p)")
            advance(clock, to: 1.1)
            #expect(finished == true)
        }
    }

    @Test func transitionFromOneViewToAnother() {
        withClock { clock in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let a = UIView(frame: container.bounds), b = UIView(frame: container.bounds)
            container.addSubview(a)
            CATransaction.flush()
            var done = false
            UIView.transition(from: a, to: b, duration: 0.5, options: .transitionCrossDissolve, completion: { _ in done = true })
            #expect(a.superview == nil && b.superview === container)
            #expect((container.layer.animation(forKey: "transition") as? CATransition)?.type == .fade)
            let c = UIView(frame: container.bounds); c.isHidden = true; container.addSubview(c)
            UIView.transition(from: b, to: c, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
            #expect(b.isHidden && !c.isHidden && b.superview === container)
            advance(clock, to: 0.6)
            #expect(done)
        }
    }
}

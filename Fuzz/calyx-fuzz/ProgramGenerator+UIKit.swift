import CoreGraphics
import QuartzCore
import UIKit
import CoreText

extension ProgramGenerator {
    /// UIKit: views made, nested and animated with hostile durations, delays, options and values; their layers
    /// join the pool, so the rest of the program reaches them too.
    mutating func viewCall() -> ProgramCall {
        let a = index(), duration = values.number(-1, 2), delay = values.number(-1, 1)
        let options = UIView.AnimationOptions(rawValue: UInt(values.int(0...0xFFFF)) << values.pick([0, 16]))
        switch values.int(0...24) {
        case 10:
            // The pre-iOS 4 API, also inside a block.
            let count = values.number(-1, 4), p = values.point()
            return ProgramCall(source: "UIView.beginAnimations(nil, context: nil); UIView.setAnimationDuration(\(duration.source)); UIView.setAnimationRepeatCount(\(count.source)); UIView.setAnimationRepeatAutoreverses(true); V[\(a)].center = \(p.source); UIView.commitAnimations()") { w in
                guard let v = w.view(a) else { return }
                LegacyAnimation.perform(duration: duration.value, repeatCount: Float(count.value), delay: delay.value) { v.center = p.value }
            }
        case 11:
            let count = values.number(-1, 4), s1 = values.number(-0.5, 1.5), t = values.transform(), alpha = values.number(-1, 2)
            return ProgramCall(source: "UIView.animateKeyframes(withDuration: \(duration.source), delay: \(delay.source), options: .init(rawValue: \(options.rawValue))) { UIView.modifyAnimations(withRepeatCount: \(count.source), autoreverses: true) { UIView.addKeyframe(withRelativeStartTime: \(s1.source), relativeDuration: 0.5) { V[\(a)].transform3D = \(t.source) } }; UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { V[\(a)].alpha = \(alpha.source) } }") { w in
                guard let v = w.view(a) else { return }
                UIView.animateKeyframes(withDuration: duration.value, delay: delay.value, options: .init(rawValue: options.rawValue), animations: {
                    UIView.modifyAnimations(withRepeatCount: CGFloat(count.value), autoreverses: true) {
                        UIView.addKeyframe(withRelativeStartTime: s1.value, relativeDuration: 0.5) { v.transform3D = t.value }
                    }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = CGFloat(alpha.value) }
                }, completion: { _ in w.completions += 1 })
            }
        case 12:
            // Property animators in every form, driven through every entry point.
            let form = values.int(0...4), f = values.number(-0.5, 1.5), factor = values.number(-1, 3), step = values.int(0...5)
            let p = values.point(), q = values.point()
            return ProgramCall(source: "let animator = UIViewPropertyAnimator(duration: \(duration.source), timingParameters: form \(form)) { V[\(a)].center = \(p.source) }; animator.addAnimations({ V[\(a)].bounds.origin = \(q.source) }, delayFactor: \(f.source)); step \(step) with \(factor.source)") { w in
                guard let v = w.view(a) else { return }
                let parameters: UITimingCurveProvider = switch form {
                case 0: UISpringTimingParameters(mass: CGFloat(f.value), stiffness: CGFloat(factor.value * 100), damping: CGFloat(factor.value), initialVelocity: CGVector(dx: f.value, dy: 0))
                case 1: UISpringTimingParameters(duration: duration.value, bounce: CGFloat(f.value))
                case 2: UISpringTimingParameters(dampingRatio: CGFloat(f.value))
                case 3: UICubicTimingParameters(controlPoint1: p.value, controlPoint2: q.value)
                default: UISpringTimingParameters()
                }
                let animator = UIViewPropertyAnimator(duration: duration.value, timingParameters: parameters)
                animator.addAnimations { v.center = p.value }
                animator.addAnimations({ v.bounds.origin = q.value }, delayFactor: CGFloat(f.value))
                animator.addCompletion { _ in w.completions += 1 }
                animator.pausesOnCompletion = step == 5
                switch step {
                case 0: animator.startAnimation(afterDelay: delay.value); animator.addAnimations { v.alpha = 0.3 }
                case 1: animator.fractionComplete = CGFloat(f.value); animator.isReversed = true; animator.startAnimation()
                case 2: animator.startAnimation(); animator.pauseAnimation()
                    animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: CGFloat(factor.value))
                case 3: animator.startAnimation(); animator.stopAnimation(false); animator.finishAnimation(at: .start)
                case 4: animator.fractionComplete = CGFloat(f.value); animator.stopAnimation(true)
                default: animator.startAnimation()
                }
                w.animators.append(animator)
            }
        case 13:
            let b = index(), kind = values.int(0...7), show = values.chance(0.5)
            return ProgramCall(source: "UIView.transition(from: V[\(a)], to: V[\(b)], duration: \(duration.source), options: .init(rawValue: \(kind) << 20\(show ? " | 256" : "")))") { w in
                guard let x = w.view(a), let y = w.view(b) else { return }
                var o = UIView.AnimationOptions(rawValue: UInt(kind) << 20)
                if show { o.insert(.showHideTransitionViews) }
                UIView.transition(from: x, to: y, duration: duration.value, options: o, completion: { _ in w.completions += 1 })
            }
        case 14:
            let bounce = values.number(-2, 2), velocity = values.number(-10, 10), r = values.rect(), inner = values.number(-1, 2)
            return ProgramCall(source: "UIView.animate(springDuration: \(duration.source), bounce: \(bounce.source), initialSpringVelocity: \(velocity.source)) { V[\(a)].frame = \(r.source); UIView.animate(withDuration: \(inner.source), delay: 0, options: [.overrideInheritedOptions, .beginFromCurrentState]) { V[\(a)].alpha = 0.4 }; UIView.performWithoutAnimation { V[\(a)].tag = 3 } }") { w in
                guard let v = w.view(a) else { return }
                UIView.animate(springDuration: duration.value, bounce: CGFloat(bounce.value), initialSpringVelocity: CGFloat(velocity.value), animations: {
                    v.frame = r.value
                    UIView.animate(withDuration: inner.value, delay: 0, options: [.overrideInheritedOptions, .beginFromCurrentState], animations: { v.alpha = 0.4 })
                    UIView.performWithoutAnimation { v.tag = 3 }
                }, completion: { _ in w.completions += 1 })
            }
        case 20:
            return labelCall(a, duration: duration)
        case 21:
            return controlsCall(a)
        case 22:
            return constraintsCall(a)
        case 23:
            return presentationCall(a)
        case 24:
            return lottieCall(a)
        case 15:
            let image = values.image(), count = values.int(-1...3)
            return ProgramCall(source: "let iv = UIImageView(image: nil); iv.animationImages = [image, image]; iv.animationRepeatCount = \(count); iv.startAnimating(); V[\(a)].addSubview(iv)") { w in
                let iv = UIImageView(image: nil)
                iv.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
                iv.animationImages = [UIImage(cgImage: image.value), UIImage(cgImage: image.value)]
                iv.animationRepeatCount = count
                iv.animationDuration = duration.value
                iv.startAnimating()
                w.view(a)?.addSubview(iv)
                w.views.append(iv); w.layers.append(iv.layer)
            }
        case 16:
            // A control in a window whose actions edit the views, then a touch at hostile points.
            let frame = values.rect(), b = index(), points = (0..<values.int(1...4)).map { _ in values.point() }
            let events = UIControl.Event(rawValue: UInt(values.int(0...0xFFF)))
            return ProgramCall(source: "let c = UIControl(frame: \(frame.source)); window.addSubview(c); c.addAction(UIAction { _ in V[\(a)].removeFromSuperview(); c.addSubview(V[\(b)]); c.isEnabled.toggle() }, for: .init(rawValue: \(events.rawValue))); touch along \(points.map(\.source))") { w in
                let control = UIControl(frame: frame.value)
                w.window.addSubview(control)
                control.addAction(UIAction { [unowned control] _ in
                    w.view(a)?.removeFromSuperview()
                    if let v = w.view(b) { control.addSubview(v) }
                    control.isEnabled.toggle()
                    w.completions += 1
                }, for: events)
                w.views.append(control); w.layers.append(control.layer)
                for (k, p) in points.enumerated() {
                    w.window.sendPointer(k == 0 ? .began : k == points.count - 1 ? .ended : .moved, at: p.value)
                }
                w.observe(control.state.rawValue)
            }
        case 18:
            // Gesture recognizers on two views whose handlers edit the tree and the recognizers, then a touch.
            let b = index(), points = (0..<values.int(1...5)).map { _ in values.point() }
            let taps = values.int(-1...3), simultaneous = values.chance(0.5), requires = values.chance(0.5)
            return ProgramCall(source: "tap(taps: \(taps)) and a long press on V[\(a)], pan and swipe on V[\(b)] (simultaneous \(simultaneous), tap requires pan to fail \(requires)); handlers move views and remove recognizers; touch along \(points.map(\.source))") { w in
                final class Both: UIGestureRecognizerDelegate {
                    let yes: Bool
                    init(_ yes: Bool) { self.yes = yes }
                    func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { yes }
                }
                guard let x = w.view(a), let y = w.view(b) else { return }
                w.window.addSubview(x)
                let tap = UITapGestureRecognizer { recognizer in
                    recognizer.view?.removeGestureRecognizer(recognizer)
                    y.removeFromSuperview()
                    w.completions += 1
                }
                tap.numberOfTapsRequired = taps
                let pan = UIPanGestureRecognizer { recognizer in
                    let t = (recognizer as? UIPanGestureRecognizer)?.translation(in: recognizer.view) ?? .zero
                    w.observe(t)
                    recognizer.view?.center = CGPoint(x: t.x, y: t.y)
                    w.window.addSubview(x)
                    recognizer.isEnabled = recognizer.state != .changed
                }
                let delegate = Both(simultaneous)
                pan.delegate = delegate
                if requires { tap.require(toFail: pan) }
                x.addGestureRecognizer(tap)
                y.addGestureRecognizer(pan)
                let swipe = UISwipeGestureRecognizer { recognizer in recognizer.view?.removeFromSuperview() }
                swipe.direction = UISwipeGestureRecognizer.Direction(rawValue: UInt(taps + 1) * 5)
                let press = UILongPressGestureRecognizer { recognizer in recognizer.isEnabled = false }
                press.minimumPressDuration = 0
                y.addGestureRecognizer(swipe)
                x.addGestureRecognizer(press)
                for (k, p) in points.enumerated() {
                    w.window.sendPointer(k == 0 ? .began : k == points.count - 1 ? .ended : .moved, at: p.value, timestamp: Double(k) * 0.01)
                }
                w.observe(tap.state.rawValue)
                w.observe(pan.state.rawValue)
            }
        case 19:
            // A view controller tree in the window: root replaced, children added and removed, views loaded.
            let b = index(), steps = (0..<values.int(1...5)).map { _ in values.int(0...3) }
            return ProgramCall(source: "view controllers: steps \(steps) with V[\(a)], V[\(b)]") { w in
                let root = UIViewController(), child = UIViewController()
                for step in steps {
                    switch step {
                    case 0: w.window.rootViewController = root
                    case 1: root.addChild(child); root.view.addSubview(child.view); child.didMove(toParent: root)
                    case 2: child.willMove(toParent: nil); child.view.removeFromSuperview(); child.removeFromParent()
                    default:
                        if let v = w.view(a) { child.view.addSubview(v) }
                        if let v = w.view(b) { root.view = v }
                        w.window.rootViewController = w.window.rootViewController === root ? child : root
                    }
                }
                w.observe(root.children.count)
                w.observe(w.window.subviews.count)
            }
        case 17:
            // Attributed text with hostile attributes, in a text layer and through a framesetter.
            let text = values.attributedString(), size = values.size()
            return ProgramCall(source: "let t = CATextLayer(); t.string = \(text.source); t.isWrapped = true; t.frame.size = \(size.source); L.append(t); CTFramesetterSuggestFrameSizeWithConstraints(…)") { w in
                let layer = CATextLayer()
                layer.string = text.value
                layer.isWrapped = true
                layer.truncationMode = .middle
                layer.frame = CGRect(origin: .zero, size: size.value)
                w.layers.append(layer)
                let setter = CTFramesetterCreateWithAttributedString(text.value)
                let fit = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 0), nil, size.value, nil)
                w.observe(fit)
                let line = CTLineCreateWithAttributedString(text.value)
                w.observe(CTLineGetTypographicBounds(line, nil, nil, nil))
            }
        case 7:
            let style = values.int(-1...22), frame = values.rect(), radius = values.number(-10, 2000)
            return ProgramCall(source: "let e = UIVisualEffectView(effect: UIBlurEffect.Style(rawValue: \(style)).map(UIBlurEffect.init)); e.frame = \(frame.source); e.layer.cornerRadius = \(radius.source); views.append(e); L.append(e.layer); UIView.animate(withDuration: \(duration.source)) { e.effect = nil }") { w in
                let e = UIVisualEffectView(effect: UIBlurEffect.Style(rawValue: style).map(UIBlurEffect.init(style:)))
                e.frame = frame.value
                e.layer.cornerRadius = CGFloat(radius.value)
                w.views.append(e); w.layers.append(e.layer)
                UIView.animate(withDuration: duration.value) { e.effect = nil }
            }
        case 8:
            let b = index()
            return ProgramCall(source: "UIView.perform(.delete, on: [V[\(a)], V[\(b)]], options: .init(rawValue: \(options.rawValue)), animations: nil)") { w in
                let doomed = [w.view(a), w.view(b)].compactMap { $0 }
                UIView.perform(.delete, on: doomed, options: options, animations: nil, completion: { _ in w.completions += 1 })
            }
        case 9:
            // Bits 20–22 pick the transition: flips, curls, the cross-dissolve.
            let kind = values.int(0...7)
            return ProgramCall(source: "UIView.transition(with: V[\(a)], duration: \(duration.source), options: .init(rawValue: \(kind) << 20)) { V[\(a)].alpha = 0.5 }") { w in
                guard let v = w.view(a) else { return }
                UIView.transition(with: v, duration: duration.value, options: .init(rawValue: UInt(kind) << 20), animations: { v.alpha = 0.5 })
            }
        case 6:
            let f = values.number(-0.5, 1.5), p = values.point(), step = values.int(0...4)
            return ProgramCall(source: "let animator = UIViewPropertyAnimator(duration: \(duration.source), curve: .easeInOut) { V[\(a)].center = \(p.source) }; animator.fractionComplete = \(f.source); step \(step)") { w in
                guard let v = w.view(a) else { return }
                let animator = UIViewPropertyAnimator(duration: duration.value, curve: .easeInOut) { v.center = p.value }
                animator.addCompletion { _ in w.completions += 1 }
                animator.fractionComplete = CGFloat(f.value)
                switch step {
                case 0: animator.startAnimation()
                case 1: animator.isReversed = true; animator.startAnimation()
                case 2: animator.stopAnimation(false); animator.finishAnimation(at: .current)
                case 3: animator.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(f.value))
                default: animator.stopAnimation(true)
                }
                w.animators.append(animator)
            }
        case 0:
            let frame = values.rect()
            return ProgramCall(source: "views.append(UIView(frame: \(frame.source))); L.append(views.last!.layer)") { w in
                let view = UIView(frame: frame.value)
                w.views.append(view); w.layers.append(view.layer)
            }
        case 1:
            let b = index()
            return ProgramCall(source: "V[\(a)].addSubview(V[\(b)])") { w in
                guard let x = w.view(a), let y = w.view(b) else { return }
                x.addSubview(y)
            }
        case 2:
            let p = values.point(), alpha = values.number(-1, 2)
            return ProgramCall(source: "UIView.animate(withDuration: \(duration.source), delay: \(delay.source), options: .init(rawValue: \(options.rawValue))) { V[\(a)].center = \(p.source); V[\(a)].alpha = \(alpha.source) }") { w in
                guard let v = w.view(a) else { return }
                UIView.animate(withDuration: duration.value, delay: delay.value, options: options, animations: {
                    v.center = p.value; v.alpha = CGFloat(alpha.value)
                }, completion: { _ in w.completions += 1 })
            }
        case 3:
            let damping = values.number(-1, 2), velocity = values.number(-10, 10), r = values.rect()
            return ProgramCall(source: "UIView.animate(withDuration: \(duration.source), delay: 0, usingSpringWithDamping: \(damping.source), initialSpringVelocity: \(velocity.source)) { V[\(a)].frame = \(r.source) }") { w in
                guard let v = w.view(a) else { return }
                UIView.animate(withDuration: duration.value, delay: 0, usingSpringWithDamping: CGFloat(damping.value),
                               initialSpringVelocity: CGFloat(velocity.value), animations: { v.frame = r.value })
            }
        case 4:
            let s1 = values.number(-0.5, 1.5), d1 = values.number(-0.5, 1.5), t = values.transform()
            return ProgramCall(source: "UIView.animateKeyframes(withDuration: \(duration.source), delay: 0) { UIView.addKeyframe(withRelativeStartTime: \(s1.source), relativeDuration: \(d1.source)) { V[\(a)].transform3D = \(t.source) } }") { w in
                guard let v = w.view(a) else { return }
                UIView.animateKeyframes(withDuration: duration.value, delay: 0, animations: {
                    UIView.addKeyframe(withRelativeStartTime: s1.value, relativeDuration: d1.value) { v.transform3D = t.value }
                })
            }
        default:
            let p = values.point()
            return ProgramCall(source: "_ = V[\(a)].hitTest(\(p.source), with: nil); V[\(a)].removeFromSuperview()") { w in
                guard let v = w.view(a) else { return }
                w.observe(v.hitTest(p.value, with: nil)?.tag)
                v.removeFromSuperview()
            }
        }
    }
}

/// The pre-iOS 4 calls, through a protocol so the fuzzer compiles without deprecation warnings.
protocol LegacyAnimationCalls {
    static func run(duration: TimeInterval, repeatCount: Float, delay: TimeInterval, changes: () -> Void)
}

enum LegacyAnimation: LegacyAnimationCalls {
    @available(*, deprecated)
    static func run(duration: TimeInterval, repeatCount: Float, delay: TimeInterval, changes: () -> Void) {
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(duration)
        UIView.setAnimationDelay(delay)
        UIView.setAnimationRepeatCount(repeatCount)
        UIView.setAnimationRepeatAutoreverses(true)
        UIView.setAnimationCurve(.easeOut)
        changes()
        UIView.commitAnimations()
    }

    static func perform(duration: TimeInterval, repeatCount: Float, delay: TimeInterval, _ changes: () -> Void) {
        (Self.self as LegacyAnimationCalls.Type).run(duration: duration, repeatCount: repeatCount, delay: delay, changes: changes)
    }
}

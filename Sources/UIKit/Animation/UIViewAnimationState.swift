/// One `UIView.animate…` call while its block runs (docs/view-animation.md §0, §1): its timing, and
/// the animations its changes added, counted so its completion runs once the last of them stops, with that
/// animation's `finished` flag.
final class UIViewAnimationState: NSObject, CAAnimationDelegate, @unchecked Sendable {
    /// The block's duration (settable by the pre-iOS 4 `setAnimationDuration(_:)` inside the block).
    var duration: TimeInterval
    var delay: TimeInterval
    let options: UIView.AnimationOptions
    private var optionsTimingFunction: CAMediaTimingFunction
    /// A property animator's curve, replacing the options' one.
    var timingFunctionOverride: CAMediaTimingFunction?
    var timingFunction: CAMediaTimingFunction { timingFunctionOverride ?? optionsTimingFunction }
    /// A spring instead of the curve.
    let spring: BlockSpring?
    var repeatCount: Float
    var autoreverses: Bool
    /// Whether absolute keys start from what is on screen (settable by `setAnimationBeginsFromCurrentState(_:)`).
    var beginsFromCurrentState: Bool
    let completion: ((Bool) -> Void)?
    /// Animations added and not yet stopped.
    private var live = 0
    private var lastFinished = true
    private(set) var added = 0
    /// Recording keyframes (`animateKeyframes`): changes are collected per (layer, key) instead of animated.
    var keyframes: UIViewKeyframeRecorder?
    /// A property animator's record of what its blocks animate (nil for plain blocks).
    var animatorRecord: UIViewPropertyAnimator.Record?
    /// A transition asked for by the pre-iOS 4 `setAnimationTransition(_:for:cache:)`, added when the block ends.
    var pendingTransition: (transition: CATransition, view: UIView)?

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, spring: BlockSpring? = nil,
         completion: ((Bool) -> Void)?, parent: UIViewAnimationState?) {
        // Nested blocks inherit the parent's duration, curve and options unless told not to (§1.6). The animation
        // type (a spring) counts as an option: `.overrideInheritedOptions` drops it, as Apple documents ("do not
        // inherit the animation type or any options"); the curve follows its own flag.
        let inherit = parent != nil
        self.duration = inherit && !options.contains(.overrideInheritedDuration) ? parent!.duration : duration
        self.delay = delay
        let inheritsOptions = inherit && !options.contains(.overrideInheritedOptions)
        let ownOptions = inheritsOptions
            ? options.union(parent!.options.intersection([.repeat, .autoreverse, .beginFromCurrentState, .allowUserInteraction]))
            : options
        self.options = ownOptions
        if inherit && !options.contains(.overrideInheritedCurve) {
            optionsTimingFunction = parent!.timingFunction
            self.spring = spring ?? (inheritsOptions ? parent!.spring : nil)
        } else {
            optionsTimingFunction = ownOptions.curveTimingFunction
            self.spring = spring
        }
        repeatCount = ownOptions.contains(.repeat) ? Float.greatestFiniteMagnitude : 0
        autoreverses = ownOptions.contains(.autoreverse)
        beginsFromCurrentState = ownOptions.contains(.beginFromCurrentState)
        self.completion = completion
    }

    /// Sets the curve (the pre-iOS 4 `setAnimationCurve(_:)`), for animations made from now on.
    func setCurve(_ curve: UIView.AnimationCurve) {
        optionsTimingFunction = UICubicTimingParameters(animationCurve: curve).timingFunction
    }

    // MARK: The stack of open blocks (per thread)

    private final class Stack { var states: [UIViewAnimationState] = []; var disabled = 0; var animationsEnabled = true }
    private static var stack: Stack { perThread("calyx.UIViewAnimationState", Stack.init) }
    static var current: UIViewAnimationState? { stack.disabled > 0 ? nil : stack.states.last }
    static var innermost: UIViewAnimationState? { stack.states.last }
    /// Whether changes animate here: animations are enabled and no `performWithoutAnimation` is running.
    static var isEnabled: Bool { globallyEnabled && stack.disabled == 0 }
    /// `UIView.setAnimationsEnabled(_:)`'s switch. UIKit's is main-thread state; here it belongs to the thread
    /// that sets it, like the rest of the block state (a thread-shared flag raced between threads that each run
    /// UIKit code, as the test runner's do).
    static var globallyEnabled: Bool {
        get { stack.animationsEnabled }
        set { stack.animationsEnabled = newValue }
    }

    /// Runs `animations` with this state as the current block (nested blocks see it as their parent).
    func perform(_ animations: () -> Void) {
        push()
        animations()
        pop()
    }

    /// Makes this the current block (`beginAnimations(_:context:)` opens one without a closure).
    func push() { Self.stack.states.append(self) }

    /// Ends this block's turn as the current block.
    func pop() {
        if let i = Self.stack.states.lastIndex(where: { $0 === self }) { Self.stack.states.remove(at: i) }
    }

    /// The block `commitAnimations()` closes: the innermost opened by `beginAnimations(_:context:)`.
    static var innermostLegacy: UIViewAnimationState? { stack.states.last { $0.isLegacy } }
    /// Opened by `beginAnimations(_:context:)`.
    var isLegacy = false
    static func withoutAnimation(_ body: () -> Void) { stack.disabled += 1; defer { stack.disabled -= 1 }; body() }

    /// Ends the block: keyframes become animations; with nothing animated, the completion still runs (with
    /// `true`), at the next event pass rather than inside `animate` (§4).
    func finish() {
        keyframes?.emit(into: self)
        keyframes = nil
        if let (transition, view) = pendingTransition, duration > 0 {
            configure(transition)
            add(transition, to: view.layer, forKey: kCATransition)
        }
        pendingTransition = nil
        if added == 0, let completion {
            CAMediaClock.current.events.runAtNextPass { completion(true) }
        }
    }

    // MARK: Actions

    /// The view's answer to its layer's action lookup: `NSNull` outside blocks and for keys UIKit does not
    /// animate, else an action that adds the block's animation for the change.
    /// (Core Animation asks only when actions are enabled, so `disableActions` is not read again here.)
    static func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard globallyEnabled, let state = current, animates(key, on: layer) else { return NSNull() }
        if let recorder = state.keyframes, recorder.isRecording { return UIViewKeyframeRecording(state: state, recorder: recorder) }
        return UIViewBlockAction(state: state)
    }

    /// For UIKit's own private layers (a visual-effect view's backdrop): inside a block, animates `keyPath` from
    /// `from` to `to` with the block's timing, as UIKit does by copying the block's timing into its own changes
    /// (§10). The caller has already set the model value. Outside blocks, nothing.
    static func animateOwnLayer(_ layer: CALayer, keyPath: String, from: Any?, to: Any?) {
        guard globallyEnabled, let state = current, !CATransaction.disableActions(), state.keyframes == nil else { return }
        if let a = from as? NSNumber, let b = to as? NSNumber, a == b { return }
        let animation = state.spring?.makeAnimation(keyPath: keyPath) ?? CABasicAnimation(keyPath: keyPath)
        let presented = state.beginsFromCurrentState ? layer.presentationValue(forKeyPath: keyPath, modelValue: from) : nil
        animation.fromValue = presented ?? from
        animation.toValue = to
        state.animatorRecord?.note(layer: layer, key: keyPath, start: from, end: to)
        state.configure(animation)
        state.add(animation, to: layer, forKey: keyPath)
    }

    /// Whether a view's layer animates `key` in a block (§1.1): declared with the property itself
    /// (`LayerProperty.animatesInViewBlocks`).
    static func animates(_ key: String, on layer: CALayer) -> Bool {
        type(of: layer).propertyTable[key]?.animatesInViewBlocks ?? false
    }

    /// Gives `animation` the block's timing (§1.3) and counts it for the completion.
    func configure(_ animation: CAAnimation) {
        animation.duration = duration > 0 ? duration : 0.001
        if animatorRecord != nil { animation.isRemovedOnCompletion = false }
        if delay > 0 { animation.beginTime = CACurrentMediaTime() + delay * CAAnimation.slowAnimationsFactor }
        animation.fillMode = .both
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        if !(animation is CASpringAnimation) { animation.timingFunction = timingFunction }
        animation.delegate = self
        added += 1
        live += 1
    }

    /// Adds one of the block's configured animations to `layer`, marking it as a property animator's when the
    /// block is one of its blocks.
    func add(_ animation: CAAnimation, to layer: CALayer, forKey key: String) {
        if let record = animatorRecord {
            animation.setValue(ObjectIdentifier(record), forKey: UIViewPropertyAnimator.ownerTag)
            record.track(layer: layer, key: key)
        }
        layer.add(animation, forKey: key)
    }

    /// Whether `layer` has a block animation running (or waiting for its delay) from a block without
    /// `.allowUserInteraction`: its view takes no touches meanwhile (§11).
    static func blocksTouches(_ layer: CALayer) -> Bool {
        guard let keys = layer.animationKeys() else { return false }
        return keys.contains { key in
            guard let state = layer.animation(forKey: key)?.delegate as? UIViewAnimationState else { return false }
            return state.live > 0 && !state.options.contains(.allowUserInteraction)
        }
    }

    func animationDidStart(_ anim: CAAnimation) {}
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        live -= 1
        lastFinished = flag
        if live == 0 { completion?(lastFinished) }
    }
}

/// The action a block gives a changed key: an additive animation of the change for the keys UIKit blends
/// (`position`, `bounds`, …), an absolute one from the old value (or the presentation value with
/// `.beginFromCurrentState`) for the others (§1.2).
final class UIViewBlockAction: CAChangeAction {
    let state: UIViewAnimationState

    init(state: UIViewAnimationState) { self.state = state }

    static let additiveKeys: Set<String> = ["bounds", "position", "contentsRect", "contentsCenter", "cornerRadius"]

    /// Run through Apple's entry point (by code that looked the action up itself): there is no change to
    /// animate from, so it animates from what is on screen.
    func run(forKey key: String, object: Any, arguments: [AnyHashable: Any]?) {
        guard let layer = object as? CALayer else { return }
        run(forKey: key, layer: layer, previousValue: layer.presentation()?.value(forKey: key) ?? layer.value(forKey: key))
    }

    func run(forKey key: String, layer: CALayer, previousValue oldValue: Any?) {
        let newValue = layer.value(forKey: key)
        state.animatorRecord?.note(layer: layer, key: key, start: oldValue, end: newValue)
        if Self.additiveKeys.contains(key), state.repeatCount == 0, !state.autoreverses, !hasBlockingAnimation(on: layer, key),
           let parts = AdditiveDelta.parts(key: key, old: oldValue, new: newValue) {
            for (keyPath, delta, zero) in parts {
                let animation = makeAnimation(keyPath: keyPath)
                animation.fromValue = delta
                animation.toValue = zero
                animation.isAdditive = true
                state.configure(animation)
                state.add(animation, to: layer, forKey: freeKey(keyPath, on: layer))
            }
            return
        }
        let animation = makeAnimation(keyPath: key)
        // From what is on screen: the animations already running, evaluated over the value before this change
        // (they run towards the model, which now holds the new value).
        let presented = state.beginsFromCurrentState ? layer.presentationValue(forKeyPath: key, modelValue: oldValue) : nil
        animation.fromValue = presented ?? oldValue
        state.configure(animation)
        state.add(animation, to: layer, forKey: key)
    }

    /// A basic animation, or the block's spring.
    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        state.spring?.makeAnimation(keyPath: keyPath) ?? CABasicAnimation(keyPath: keyPath)
    }

    /// A non-additive or repeating animation of the key makes new ones absolute (§1.2, rule 2).
    private func hasBlockingAnimation(on layer: CALayer, _ key: String) -> Bool {
        (layer.animationKeys() ?? []).contains { k in
            guard let a = layer.animation(forKey: k) as? CAPropertyAnimation, let path = a.keyPath,
                  path == key || path.hasPrefix(key + ".") else { return false }
            return !a.isAdditive || a.repeatCount > 0
        }
    }

    /// The key path if no animation uses it, else the first free `keyPath-2`, `-3`, … (older ones keep running).
    private func freeKey(_ keyPath: String, on layer: CALayer) -> String {
        let used = Set(layer.animationKeys() ?? [])
        if !used.contains(keyPath) { return keyPath }
        var n = 2
        while used.contains("\(keyPath)-\(n)") { n += 1 }
        return "\(keyPath)-\(n)"
    }
}

/// Old − new, per component, for the keys UIKit blends additively; `bounds` (and the unit rects) split into a
/// size part and, when the origin moved by at least 1e-4, an origin part.
enum AdditiveDelta {
    static func parts(key: String, old: Any?, new: Any?) -> [(String, Any, Any)]? {
        switch (old, new) {
        case (let a as CGPoint, let b as CGPoint):
            return [(key, CGPoint(x: a.x - b.x, y: a.y - b.y), CGPoint.zero)]
        case (let a as CGRect, let b as CGRect):
            var parts: [(String, Any, Any)] = [("\(key).size", CGSize(width: a.width - b.width, height: a.height - b.height), CGSize.zero)]
            if abs(a.minX - b.minX) >= 1e-4 || abs(a.minY - b.minY) >= 1e-4 {
                parts.append(("\(key).origin", CGPoint(x: a.minX - b.minX, y: a.minY - b.minY), CGPoint.zero))
            }
            return parts
        case (let a as CGFloat, let b as CGFloat):
            return [(key, a - b, CGFloat(0))]
        default:
            return nil
        }
    }
}

/// The action a keyframe block gives a changed key: it notes the change in the block's keyframe recorder (the
/// value before is the key's starting value); the recorder makes the animations when the block ends.
final class UIViewKeyframeRecording: CAChangeAction {
    let state: UIViewAnimationState
    let recorder: UIViewKeyframeRecorder

    init(state: UIViewAnimationState, recorder: UIViewKeyframeRecorder) { self.state = state; self.recorder = recorder }

    func run(forKey key: String, object: Any, arguments: [AnyHashable: Any]?) {
        guard let layer = object as? CALayer else { return }
        run(forKey: key, layer: layer, previousValue: layer.value(forKey: key))
    }

    func run(forKey key: String, layer: CALayer, previousValue: Any?) {
        recorder.record(layer: layer, key: key, before: previousValue, state: state)
    }
}

// The rules these follow, with the sections the comments cite ("§n"), are in docs/view-animation.md.
extension UIView {
    /// How a block animates (UIKit's bit layout: curves in bits 16–18, transitions in 20–22).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out subviews within the animation. Accepted and ignored: call `layoutIfNeeded()` in the block to animate layout.
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        /// Lets the animating views take touches.
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        /// Starts from what is on screen when an animation of the same property is in flight.
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = Self(rawValue: 1 << 3)
        /// Runs forwards then backwards (with `.repeat`, each cycle does).
        public static let autoreverse = Self(rawValue: 1 << 4)
        /// Inside another block, uses this block's duration rather than the outer one's.
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        /// Inside another block, uses this block's curve rather than the outer one's.
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        /// Redraws the content during a transition rather than using a snapshot.
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        /// A view transition hides and shows views instead of removing and adding them.
        public static let showHideTransitionViews = Self(rawValue: 1 << 8)
        /// Inside another block, ignores the outer block's options.
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        /// Slow at both ends (the default).
        public static let curveEaseInOut = Self(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        /// Even pace.
        public static let curveLinear = Self(rawValue: 3 << 16)
        /// A view transition that turns the view over around its vertical axis, left edge first.
        public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
        /// A view transition that turns the view over around its vertical axis, right edge first.
        public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
        /// A view transition that curls the old content up like a page.
        public static let transitionCurlUp = Self(rawValue: 3 << 20)
        /// A view transition that curls the new content down like a page.
        public static let transitionCurlDown = Self(rawValue: 4 << 20)
        /// A view transition that fades the old content into the new.
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        /// A view transition that turns the view over around its horizontal axis, top edge first.
        public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
        /// A view transition that turns the view over around its horizontal axis, bottom edge first.
        public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)
        /// The display's own frame rate.
        public static let preferredFramesPerSecondDefault = Self(rawValue: 0 << 24)
        /// Asks for 60 frames per second (accepted; frames come at the display's rate).
        public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)
        /// Asks for 30 frames per second (accepted; frames come at the display's rate).
        public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)

        /// The curve the options select: ease in-out (the default), ease in, ease out or linear.
        var curveTimingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 7 {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// How a keyframe block animates: the shared option bits, and the calculation mode in bits 10–12.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out subviews within the animation. Accepted and ignored: call `layoutIfNeeded()` in the block to animate layout.
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        /// Lets the animating views take touches.
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        /// Starts from what is on screen when an animation of the same property is in flight.
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = Self(rawValue: 1 << 3)
        /// Runs forwards then backwards (with `.repeat`, each cycle does).
        public static let autoreverse = Self(rawValue: 1 << 4)
        /// Inside another block, uses this block's duration rather than the outer one's.
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        /// Inside another block, ignores the outer block's options.
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        /// Keyframes joined by straight-line interpolation (the default).
        public static let calculationModeLinear = Self(rawValue: 0 << 10)
        /// Each keyframe's value held until the next, with no interpolation.
        public static let calculationModeDiscrete = Self(rawValue: 1 << 10)
        /// Keyframes spread for an even pace; their own times are ignored.
        public static let calculationModePaced = Self(rawValue: 2 << 10)
        /// Keyframes joined by a smooth Catmull-Rom spline.
        public static let calculationModeCubic = Self(rawValue: 3 << 10)
        /// A smooth spline at an even pace.
        public static let calculationModeCubicPaced = Self(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    // MARK: Blocks

    /// Animates the changes `animations` makes, after `delay`, with `options`; `completion` receives whether the
    /// animations ran to their end (§4: asynchronously, with `true`, when nothing animated).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationState(duration: duration, delay: delay, options: options, completion: completion,
                                 parent: UIViewAnimationState.innermost), animations)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve, then calls `completion` with whether they ran to the end.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring of damping ratio `dampingRatio` settling (to 0.1 % of its travel) in `duration`, starting at
    /// `velocity` (distance per second as a fraction of the whole distance) (§3.1).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let fit = SpringFit.classic(duration: duration, dampingRatio: dampingRatio, velocity: velocity)
        let linear = AnimationOptions(rawValue: options.rawValue & ~(7 << 16)).union(.curveLinear)
        let spring = BlockSpring(mass: 1, stiffness: fit.stiffness, damping: fit.damping, velocity: velocity,
                                 allowsOverdamping: false, duration: fit.duration)
        run(UIViewAnimationState(duration: fit.duration, delay: delay, options: linear.union(.overrideInheritedCurve),
                                 spring: spring, completion: completion, parent: UIViewAnimationState.innermost), animations)
    }

    /// The iOS 17 spring: `springDuration` its perceptual duration, `bounce` in −1…1 (§3.1); the animation
    /// lasts until the spring settles.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
                            delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let fit = SpringFit.perceptual(duration: duration, bounce: bounce, velocity: velocity)
        // Negative bounces are overdamped springs: Core Animation must not clamp their damping ratio to 1.
        let spring = BlockSpring(mass: 1, stiffness: fit.stiffness, damping: fit.damping, velocity: velocity,
                                 allowsOverdamping: true, duration: fit.duration)
        run(UIViewAnimationState(duration: fit.duration, delay: delay, options: options.union([.overrideInheritedCurve, .overrideInheritedDuration]),
                                 spring: spring, completion: completion, parent: UIViewAnimationState.innermost), animations)
    }

    private class func run(_ state: UIViewAnimationState, _ animations: () -> Void) {
        state.perform(animations)
        state.finish()
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes are immediate even inside a block, and
    /// `areAnimationsEnabled` is false until it returns.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationState.withoutAnimation(actionsWithoutAnimation)
    }

    /// Turns view animation on or off for every block from now on (off: changes in blocks are immediate, and
    /// completions still run).
    public class func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationState.globallyEnabled = enabled }
    /// Whether changes in animation blocks animate here (false inside `performWithoutAnimation`).
    public class var areAnimationsEnabled: Bool { UIViewAnimationState.isEnabled }

    /// The duration of the block being run (0 outside blocks).
    public class var inheritedAnimationDuration: TimeInterval { UIViewAnimationState.innermost?.duration ?? 0 }

    /// Inside a block: the animations `animations` makes repeat `count` times (fractions allowed), reversing
    /// each pass back when `autoreverses`.
    public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        guard let state = UIViewAnimationState.innermost else { animations(); return }
        let (savedCount, savedReverse) = (state.repeatCount, state.autoreverses)
        state.repeatCount = Float(count); state.autoreverses = autoreverses
        animations()
        state.repeatCount = savedCount; state.autoreverses = savedReverse
    }

    // MARK: Keyframes

    /// A keyframe block: changes made inside `addKeyframe` closures become one keyframe animation per layer and
    /// key, laid out as UIKit lays them out (§2.2); other changes animate over the whole duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
                                     animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let shared = AnimationOptions(rawValue: options.rawValue & ~UInt(7 << 10))
        let state = UIViewAnimationState(duration: duration, delay: delay, options: shared, completion: completion,
                                         parent: UIViewAnimationState.innermost)
        state.keyframes = UIViewKeyframeRecorder(calculationMode: options.calculationMode)
        run(state, animations)
    }

    /// A keyframe of the enclosing keyframe block: its changes reach their values between `frameStartTime` and
    /// `frameStartTime + frameDuration` (fractions of the block's duration).
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        guard let recorder = UIViewAnimationState.innermost?.keyframes, !recorder.isRecording else { animations(); return }
        recorder.begin(start: frameStartTime, duration: frameDuration)
        animations()
        recorder.end()
    }
}

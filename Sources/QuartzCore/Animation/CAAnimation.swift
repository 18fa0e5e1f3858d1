/// Callbacks from an animation. Both have defaults that do nothing.
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation's active duration begins.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when it completes (`flag` true) or is removed before completing (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of animations: timing (`CAMediaTiming`), a timing function, a (strongly held) delegate,
/// removal on completion, and key-value tagging. Adding an animation to a layer copies it.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, @unchecked Sendable {
    /// When the animation starts, in its layer's time; 0 means the time of the transaction that adds it.
    open var beginTime: CFTimeInterval = 0
    /// 0 means the default: the transaction's animation duration (0.25 s) for top-level animations, the group's
    /// duration for an animation in a group (Q3).
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time runs relative to its layer's (1 by default; 0 stops it; negative runs it backwards).
    open var speed: Float = 1
    /// Added to the animation's local time: where in its duration it is when it begins.
    open var timeOffset: CFTimeInterval = 0
    /// How many times the animation plays (fractions allowed; .infinity for ever; 0 means once).
    open var repeatCount: Float = 0
    /// How long the animation repeats for, in seconds (instead of a count).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each repetition plays forwards then backwards.
    open var autoreverses = false
    /// Whether the animation's first value shows before it begins (.backwards) and its last after it ends (.forwards).
    open var fillMode = CAMediaTimingFillMode.removed
    /// Pacing of each cycle; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Retained, as Apple documents.
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it finishes (true by default; false with a forwards fill keeps its last value on screen).
    open var isRemovedOnCompletion = true
    /// Values tagged on the animation with `setValue(_:forKey:)`.
    var taggedValues: [String: Any] = [:]

    /// An animation with Core Animation's defaults (the duration comes from the transaction when added).
    public required override init() { super.init() }

    /// Decodes an animation (with the defaults).
    public required init?(coder: NSCoder) { super.init() }

    /// A new animation (Apple's class factory).
    open class func animation() -> Self { self.init() }

    /// A copy with the same settings (groups share their child objects, as Apple's do).
    open override func copy() -> Any {
        let c = type(of: self).init()
        copyAnimationState(to: c)
        return c
    }

    /// Subclasses extend this to copy their own properties.
    open func copyAnimationState(to other: CAAnimation) {
        other.beginTime = beginTime; other.duration = duration; other.speed = speed; other.timeOffset = timeOffset
        other.repeatCount = repeatCount; other.repeatDuration = repeatDuration; other.autoreverses = autoreverses
        other.fillMode = fillMode; other.timingFunction = timingFunction; other.delegate = delegate
        other.isRemovedOnCompletion = isRemovedOnCompletion; other.taggedValues = taggedValues
    }

    /// A property's value by its Objective-C name (CAAnimation+KeyValueCoding.swift), or a value tagged on the
    /// animation under any other key.
    open func value(forKey key: String) -> Any? {
        if let property = AnimationKeys.read(self, key) { return property }
        return taggedValues[key]
    }

    /// Sets a property by its Objective-C name, or tags the animation with any value (Core Animation's KVC
    /// extension).
    open func setValue(_ value: Any?, forKey key: String) {
        if !AnimationKeys.write(self, key, value) { taggedValues[key] = value }
    }

    /// Apple's default for an animation key: nil, but a keyframe animation's `calculationMode` is "linear".
    open class func defaultValue(forKey key: String) -> Any? { AnimationKeys.defaultValue(of: self, forKey: key) }

    /// Whether the value for `key` should be archived (always true here).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// `CAAction`: adding a copy to the layer under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// An animation of one layer property, named by key path (`"position"`, `"transform.rotation.z"`).
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
    /// The layer property the animation changes, as a key path ("position", "transform.rotation.z").
    open var keyPath: String?
    /// Adds the animation's value to the value underneath it (semantics §3.2).
    open var isAdditive = false
    /// Each repeat starts where the previous ended.
    open var isCumulative = false
    /// Turns interpolated numbers into the property's value (for example a rotation angle into a transform).
    open var valueFunction: CAValueFunction?

    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// Copies this class's properties into a copy.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CAPropertyAnimation else { return }
        o.keyPath = keyPath; o.isAdditive = isAdditive; o.isCumulative = isCumulative; o.valueFunction = valueFunction
    }
}

/// Interpolates from `fromValue` to `toValue` (or by `byValue`); see semantics §3.1 for every combination.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The value the animation starts from (the layer's current value when nil).
    open var fromValue: Any?
    /// The value the animation ends at.
    open var toValue: Any?
    /// The change the animation makes, relative to the start value.
    open var byValue: Any?

    /// Copies this class's properties into a copy.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CABasicAnimation else { return }
        o.fromValue = fromValue; o.toValue = toValue; o.byValue = byValue
    }
}

/// Runs child animations together in the group's time, clipping them to its duration.
open class CAAnimationGroup: CAAnimation, @unchecked Sendable {
    /// The children; their delegates and `isRemovedOnCompletion` are ignored (Apple documents this).
    open var animations: [CAAnimation]?

    /// Copies this class's properties into a copy.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        (other as? CAAnimationGroup)?.animations = animations
    }
}

/// Callbacks from an animation. Both have defaults that do nothing.
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation's active duration begins.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when it completes (`flag` true) or is removed before completing (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of animations: timing (`CAMediaTiming`), a timing function, a (strongly held) delegate,
/// removal on completion, and key-value tagging. Adding an animation to a layer copies it.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, @unchecked Sendable {
    open var beginTime: CFTimeInterval = 0
    /// 0 means the default: the transaction's animation duration (0.25 s) for top-level animations, the group's
    /// duration for an animation in a group (Q3).
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed
    /// Pacing of each cycle; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Retained, as Apple documents.
    open var delegate: CAAnimationDelegate?
    open var isRemovedOnCompletion = true
    /// Values tagged on the animation with `setValue(_:forKey:)`.
    var taggedValues: [String: Any] = [:]

    public required override init() { super.init() }

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
    open var keyPath: String?
    /// Adds the animation's value to the value underneath it (semantics §3.2).
    open var isAdditive = false
    /// Each repeat starts where the previous ended.
    open var isCumulative = false
    /// Turns interpolated numbers into the property's value (for example a rotation angle into a transform).
    open var valueFunction: CAValueFunction?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CAPropertyAnimation else { return }
        o.keyPath = keyPath; o.isAdditive = isAdditive; o.isCumulative = isCumulative; o.valueFunction = valueFunction
    }
}

/// Interpolates from `fromValue` to `toValue` (or by `byValue`); see semantics §3.1 for every combination.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

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

    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        (other as? CAAnimationGroup)?.animations = animations
    }
}

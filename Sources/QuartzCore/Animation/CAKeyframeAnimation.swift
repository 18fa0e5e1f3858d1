/// How keyframe values are interpolated.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight lines between keyframes, each segment taking its share of the key times.
    public static let linear = Self(rawValue: "linear")
    /// Each keyframe's value held until the next (no interpolation).
    public static let discrete = Self(rawValue: "discrete")
    /// Straight lines at an even speed over the whole animation (key times and timing functions ignored).
    public static let paced = Self(rawValue: "paced")
    /// A smooth Catmull-Rom spline through the keyframes, shaped by the tension, continuity and bias values.
    public static let cubic = Self(rawValue: "cubic")
    /// A smooth spline through the keyframes at an even speed.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether an animation along a path turns the layer to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turning along a path: facing along it, or against it.
    public static let rotateAuto = Self(rawValue: "auto"), rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// The older name of `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear.rawValue
/// The older name of `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete.rawValue
/// The older name of `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced.rawValue
/// The older name of `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic.rawValue
/// The older name of `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced.rawValue
/// The older name of `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto.rawValue
/// The older name of `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse.rawValue

/// Animates through a sequence of values, or along a path (semantics §4).
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
    /// The keyframe values, in order.
    open var values: [Any]?
    /// For point properties: overrides `values`; each segment's end point is a keyframe.
    open var path: CGPath?
    /// Fractions of the duration at which keyframes occur; invalid arrays are ignored (keyframes spaced evenly).
    open var keyTimes: [NSNumber]?
    /// One per segment, each easing its own segment (after the animation's `timingFunction`).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are found: linear (by default), discrete, paced, cubic or cubic paced.
    open var calculationMode = CAAnimationCalculationMode.linear
    /// Per-keyframe tension for cubic calculation (Kochanek–Bartels): how sharply the curve bends at each keyframe.
    open var tensionValues: [NSNumber]?
    /// Per-keyframe continuity for cubic calculation: how sharp each keyframe's corner is.
    open var continuityValues: [NSNumber]?
    /// Per-keyframe bias for cubic calculation: where the curve overshoots around each keyframe.
    open var biasValues: [NSNumber]?
    /// Whether a layer moving along a path turns to follow its tangent (.rotateAuto) or its reverse.
    open var rotationMode: CAAnimationRotationMode?

    /// Copies this class's properties into a copy.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        o.values = values; o.path = path; o.keyTimes = keyTimes; o.timingFunctions = timingFunctions
        o.calculationMode = calculationMode; o.tensionValues = tensionValues; o.continuityValues = continuityValues
        o.biasValues = biasValues; o.rotationMode = rotationMode
    }
}

/// The kinds of `CATransition`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content cross-fades in over the old.
    public static let fade = Self(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new content pushes the old out of the way.
    public static let push = Self(rawValue: "push")
    /// The old content slides away, revealing the new beneath.
    public static let reveal = Self(rawValue: "reveal")
}

/// Directions of `CATransition`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right edge.
    public static let fromRight = Self(rawValue: "fromRight")
    /// From the left edge.
    public static let fromLeft = Self(rawValue: "fromLeft")
    /// From the top edge.
    public static let fromTop = Self(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// A transition between a layer's appearance before and after the transaction (semantics §8). Its pixels are
/// the compositor's; here it is an animation object with timing and progress.
open class CATransition: CAAnimation, @unchecked Sendable {
    /// The kind of transition: fade (by default), move in, push or reveal.
    open var type = CATransitionType.fade
    /// The direction a move in, push or reveal comes from.
    open var subtype: CATransitionSubtype?
    /// Kept as given even outside [0, 1] or with start > end, as Apple keeps them.
    open var startProgress: Float = 0
    /// Where in the transition to stop, from 0 to 1 (1 by default).
    open var endProgress: Float = 1
    /// A Core Image filter performing the transition instead of its type.
    open var filter: Any?
    /// Whether the new state is shown as a still of how the change left it, rather than live with its running
    /// animations: UIKit's transitions ask for stills unless `.allowAnimatedContent` is given (its private
    /// transition flags); a plain `CATransition` shows the new state live.
    package var showsNewStateAsStill = false

    /// Copies this class's properties into a copy.
    open override func copyAnimationState(to other: CAAnimation) {
        super.copyAnimationState(to: other)
        guard let o = other as? CATransition else { return }
        o.type = type; o.subtype = subtype; o.startProgress = startProgress; o.endProgress = endProgress; o.filter = filter
        o.showsNewStateAsStill = showsNewStateAsStill
    }

    /// The transition's progress for a timing fraction q: `start + (end − start)·q`.
    package func progress(at q: Double) -> Double { Double(startProgress) + Double(endProgress - startProgress) * q }
}

/// Which kind of timing a ``UITimingCurveProvider`` supplies.
public enum UITimingCurveType: Int, Sendable {
    /// One of UIKit's named curves.
    case builtin = 0
    /// A cubic Bézier curve.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A spring and a cubic curve together.
    case composed = 3
}

/// The timing a property animator follows: a cubic curve, a spring, or both.
public protocol UITimingCurveProvider: AnyObject {
    /// Which of the two parameter sets the animator reads.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for `.builtin`, `.cubic` and `.composed`.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1): one of UIKit's named curves, or two control points.
open class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// The named curve (`.easeInOut` when made from control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// The ease-in-ease-out curve.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's named curves: ease in-out (0.42, 0, 0.58, 1), ease in (0.42, 0, 1, 1), ease out
    /// (0, 0, 0.58, 1) or linear.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        isBuiltin = true
        (controlPoint1, controlPoint2) = switch curve {
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        }
        super.init()
    }

    /// A custom curve through `point1` and `point2` (x in 0…1).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        isBuiltin = false
        controlPoint1 = point1
        controlPoint2 = point2
        super.init()
    }

    /// Not available: Calyx reads no archives. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// `.builtin` for the named curves, `.cubic` for control points given.
    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    /// These parameters.
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    /// Nil: these parameters are a cubic curve.
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as Core Animation's timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: by damping ratio (its stiffness fitted to the animator's duration), by mass, stiffness and damping,
/// or by the iOS 17 perceptual duration and bounce (those two run for the spring's settling time, whatever the
/// animator's duration; docs/view-animation.md §3.2).
open class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// How the spring is given.
    enum Form {
        /// A damping ratio; the stiffness is fitted so the spring settles in the animator's duration.
        case ratio(CGFloat)
        /// Mass, stiffness and damping as given; the spring runs until it settles.
        case physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat)
        /// The iOS 17 form: a perceptual duration and a bounce in −1…1 (negative: overdamped).
        case perceptual(duration: TimeInterval, bounce: CGFloat)
    }

    let form: Form
    /// The initial velocity, as a fraction of the distance to travel per second (`dx` for one-dimensional
    /// properties and x; `dy` for y).
    public let initialVelocity: CGVector

    /// Apple's default spring: mass 3, stiffness 1000, damping 500 (a damping ratio of about 4.56).
    public override convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring of damping ratio `ratio` that settles in the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring of damping ratio `ratio` starting at `velocity`, settling in the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        form = .ratio(ratio)
        initialVelocity = velocity
        super.init()
    }

    /// A spring of the given physics; the animator's duration is ignored in favour of the spring's settling
    /// time. Its damping ratio is `damping / (2 √(stiffness · mass))`.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        form = .physical(mass: mass, stiffness: stiffness, damping: damping)
        initialVelocity = velocity
        super.init()
    }

    /// The iOS 17 spring: `duration` its perceptual duration, `bounce` from −1 (overdamped) through 0
    /// (critically damped) to 1; it runs for its settling time.
    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// The iOS 17 spring with an initial velocity.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        form = .perceptual(duration: duration, bounce: bounce)
        initialVelocity = velocity
        super.init()
    }

    /// Not available: Calyx reads no archives. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    /// Nil: these parameters are a spring.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// These parameters.
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The spring Core Animation runs for an animator of `duration`: its physics, whether it may overdamp, and
    /// how long it runs (`duration` for the damping-ratio form, the settling time for the others).
    func resolved(forAnimatorDuration duration: TimeInterval) -> BlockSpring {
        let velocity = initialVelocity.dx.isFinite ? initialVelocity.dx : 0
        switch form {
        case .ratio(let ratio):
            let fit = SpringFit.classic(duration: duration, dampingRatio: ratio, velocity: velocity)
            return BlockSpring(mass: 1, stiffness: fit.stiffness, damping: fit.damping, velocity: velocity,
                               allowsOverdamping: false, duration: fit.duration)
        case .physical(let mass, let stiffness, let damping):
            return SpringFit.physical(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        case .perceptual(let perceived, let bounce):
            let fit = SpringFit.perceptual(duration: perceived, bounce: bounce, velocity: velocity)
            return BlockSpring(mass: 1, stiffness: fit.stiffness, damping: fit.damping, velocity: velocity,
                               allowsOverdamping: true, duration: fit.duration)
        }
    }
}

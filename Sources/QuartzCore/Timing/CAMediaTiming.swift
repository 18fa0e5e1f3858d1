/// What happens outside an object's active time.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value from its raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// No effect outside the active period (the default).
    public static let removed = CAMediaTimingFillMode("removed")
    /// Holds the final value after the end.
    public static let forwards = CAMediaTimingFillMode("forwards")
    /// Holds the first value before the start.
    public static let backwards = CAMediaTimingFillMode("backwards")
    /// Holds both ways.
    public static let both = CAMediaTimingFillMode("both")

    package var fillsBackwards: Bool { self == .backwards || self == .both }
    package var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The older name of `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed.rawValue
/// The older name of `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards.rawValue
/// The older name of `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards.rawValue
/// The older name of `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both.rawValue

/// The timing of layers and animations: a hierarchical model in which each object maps its parent's time to its
/// own (semantics §1).
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time. Default 0.
    var beginTime: CFTimeInterval { get set }
    /// Basic duration of one cycle. Default 0 for animations, +∞ for layers.
    var duration: CFTimeInterval { get set }
    /// Rate of local time to parent time. Default 1; 0 pauses; negative plays backwards.
    var speed: Float { get set }
    /// Phase shift added to local time (not scaled by speed). Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// Number of cycles, may be fractional; `.infinity` (or `.greatestFiniteMagnitude`) repeats forever.
    var repeatCount: Float { get set }
    /// Total time to repeat for; takes precedence over `repeatCount` when positive.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forward then backward.
    var autoreverses: Bool { get set }
    /// What the object does outside its active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}

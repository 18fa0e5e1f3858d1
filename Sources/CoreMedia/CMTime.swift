import Foundation

/// A time's numerator: a count of timescale units.
public typealias CMTimeValue = Int64
/// A time's denominator: units per second.
public typealias CMTimeScale = Int32
/// Separates otherwise equal times (loops of a timeline).
public typealias CMTimeEpoch = Int64

/// Core Media's rational time: `value / timescale` seconds, or one of the flagged non-numeric times.
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The count of `timescale` units.
    public var value: CMTimeValue
    /// Units per second.
    public var timescale: CMTimeScale
    /// Whether the time is valid, rounded, infinite or indefinite.
    public var flags: CMTimeFlags
    /// Separates otherwise equal times.
    public var epoch: CMTimeEpoch

    /// A time from all its fields.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value; self.timescale = timescale; self.flags = flags; self.epoch = epoch
    }

    /// `value / timescale` seconds; invalid when the timescale is not positive.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// The time nearest `seconds` in units of 1 / `preferredTimescale`; NaN gives `invalid`, infinities the
    /// infinite times.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        if seconds.isNaN || preferredTimescale <= 0 { self = .invalid; return }
        if seconds == .infinity { self = .positiveInfinity; return }
        if seconds == -.infinity { self = .negativeInfinity; return }
        let v = (seconds * Double(preferredTimescale)).rounded()
        guard abs(v) < 9.2e18 else { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
        var flags: CMTimeFlags = .valid
        if v / Double(preferredTimescale) != seconds { flags.insert(.hasBeenRounded) }
        self.init(value: CMTimeValue(v), timescale: preferredTimescale, flags: flags, epoch: 0)
    }

    /// Zero seconds.
    public static let zero = CMTime(value: 0, timescale: 1)
    /// No time.
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// A time not known yet (a live stream's duration).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// Later than every time.
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// Earlier than every time.
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    /// Whether the time is valid.
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Whether the time is positive infinity.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is negative infinity.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Valid and a number (not indefinite or infinite).
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.indefinite, .positiveInfinity, .negativeInfinity]) }
    /// Whether arithmetic rounded the time.
    public var hasBeenRounded: Bool { flags.contains(.hasBeenRounded) }

    /// The time in seconds (NaN when invalid or indefinite, ±infinity for the infinite times).
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric, timescale > 0 else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The same time in another timescale, its value rounded as `method` says (marked `hasBeenRounded` when it
    /// was). A timescale that is not positive gives `invalid`; a value beyond 64 bits, an infinite time.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        // Exact in integers while the product fits; beyond that, doubles (the value is then past 2^53 anyway).
        let (product, overflow) = value.multipliedReportingOverflow(by: CMTimeValue(newTimescale))
        let exact = overflow ? Double(value) * Double(newTimescale) / Double(timescale) : nil
        let quotient = overflow ? 0 : product / CMTimeValue(timescale)
        let remainder = overflow ? 0 : product % CMTimeValue(timescale)
        let rule: FloatingPointRoundingRule = switch method {
        case .default, .roundHalfAwayFromZero: .toNearestOrAwayFromZero
        case .roundTowardZero: .towardZero
        case .roundAwayFromZero: .awayFromZero
        case .roundTowardNegativeInfinity: .down
        case .roundTowardPositiveInfinity: .up
        // QuickTime's rule: toward zero when precision is lost, away from it when it is gained.
        case .quickTime: newTimescale < timescale ? .towardZero : .awayFromZero
        }
        var roundedValue: CMTimeValue
        let wasRounded: Bool, negative: Bool
        if let exact {
            let rounded = exact.rounded(rule)
            guard rounded.magnitude < 9.2e18 else { return exact > 0 ? .positiveInfinity : .negativeInfinity }
            roundedValue = CMTimeValue(rounded)
            (wasRounded, negative) = (rounded != exact, exact < 0)
        } else {
            // The truncated quotient, moved by the remainder's fraction rounded by the rule (−1, 0 or 1).
            roundedValue = quotient + CMTimeValue((Double(remainder) / Double(timescale)).rounded(rule))
            (wasRounded, negative) = (remainder != 0, product < 0)
        }
        // QuickTime never rounds a negative time to zero: it answers the smallest negative time instead.
        if method == .quickTime, roundedValue == 0, negative { roundedValue = -1 }
        var flags: CMTimeFlags = .valid
        if wasRounded { flags.insert(.hasBeenRounded) }
        return CMTime(value: roundedValue, timescale: newTimescale, flags: flags, epoch: epoch)
    }

    /// The fraction and seconds, or the flags.
    public var description: String { isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds) s)" : "CMTime(\(flags))" }

    /// Whether `l` is earlier than `r`.
    public static func < (l: CMTime, r: CMTime) -> Bool { CMTimeCompare(l, r) < 0 }
    /// Whether two times are the same moment (whatever their timescales).
    public static func == (l: CMTime, r: CMTime) -> Bool { CMTimeCompare(l, r) == 0 }
    /// Hashes the seconds.
    public func hash(into h: inout Hasher) { h.combine(seconds.isNaN ? 0 : seconds) }

    /// The sum.
    public static func + (l: CMTime, r: CMTime) -> CMTime { CMTimeAdd(l, r) }
    /// The difference.
    public static func - (l: CMTime, r: CMTime) -> CMTime { CMTimeSubtract(l, r) }
    /// Adds `r` to `l`.
    public static func += (l: inout CMTime, r: CMTime) { l = l + r }
    /// Subtracts `r` from `l`.
    public static func -= (l: inout CMTime, r: CMTime) { l = l - r }
}

/// How a time was made or what it is.
public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt32
    /// A value from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The time holds a value.
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// Arithmetic rounded the time.
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// The time is positive infinity.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// The time is negative infinity.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// The time is not known.
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that stand for a value of their own.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// How a time is rounded when converted to another timescale.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// Rounds half away from zero.
    case `default` = 1
    /// Rounds to the nearest, halves away from zero.
    case roundHalfAwayFromZero = 2
    /// Truncates toward zero.
    case roundTowardZero = 3
    /// Rounds away from zero.
    case roundAwayFromZero = 4
    /// QuickTime's rule: toward zero when converting to a coarser timescale, away from zero to a finer one, and a
    /// negative time never rounds to zero.
    case quickTime = 5
    /// Rounds down.
    case roundTowardNegativeInfinity = 6
    /// Rounds up.
    case roundTowardPositiveInfinity = 7
}

/// A start and a duration.
public struct CMTimeRange: Hashable, Sendable {
    /// Where the range starts.
    public var start: CMTime
    /// How long the range lasts.
    public var duration: CMTime
    /// A range from its start and duration.
    public init(start: CMTime, duration: CMTime) { self.start = start; self.duration = duration }
    /// A range from its start and end.
    public init(start: CMTime, end: CMTime) { self.start = start; self.duration = end - start }
    /// Where the range ends (not included).
    public var end: CMTime { start + duration }
    /// An empty range at zero.
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// No range.
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
    /// Whether `time` falls in the range (the end excluded).
    public func containsTime(_ time: CMTime) -> Bool { time >= start && time < end }
}

/// `value` / `timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
/// `seconds`, in `preferredTimescale` units (rounded).
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
/// The time in seconds (NaN for an invalid time).
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// −1, 0 or 1; invalid times are less than any valid one, as Core Media orders them.
public func CMTimeCompare(_ a: CMTime, _ b: CMTime) -> Int32 {
    if !a.isValid || !b.isValid { return a.isValid == b.isValid ? 0 : (a.isValid ? 1 : -1) }
    let (x, y) = (a.isIndefinite ? Double.infinity : a.seconds, b.isIndefinite ? Double.infinity : b.seconds)
    if a.isIndefinite && b.isIndefinite { return 0 }
    return x < y ? -1 : (x > y ? 1 : 0)
}

/// The sum, in the larger timescale; invalid if either is; indefinite or infinite times absorb numbers.
public func CMTimeAdd(_ a: CMTime, _ b: CMTime) -> CMTime {
    guard a.isValid, b.isValid else { return .invalid }
    guard a.isNumeric, b.isNumeric else { return combineNonNumeric(a, b, sign: 1) }
    let scale = max(a.timescale, b.timescale)
    return CMTime(seconds: a.seconds + b.seconds, preferredTimescale: scale)
}

/// `a` minus `b`.
public func CMTimeSubtract(_ a: CMTime, _ b: CMTime) -> CMTime {
    guard a.isValid, b.isValid else { return .invalid }
    guard a.isNumeric, b.isNumeric else { return combineNonNumeric(a, b, sign: -1) }
    let scale = max(a.timescale, b.timescale)
    return CMTime(seconds: a.seconds - b.seconds, preferredTimescale: scale)
}

private func combineNonNumeric(_ a: CMTime, _ b: CMTime, sign: Double) -> CMTime {
    if a.isIndefinite || b.isIndefinite { return .indefinite }
    let x = a.seconds + sign * b.seconds
    return x.isNaN ? .invalid : CMTime(seconds: x, preferredTimescale: 1)
}

/// The later time.
public func CMTimeMaximum(_ a: CMTime, _ b: CMTime) -> CMTime { a < b ? b : a }
/// The earlier time.
public func CMTimeMinimum(_ a: CMTime, _ b: CMTime) -> CMTime { a < b ? a : b }
/// The time without its sign.
public func CMTimeAbsoluteValue(_ t: CMTime) -> CMTime { t < .zero ? .zero - t : t }
/// The time scaled by `multiplier`.
public func CMTimeMultiplyByFloat64(_ t: CMTime, multiplier: Float64) -> CMTime {
    CMTime(seconds: t.seconds * multiplier, preferredTimescale: t.isNumeric ? t.timescale : 600)
}

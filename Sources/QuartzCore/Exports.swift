@_exported import CoreGraphics
// QuartzCore.h includes Core Image: layers take CIFilters.
@_exported import CoreImage

// Darwin names iOS animation code uses with nothing imported beyond QuartzCore or UIKit (Apple's modules
// re-export Darwin and Dispatch, which declare them; Glibc and Dispatch on Linux do not).
/// Nanoseconds in a second (Dispatch's `NSEC_PER_SEC`).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second.
public let USEC_PER_SEC: UInt64 = 1_000_000
/// The largest finite `Float` (math.h's `MAXFLOAT`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude
/// math.h's `HUGE`, defined there as `MAXFLOAT`.
public let HUGE: Float = .greatestFiniteMagnitude

// Apple's CoreGraphics, ImageIO and CoreText APIs take Core Foundation types. Foundation on Linux does not export
// them, so these aliases let iOS code such as `"public.png" as CFString` or `data as CFMutableData` compile as is.

/// Core Foundation's string type; on Linux, Swift's `String`.
public typealias CFString = String
/// Core Foundation's immutable data; on Linux, `Data`.
public typealias CFData = Data
/// Core Foundation's mutable data; on Linux, `NSMutableData`, so writes through it reach the caller's object.
public typealias CFMutableData = NSMutableData
/// Core Foundation's dictionary; on Linux, `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Core Foundation's array; on Linux, `NSArray`.
public typealias CFArray = NSArray
/// Core Foundation's URL; on Linux, `URL`.
public typealias CFURL = URL
/// Core Foundation's attributed string; on Linux, `NSAttributedString`.
public typealias CFAttributedString = NSAttributedString
/// Core Foundation's index type.
public typealias CFIndex = Int
/// Core Foundation's time interval, in seconds.
public typealias CFTimeInterval = Double
/// Core Foundation's type identifier, used by `…GetTypeID()` functions.
public typealias CFTypeID = UInt
/// Core Foundation's generic object reference.
public typealias CFTypeRef = AnyObject

/// A range of indices, as Core Foundation's `CFRange`.
public struct CFRange: Hashable, Sendable {
    /// The first index.
    public var location: CFIndex
    /// How many indices (0: to the end, where an API says so).
    public var length: CFIndex
    /// The empty range at 0.
    public init() { (location, length) = (0, 0) }
    /// `length` indices from `location`.
    public init(location: CFIndex, length: CFIndex) { (self.location, self.length) = (location, length) }
}

/// `length` indices from `location`.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange { CFRange(location: location, length: length) }

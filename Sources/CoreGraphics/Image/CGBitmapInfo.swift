/// Where alpha sits in a pixel and whether colour is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha last (RGBA), colour premultiplied by it.
    case premultipliedLast
    /// Alpha first (ARGB), colour premultiplied by it.
    case premultipliedFirst
    /// Alpha last, colour not premultiplied.
    case last
    /// Alpha first, colour not premultiplied.
    case first
    /// No alpha: the last component is padding.
    case noneSkipLast
    /// No alpha: the first component is padding.
    case noneSkipFirst
    /// Alpha only, no colour (a mask).
    case alphaOnly
}

/// Byte order of a pixel's components.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits that hold the byte order.
    case orderMask = 0x7000
    /// The default order (big-endian).
    case orderDefault = 0
    /// 16-bit components, little-endian.
    case order16Little = 0x1000
    /// 32-bit pixels, little-endian (BGRA in memory for premultiplied-first).
    case order32Little = 0x2000
    /// 16-bit components, big-endian.
    case order16Big = 0x3000
    /// 32-bit pixels, big-endian.
    case order32Big = 0x4000
}

/// Pixel layout flags: an alpha info in the low 5 bits, byte order in bits 12–14.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The raw value.
    public let rawValue: UInt32
    /// A value from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Flags holding just an alpha info.
    public init(alphaInfo: CGImageAlphaInfo) { self.rawValue = alphaInfo.rawValue }

    /// The bits that hold the alpha info.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that hold floating-point flags.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating-point numbers.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big-endian).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit components, little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit pixels, little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit components, big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit pixels, big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)
    /// 16-bit components in the machine's order (little-endian here).
    public static let byteOrder16Host = byteOrder16Little
    /// 32-bit pixels in the machine's order (little-endian here).
    public static let byteOrder32Host = byteOrder32Little

    /// The alpha info part.
    package var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & 0x1F) }
    /// The byte order part.
    package var byteOrder: CGImageByteOrderInfo? { CGImageByteOrderInfo(rawValue: rawValue & 0x7000) }
}

/// Calyx's bounds on bitmap sizes. Contexts and images beyond them are refused (initialisers answer `nil`),
/// where Apple's would fail an allocation: a bitmap is at most 32,768 pixels on a side and 2²⁷ pixels (512 MiB
/// at 4 bytes a pixel) in all.
public enum CalyxLimits {
    /// The longest side a bitmap may have, in pixels.
    public static let maximumBitmapDimension = 32_768
    /// The most pixels a bitmap may have.
    public static let maximumBitmapPixelCount = 1 << 27

    /// The pixels a bitmap needs along one side of `points` at `scale` (rounded up), or nil when that is not a
    /// positive number within `maximumBitmapDimension` (non-finite, zero, negative or enormous sizes): the one
    /// place layer sizes become pixel counts, so no size can trap converting to `Int`.
    public static func pixels(_ points: CGFloat, scale: CGFloat) -> Int? {
        let exact = (points * scale).rounded(.up)
        guard exact.isFinite, exact >= 1, exact <= CGFloat(maximumBitmapDimension) else { return nil }
        return Int(exact)
    }

    /// Whether a `width` × `height` bitmap is within the limits (and not empty).
    public static func allowsBitmap(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumBitmapDimension && height <= maximumBitmapDimension
            && width * height <= maximumBitmapPixelCount
    }
}

/// An immutable colour: components in a colour space, alpha last.
///
/// Rendering uses `rgba`, the colour converted to extended sRGB, unpremultiplied.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The colour space of ``components``.
    public let colorSpace: CGColorSpace?
    /// The components, colour then alpha (so `numberOfComponents` = space components + 1).
    public private(set) var components: [CGFloat]?
    /// The same colour in extended sRGB: red, green, blue, alpha (unpremultiplied); NaN read as 0.
    package private(set) var rgba: RGBA
    /// Made by a render tree to hold one animated value of one frame layer, and overwritten in place on the
    /// next frame (``overwriteFrameScratch(with:)``): nothing else holds it past the frame.
    package private(set) var isFrameScratch = false

    /// Creates a colour in `space` from `components` (colour then alpha). Answers `nil` if the count is wrong.
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents + 1
        guard space.numberOfComponents > 0 else { return nil }
        let values = (0..<count).map { components[$0] }
        self.colorSpace = space
        self.components = values
        self.rgba = RGBA(space: space, components: values)
    }

    package init(space: CGColorSpace, values: [CGFloat]) {
        self.colorSpace = space
        self.components = values
        self.rgba = RGBA(space: space, components: values)
    }

    /// An extended-sRGB colour owned by a render tree's frame layer (see ``isFrameScratch``).
    package convenience init(frameScratch rgba: RGBA) {
        self.init(space: .extendedSRGBSpace, values: [rgba.r, rgba.g, rgba.b, clampUnit(rgba.a)])
        isFrameScratch = true
    }

    /// Replaces a frame-scratch colour's value, reusing its storage (no allocation).
    package func overwriteFrameScratch(with value: RGBA) {
        precondition(isFrameScratch, "only a render tree's scratch colour is rewritten")
        components!.withUnsafeMutableBufferPointer { c in
            c[0] = value.r; c[1] = value.g; c[2] = value.b; c[3] = clampUnit(value.a)
        }
        func real(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : v }
        rgba = RGBA(r: real(value.r), g: real(value.g), b: real(value.b), a: real(clampUnit(value.a)))
    }

    /// An sRGB colour; components are clamped to [0, 1] as Apple does for this space.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    /// An sRGB colour; components are clamped to [0, 1].
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .srgbSpace, values: [red, green, blue, alpha].map(clampUnit))
    }

    /// An extended-sRGB colour; components may lie outside [0, 1].
    public convenience init(extendedSRGBRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .extendedSRGBSpace, values: [red, green, blue, clampUnit(alpha)])
    }

    /// A gray colour (gamma 2.2 gray); clamped to [0, 1].
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .graySpace, values: [clampUnit(gray), clampUnit(alpha)])
    }

    /// A gray colour in the generic gamma-2.2 gray space.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) { self.init(gray: gray, alpha: alpha) }

    /// Number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// An equal colour (`CGColorCreateCopy`): the same space and components.
    public func copy() -> CGColor? {
        guard let space = colorSpace, let values = components else { return nil }
        return CGColor(space: space, values: values)
    }

    /// The same colour with another alpha (clamped to [0, 1]).
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, var values = components else { return nil }
        values[values.count - 1] = clampUnit(alpha)
        return CGColor(space: space, values: values)
    }

    /// The colour converted into `space` (RGB and gray spaces only); `nil` when Calyx cannot convert.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? {
        rgba.converted(to: space).map { CGColor(space: space, values: $0) }
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Whether two colours have the same colour space and components.
    public static func == (l: CGColor, r: CGColor) -> Bool { l.colorSpace == r.colorSpace && l.components == r.components }
    /// Hashes the components.
    public func hash(into h: inout Hasher) { h.combine(components) }

    /// The colour space and components.
    public var description: String {
        "<CGColor \(colorSpace?.description ?? "?") \(components?.map { "\($0)" }.joined(separator: " ") ?? "")>"
    }
}

/// The colour constants by their older names.
public let kCGColorBlack: CFString = "kCGColorBlack"
/// The name of opaque white.
public let kCGColorWhite: CFString = "kCGColorWhite"
/// The name of transparent black.
public let kCGColorClear: CFString = "kCGColorClear"

/// A constant colour by name (`kCGColorBlack`, `kCGColorWhite`, `kCGColorClear`), else `nil`.
public func CGColorGetConstantColor(_ name: CFString) -> CGColor? {
    switch name {
    case kCGColorBlack: return .black
    case kCGColorWhite: return .white
    case kCGColorClear: return .clear
    default: return nil
    }
}

/// A colour from components in `space` (the colour space's count, then alpha).
public func CGColorCreate(_ space: CGColorSpace?, _ components: UnsafePointer<CGFloat>) -> CGColor? {
    space.flatMap { CGColor(colorSpace: $0, components: components) }
}
/// An RGB colour (`CGColor(red:green:blue:alpha:)`).
public func CGColorCreateGenericRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: a) }
/// An sRGB colour (`CGColor(srgbRed:green:blue:alpha:)`).
public func CGColorCreateSRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> CGColor { CGColor(srgbRed: r, green: g, blue: b, alpha: a) }
/// A gray (`CGColor(gray:alpha:)`).
public func CGColorCreateGenericGray(_ gray: CGFloat, _ a: CGFloat) -> CGColor { CGColor(gray: gray, alpha: a) }
/// The colour with another alpha.
public func CGColorCreateCopyWithAlpha(_ color: CGColor?, _ alpha: CGFloat) -> CGColor? { color?.copy(alpha: alpha) }
/// Whether two colours are equal (two nils are).
public func CGColorEqualToColor(_ a: CGColor?, _ b: CGColor?) -> Bool { a == b }
/// The colour's alpha (0 for nil).
public func CGColorGetAlpha(_ c: CGColor?) -> CGFloat { c?.alpha ?? 0 }
/// How many components the colour has, alpha included (0 for nil).
public func CGColorGetNumberOfComponents(_ c: CGColor?) -> Int { c?.numberOfComponents ?? 0 }

/// NaN becomes 0; everything else is clamped to [0, 1].
@inline(__always) func clampUnit(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }

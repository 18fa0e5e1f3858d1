/// The colour model of a colour space.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown model.
    case unknown = -1
    /// Grey levels.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Any number of inks.
    case deviceN = 4
    /// Indices into a colour table.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}

/// How colours outside a destination's gamut are mapped.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default intent.
    case defaultIntent = 0
    /// Keeps colours exact, clipping the out-of-gamut ones, white point included.
    case absoluteColorimetric
    /// Keeps colours exact relative to the white points, clipping the rest.
    case relativeColorimetric
    /// Compresses the whole gamut, keeping the relations between colours (photographs).
    case perceptual
    /// Keeps colours saturated (charts and graphics).
    case saturation
}

/// A colour space. Calyx renders in extended sRGB; the spaces it knows are sRGB (and device RGB, which it treats
/// as sRGB), extended sRGB, linear sRGB, and gray (gamma 2.2, which it treats as sRGB-encoded gray).
/// Creating a space by any other name answers `nil`.
public final class CGColorSpace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The space's name (`CGColorSpace.sRGB`…), or `nil` for device spaces.
    public let name: CFString?
    /// The colour model.
    public let model: CGColorSpaceModel
    /// Whether components may lie outside [0, 1].
    package let isExtended: Bool
    /// Whether RGB components are linear light rather than sRGB-encoded.
    package let isLinear: Bool

    package init(name: CFString?, model: CGColorSpaceModel, isExtended: Bool = false, isLinear: Bool = false) {
        self.name = name; self.model = model; self.isExtended = isExtended; self.isLinear = isLinear
    }

    /// Creates a named colour space, or `nil` for a name Calyx does not support.
    public convenience init?(name: CFString) {
        switch name {
        case CGColorSpace.sRGB: self.init(name: name, model: .rgb)
        case CGColorSpace.extendedSRGB: self.init(name: name, model: .rgb, isExtended: true)
        case CGColorSpace.linearSRGB, CGColorSpace.genericRGBLinear: self.init(name: name, model: .rgb, isLinear: true)
        case CGColorSpace.extendedLinearSRGB: self.init(name: name, model: .rgb, isExtended: true, isLinear: true)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray: self.init(name: name, model: .monochrome, isLinear: name == CGColorSpace.linearGray)
        case CGColorSpace.extendedGray: self.init(name: name, model: .monochrome, isExtended: true)
        default: return nil
        }
    }

    /// Components per colour, without alpha.
    public var numberOfComponents: Int { model == .monochrome ? 1 : (model == .rgb ? 3 : (model == .cmyk ? 4 : 0)) }

    /// Whether this is a wide-gamut space (extended ranges count).
    public var isWideGamutRGB: Bool { model == .rgb && isExtended }

    /// Whether two colour spaces are the same space.
    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool {
        l.name == r.name && l.model == r.model && l.isExtended == r.isExtended && l.isLinear == r.isLinear
    }
    /// Hashes the name and model.
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(model); h.combine(isExtended) }

    /// The space's name.
    public var description: String { "<CGColorSpace \(name ?? (model == .monochrome ? "DeviceGray" : "DeviceRGB"))>" }

    // Names, with Apple's string values.
    /// The standard RGB space of displays and the web.
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    /// sRGB with components allowed outside 0…1.
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    /// sRGB's primaries without its gamma curve.
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    /// Linear sRGB with components allowed outside 0…1.
    public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    /// A linear RGB space.
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    /// Gray with a 2.2 gamma.
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray without a gamma curve.
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    /// Gray with values allowed outside 0…1.
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    /// Apple's wide-gamut display space (treated as sRGB here).
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"

    package static let deviceRGB = CGColorSpace(name: nil, model: .rgb)
    package static let deviceGray = CGColorSpace(name: nil, model: .monochrome)
    package static let srgbSpace = CGColorSpace(name: CGColorSpace.sRGB)!
    package static let extendedSRGBSpace = CGColorSpace(name: CGColorSpace.extendedSRGB)!
    package static let graySpace = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!
}

/// The device RGB space (Calyx treats it as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }
/// The device gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
/// A named colour space, or `nil` for an unsupported name.
public func CGColorSpaceCreateWithName(_ name: CFString) -> CGColorSpace? { CGColorSpace(name: name) }

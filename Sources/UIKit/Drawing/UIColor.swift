/// A colour, as UIKit's: components in the extended sRGB space (white-based colours in grey), a `cgColor`, and
/// Apple's named and system colours with their light-appearance values.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// The Core Graphics colour (a dynamic colour's, resolved with `UITraitCollection.current`, as on iOS).
    public var cgColor: CGColor { provider.map { $0(UITraitCollection.current).cgColor } ?? fixedColor }
    private let fixedColor: CGColor
    /// A dynamic colour's provider, asked each time the colour is resolved.
    let provider: ((UITraitCollection) -> UIColor)?

    /// A colour that is `cgColor` in every appearance.
    public init(cgColor: CGColor) { fixedColor = cgColor; provider = nil }

    /// A colour chosen from the traits it is resolved with: views resolve it with their own traits when it is set
    /// and again when their appearance changes; `cgColor` resolves it with `UITraitCollection.current`.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        provider = dynamicProvider
        fixedColor = dynamicProvider(UITraitCollection()).cgColor
    }

    /// The colour for `traitCollection`: a dynamic colour's provider's answer, or the colour itself.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        provider.map { $0(traitCollection).resolvedColor(with: traitCollection) } ?? self
    }
    /// A colour with no components set (iOS code writes `UIColor()` as a placeholder): transparent black.
    public convenience override init() { self.init(white: 0, alpha: 0) }
    /// The colour a `#colorLiteral(red:green:blue:alpha:)` in source stands for (sRGB, as Xcode writes them).
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// Components may lie outside [0, 1] (extended sRGB, as UIKit's colours are since iOS 10).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let inGamut = [red, green, blue].allSatisfy { $0 >= 0 && $0 <= 1 }
        if !inGamut, let space = CGColorSpace(name: CGColorSpace.extendedSRGB),
           let extended = CGColor(colorSpace: space, components: [red, green, blue, alpha]) {
            self.init(cgColor: extended)
        } else {
            self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
        }
    }

    /// Display P3 components, converted to (extended) sRGB: Calyx draws in the sRGB family.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let (r, g, b) = DisplayP3.toSRGB(red, green, blue)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A gray: `white` from 0 (black) to 1 (white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// Hue, saturation and brightness in [0, 1] (the HSB model: hue 0 red, 1/3 green, 2/3 blue).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = HSB.toRGB(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour with `alpha` replacing its alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor) }

    /// The colour's red, green, blue and alpha; true (every colour here converts).
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = rgba
        red?.pointee = c.r; green?.pointee = c.g; blue?.pointee = c.b; alpha?.pointee = c.a
        return true
    }

    /// The colour's grey level and alpha; true only for colours made in grey, as UIKit answers.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.colorSpace?.model == .monochrome, let components = cgColor.components else { return false }
        white?.pointee = components[0]; alpha?.pointee = cgColor.alpha
        return true
    }

    /// The colour's hue, saturation, brightness and alpha.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = rgba
        let (h, s, v) = HSB.fromRGB(c.r, c.g, c.b)
        hue?.pointee = h; saturation?.pointee = s; brightness?.pointee = v; alpha?.pointee = c.a
        return true
    }

    /// Sets the colour as the current context's fill and stroke colour.
    open func set() { setFill(); setStroke() }
    /// Makes this the current context's fill colour.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the current context's stroke colour.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    private var rgba: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        if c.count >= 4 { return (c[0], c[1], c[2], c[3]) }
        if c.count == 2 { return (c[0], c[0], c[0], c[1]) }
        return (0, 0, 0, cgColor.alpha)
    }

    /// Whether `object` is a colour with the same components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return cgColor == other.cgColor
    }
    /// A hash of the components.
    open override var hash: Int { cgColor.hashValue }
    /// The colour's components.
    open override var description: String {
        let c = rgba
        return "UIExtendedSRGBColorSpace \(c.r) \(c.g) \(c.b) \(c.a)"
    }
}

extension UIColor {
    // The fixed colours (UIKit's values: darkGray is one third white, lightGray two thirds).
    /// Black: `UIColor(white: 0, alpha: 1)`.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Dark gray: `UIColor(white: 1.0 / 3, alpha: 1)`.
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// Light gray: `UIColor(white: 2.0 / 3, alpha: 1)`.
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// White: `UIColor(white: 1, alpha: 1)`.
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Gray: `UIColor(white: 0.5, alpha: 1)`.
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Red: `UIColor(red: 1, green: 0, blue: 0, alpha: 1)`.
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Green: `UIColor(red: 0, green: 1, blue: 0, alpha: 1)`.
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Blue: `UIColor(red: 0, green: 0, blue: 1, alpha: 1)`.
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Cyan: `UIColor(red: 0, green: 1, blue: 1, alpha: 1)`.
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// Yellow: `UIColor(red: 1, green: 1, blue: 0, alpha: 1)`.
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// Magenta: `UIColor(red: 1, green: 0, blue: 1, alpha: 1)`.
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// Orange: `UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)`.
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// Purple: `UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)`.
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// Brown: `UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)`.
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Clear: `UIColor(white: 0, alpha: 0)`.
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // System colours in the light appearance (Apple's Human Interface Guidelines values, 0–255).
    private static func system(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }
    /// iOS's system red, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (255, 59, 48).
    public static var systemRed: UIColor { system(255, 59, 48) }
    /// iOS's system green, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (52, 199, 89).
    public static var systemGreen: UIColor { system(52, 199, 89) }
    /// iOS's system blue, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (0, 122, 255).
    public static var systemBlue: UIColor { system(0, 122, 255) }
    /// iOS's system orange, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (255, 149, 0).
    public static var systemOrange: UIColor { system(255, 149, 0) }
    /// iOS's system yellow, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (255, 204, 0).
    public static var systemYellow: UIColor { system(255, 204, 0) }
    /// iOS's system pink, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (255, 45, 85).
    public static var systemPink: UIColor { system(255, 45, 85) }
    /// iOS's system purple, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (175, 82, 222).
    public static var systemPurple: UIColor { system(175, 82, 222) }
    /// iOS's system teal, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (48, 176, 199).
    public static var systemTeal: UIColor { system(48, 176, 199) }
    /// iOS's system indigo, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (88, 86, 214).
    public static var systemIndigo: UIColor { system(88, 86, 214) }
    /// iOS's system mint, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (0, 199, 190).
    public static var systemMint: UIColor { system(0, 199, 190) }
    /// iOS's system cyan, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (50, 173, 230).
    public static var systemCyan: UIColor { system(50, 173, 230) }
    /// iOS's system brown, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (162, 132, 94).
    public static var systemBrown: UIColor { system(162, 132, 94) }
    /// iOS's system gray, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (142, 142, 147).
    public static var systemGray: UIColor { system(142, 142, 147) }
    /// iOS's system gray 2, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (174, 174, 178).
    public static var systemGray2: UIColor { system(174, 174, 178) }
    /// iOS's system gray 3, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (199, 199, 204).
    public static var systemGray3: UIColor { system(199, 199, 204) }
    /// iOS's system gray 4, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (209, 209, 214).
    public static var systemGray4: UIColor { system(209, 209, 214) }
    /// iOS's system gray 5, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (229, 229, 234).
    public static var systemGray5: UIColor { system(229, 229, 234) }
    /// iOS's system gray 6, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (242, 242, 247).
    public static var systemGray6: UIColor { system(242, 242, 247) }
    /// iOS's label, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (0, 0, 0).
    public static var label: UIColor { system(0, 0, 0) }
    /// iOS's secondary label, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (60, 60, 67) at 60 % opacity.
    public static var secondaryLabel: UIColor { system(60, 60, 67, 0.6) }
    /// iOS's tertiary label, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (60, 60, 67) at 30 % opacity.
    public static var tertiaryLabel: UIColor { system(60, 60, 67, 0.3) }
    /// iOS's system background, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (255, 255, 255).
    public static var systemBackground: UIColor { system(255, 255, 255) }
    /// iOS's secondary system background, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (242, 242, 247).
    public static var secondarySystemBackground: UIColor { system(242, 242, 247) }
    /// iOS's separator, with its light-appearance value (Calyx does not switch it in dark mode): sRGB (60, 60, 67) at 29 % opacity.
    public static var separator: UIColor { system(60, 60, 67, 0.29) }
    /// The default tint: system blue.
    public static var tintColor: UIColor { systemBlue }
}

/// Hue–saturation–brightness (HSV) to and from RGB (Smith, "Color Gamut Transform Pairs", 1978).
enum HSB {
    static func toRGB(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        guard hue.isFinite, s.isFinite, v.isFinite else { return (0, 0, 0) }
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    static func fromRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let maximum = max(r, g, b), minimum = min(r, g, b), delta = maximum - minimum
        guard delta > 0 else { return (0, 0, maximum) }
        var h: CGFloat
        if maximum == r { h = (g - b) / delta } else if maximum == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
        h /= 6
        if h < 0 { h += 1 }
        return (h, maximum == 0 ? 0 : delta / maximum, maximum)
    }
}

/// Display P3 to sRGB: decode the sRGB transfer curve (P3 shares it), map linear P3 to linear sRGB (matrix from
/// the two spaces' primaries, D65 white), encode again; out-of-gamut values stay outside [0, 1] (extended sRGB).
enum DisplayP3 {
    static func toSRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        func decode(_ c: CGFloat) -> CGFloat { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encode(_ c: CGFloat) -> CGFloat {
            let m = abs(c), e = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
            return c < 0 ? -e : e
        }
        let (lr, lg, lb) = (decode(r), decode(g), decode(b))
        return (encode(1.2249 * lr - 0.2247 * lg + 0.0000 * lb),
                encode(-0.0420 * lr + 1.0419 * lg + 0.0000 * lb),
                encode(-0.0197 * lr - 0.0786 * lg + 1.0979 * lb))
    }
}

/// A `UIColor` is accepted wherever Core Graphics colours are read from untyped values (text attributes such as
/// `.foregroundColor`, which UIKit code fills with `UIColor`s).
extension UIColor: CGColorConvertible {}

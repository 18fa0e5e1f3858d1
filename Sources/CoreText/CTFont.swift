@_implementationOnly import CPango

/// A font at a size: a family, weight and slant resolved through fontconfig, shaped by HarfBuzz.
///
/// Apple's PostScript-style names (`Helvetica-Bold`, `HelveticaNeue-LightItalic`, `Courier-Oblique`) are split
/// into a family and a style. A size of zero, or one that is negative or not finite, means Apple's default, 12;
/// sizes above `maximumSize` are drawn at that size (Pango and FreeType fail on enormous ones).
open class CTFont: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The name the font was requested by.
    public let requestedName: String
    /// The point size (one point is one user-space unit).
    public let size: CGFloat
    /// Family, weight (Pango's scale, 400 regular, 700 bold) and italic, parsed from the name.
    let family: String
    let weight: Int32
    let italic: Bool
    /// A transform applied to the glyphs (for slanted or stretched text).
    public let matrix: CGAffineTransform
    /// The largest point size drawn (docs/bad-input.md).
    public static let maximumSize: CGFloat = 16_384

    /// The font named `name` at `size` points (a fallback face when the name is not installed).
    public init(name: String, size: CGFloat, matrix: CGAffineTransform = .identity) {
        requestedName = name
        self.size = size > 0 && size.isFinite ? min(size, CTFont.maximumSize) : 12
        (family, weight, italic) = CTFont.parse(name)
        self.matrix = matrix
    }

    /// A Pango description of this font (caller frees it with `pango_font_description_free`).
    func makeDescription() -> OpaquePointer {
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, family)
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(d, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(d, Double(size) * Double(PANGO_SCALE))
        return d
    }

    /// Ascent, descent and line gap of the resolved font, in points.
    package lazy var metrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat, resolvedFamily: String) = FontSystem.shared.locked {
        let ctx = FontSystem.shared.context
        let desc = makeDescription()
        defer { pango_font_description_free(desc) }
        guard let font = pango_context_load_font(ctx, desc) else { return (size * 0.8, size * 0.2, 0, family) }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let m = pango_font_get_metrics(font, nil)
        defer { pango_font_metrics_unref(m) }
        let scale = CGFloat(PANGO_SCALE)
        let ascent = CGFloat(pango_font_metrics_get_ascent(m)) / scale
        let descent = CGFloat(pango_font_metrics_get_descent(m)) / scale
        let height = CGFloat(pango_font_metrics_get_height(m)) / scale
        let described = pango_font_describe(font)
        defer { pango_font_description_free(described) }
        let resolved = pango_font_description_get_family(described).map { String(cString: $0) } ?? family
        return (ascent, descent, max(0, height - ascent - descent), resolved)
    }

    /// Cap height, x height, units per em and the rest of the design metrics (CTFont+Metrics.swift).
    package lazy var designMetrics: FontDesignMetrics = loadDesignMetrics()

    /// Splits "Family-Style" PostScript names into family, weight and italic.
    package static func parse(_ name: String) -> (String, Int32, Bool) {
        var family = name, style = ""
        if let dash = name.lastIndex(of: "-"), dash != name.startIndex {
            family = String(name[..<dash]); style = String(name[name.index(after: dash)...]).lowercased()
        }
        // "HelveticaNeue" → "Helvetica Neue"; "TimesNewRomanPSMT" → "Times New Roman".
        let known = ["HelveticaNeue": "Helvetica Neue", "TimesNewRomanPSMT": "Times New Roman",
                     "TimesNewRomanPS": "Times New Roman", "CourierNewPSMT": "Courier New", "ArialMT": "Arial",
                     "Times-Roman": "Times"]
        if let k = known[family] { family = k }
        if let k = known[name] { family = k; style = "" }
        var weight: Int32 = 400
        if style.contains("ultralight") || style.contains("thin") { weight = 200 }
        else if style.contains("light") { weight = 300 }
        else if style.contains("medium") { weight = 500 }
        else if style.contains("semibold") || style.contains("demibold") { weight = 600 }
        else if style.contains("heavy") || style.contains("black") { weight = 900 }
        else if style.contains("bold") { weight = 700 }
        let italic = style.contains("italic") || style.contains("oblique")
        return (family, weight, italic)
    }

    /// Whether two fonts have the same name and size.
    public static func == (l: CTFont, r: CTFont) -> Bool {
        l.requestedName == r.requestedName && l.size == r.size && l.matrix == r.matrix
    }
    /// Hashes the name and size.
    public func hash(into h: inout Hasher) { h.combine(requestedName); h.combine(size) }
    /// The name and size.
    open var description: String { "<CTFont \(requestedName) \(size)pt>" }
}

/// A font by name and size (size 0 means 12); `matrix` nil means identity.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: name, size: size, matrix: matrix?.pointee ?? .identity)
}
/// The same font at another size (0 keeps the size).
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: AnyObject?) -> CTFont {
    CTFont(name: font.requestedName, size: size == 0 ? font.size : size, matrix: matrix?.pointee ?? font.matrix)
}
/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
/// How far the tallest glyphs rise above the baseline.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.metrics.ascent }
/// How far glyphs fall below the baseline.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { font.metrics.descent }
/// The extra space between lines.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.metrics.leading }
/// The font's glyph transform.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// The family fontconfig resolved the request to (for example "Liberation Sans" for "Helvetica").
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.metrics.resolvedFamily }
/// The name the font was created with.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.requestedName }
/// The font's name.
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.requestedName }

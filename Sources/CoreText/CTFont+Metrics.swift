@_implementationOnly import CPango

/// The font's design metrics, read from its OpenType tables through HarfBuzz (the font Pango resolved the
/// request to): cap and x heights, units per em, underline, slant and glyph bounding box, scaled to points.
package struct FontDesignMetrics {
    package var unitsPerEm: UInt32
    package var capHeight: CGFloat
    package var xHeight: CGFloat
    package var underlinePosition: CGFloat
    package var underlineThickness: CGFloat
    package var slantAngle: CGFloat
    package var boundingBox: CGRect
}

extension CTFont {
    /// Reads the resolved font's tables once per font object.
    func loadDesignMetrics() -> FontDesignMetrics {
        FontSystem.shared.locked {
            let fallback = FontDesignMetrics(unitsPerEm: 1000, capHeight: size * 0.7, xHeight: size * 0.5,
                                             underlinePosition: -size * 0.1, underlineThickness: size * 0.05,
                                             slantAngle: italic ? -12 : 0,
                                             boundingBox: CGRect(x: 0, y: -size * 0.2, width: size, height: size))
            let desc = makeDescription()
            defer { pango_font_description_free(desc) }
            guard let font = pango_context_load_font(FontSystem.shared.context, desc) else { return fallback }
            defer { g_object_unref(UnsafeMutableRawPointer(font)) }
            guard let scaled = pango_font_get_hb_font(font), let face = hb_font_get_face(scaled) else { return fallback }
            // A font of our own over the same face, at its design units (HarfBuzz's default scale is the upem).
            let unscaled = hb_font_create(face)
            defer { hb_font_destroy(unscaled) }
            let upem = hb_face_get_upem(face)
            guard upem > 0 else { return fallback }
            let toPoints = size / CGFloat(upem)
            func metric(_ tag: hb_ot_metrics_tag_t) -> CGFloat {
                var position: hb_position_t = 0
                hb_ot_metrics_get_position_with_fallback(unscaled, tag, &position)
                return CGFloat(position) * toPoints
            }
            let box = Self.headBoundingBox(face).map {
                CGRect(x: $0.minX * toPoints, y: $0.minY * toPoints, width: $0.width * toPoints, height: $0.height * toPoints)
            } ?? fallback.boundingBox
            return FontDesignMetrics(unitsPerEm: upem,
                                     capHeight: metric(HB_OT_METRICS_TAG_CAP_HEIGHT),
                                     xHeight: metric(HB_OT_METRICS_TAG_X_HEIGHT),
                                     underlinePosition: metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET),
                                     underlineThickness: metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE),
                                     slantAngle: CGFloat(hb_style_get_value(unscaled, HB_STYLE_TAG_SLANT_ANGLE)),
                                     boundingBox: box)
        }
    }
}

extension CTFont {
    /// The box the 'head' table gives for all glyphs (xMin, yMin, xMax, yMax at byte 36, big-endian int16s),
    /// in design units.
    fileprivate static func headBoundingBox(_ face: OpaquePointer) -> CGRect? {
        let tag = hb_tag_t(0x68656164)  // 'head'
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length >= 44 else { return nil }
        func int16(_ offset: Int) -> CGFloat {
            let hi = UInt16(UInt8(bitPattern: bytes[offset])), lo = UInt16(UInt8(bitPattern: bytes[offset + 1]))
            return CGFloat(Int16(bitPattern: hi << 8 | lo))
        }
        let minX = int16(36), minY = int16(38), maxX = int16(40), maxY = int16(42)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// The height of capital letters above the baseline, in points (the font's OS/2 cap height).
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.designMetrics.capHeight }
/// The height of lower-case letters without ascenders above the baseline, in points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.designMetrics.xHeight }
/// The font's design units per em (2048 for the TrueType fonts Calyx pins).
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { font.designMetrics.unitsPerEm }
/// Where the underline sits relative to the baseline (negative: below), in points.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { font.designMetrics.underlinePosition }
/// The underline's thickness, in points.
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { font.designMetrics.underlineThickness }
/// The font's slant in degrees, counter-clockwise from vertical (negative for italics leaning right).
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.designMetrics.slantAngle }
/// The box enclosing all of the font's glyphs (its 'head' table's), in points, y up from the baseline.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect { font.designMetrics.boundingBox }

@_implementationOnly import CPango
@_implementationOnly import CCairo

/// Glyph outlines made at the text's own size and then filled or stroked through the drawing transform.
///
/// Cairo's FreeType backend sizes one shared font face for every drawing transform; asked to render glyphs a
/// trillion pixels tall it is left in a state that changes later, ordinary text (docs/bad-input.md: nothing
/// observable depends on what was drawn before). So text whose em would be more than `largestRasterEm` device
/// pixels, and every stroked text, is drawn as paths made in a scratch context of identity transform — the font
/// face only ever sees the text's own size — and filled or stroked in the real one.
extension TextLayout {
    /// The largest em, in device pixels, drawn as rasterized glyphs.
    static let largestRasterEm: CGFloat = 4096

    /// Whether the line's glyphs would be enormous (or degenerate) under `context`'s transform.
    func needsOutlines(in context: CGContext) -> Bool {
        let m = context.ctm.concatenating(context.textMatrix)
        let scale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        return !(scale * largestFontSize <= Self.largestRasterEm)
    }

    /// The outlines of the glyphs of `line` (all of them, or those `include` accepts by UTF-8 offset), as a path
    /// in text space from the line's baseline start. Runs with `FontSystem`'s lock held; the caller destroys it.
    func outlinePath(of line: UnsafeMutablePointer<PangoLayoutLine>,
                     including include: (Int) -> Bool = { _ in true }) -> UnsafeMutablePointer<cairo_path_t>? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let scratch = cairo_create(surface) else { return nil }
        defer { cairo_destroy(scratch) }
        var x = 0.0
        var node = line.pointee.runs
        while let run = node, let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
            let glyphs = item.pointee.glyphs!
            if include(Int(item.pointee.item.pointee.offset)), let font = item.pointee.item.pointee.analysis.font {
                cairo_move_to(scratch, x, 0)
                pango_cairo_glyph_string_path(scratch, font, glyphs)
            }
            x += Double(pango_glyph_string_get_width(glyphs)) / Double(PANGO_SCALE)
            node = run.pointee.next
        }
        return cairo_copy_path(scratch)
    }

    /// Adds `line`'s outlines (filtered as `outlinePath` filters them) to `cr`'s path.
    func appendOutlines(of line: UnsafeMutablePointer<PangoLayoutLine>, to cr: OpaquePointer,
                        including include: (Int) -> Bool = { _ in true }) {
        guard let path = outlinePath(of: line, including: include) else { return }
        cairo_append_path(cr, path)
        cairo_path_destroy(path)
    }

    /// Fills `line`'s glyphs as outlines, each run in its foreground colour (or `defaultColor`).
    func fillOutlines(of line: UnsafeMutablePointer<PangoLayoutLine>, in cr: OpaquePointer, defaultColor: RGBA) {
        var node = line.pointee.runs
        while let run = node, let item = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
            let offset = Int(item.pointee.item.pointee.offset)
            cairo_new_path(cr)
            appendOutlines(of: line, to: cr) { $0 == offset }
            cairoSetColor(cr, Self.foreground(of: item.pointee.item) ?? defaultColor)
            cairo_fill(cr)
            node = run.pointee.next
        }
    }

    /// The foreground colour (with its alpha) Pango resolved for an item, if its attributes set one.
    private static func foreground(of item: UnsafeMutablePointer<PangoItem>) -> RGBA? {
        var color: RGBA?
        var alpha: CGFloat = 1
        var node = item.pointee.analysis.extra_attrs
        while let n = node {
            if let attribute = n.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                switch attribute.pointee.klass.pointee.type {
                case PANGO_ATTR_FOREGROUND:
                    let c = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                    color = RGBA(r: CGFloat(c.red) / 65535, g: CGFloat(c.green) / 65535, b: CGFloat(c.blue) / 65535, a: 1)
                case PANGO_ATTR_FOREGROUND_ALPHA:
                    alpha = CGFloat(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value) / 65535
                default: break
                }
            }
            node = n.pointee.next
        }
        return color.map { RGBA(r: $0.r, g: $0.g, b: $0.b, a: alpha) }
    }
}

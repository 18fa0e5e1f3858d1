@_implementationOnly import CCairo

/// How drawing combines with what is already in the context (PDF blend modes and Porter–Duff operators).
public enum CGBlendMode: Int32, Sendable {
    /// Source over destination.
    case normal = 0
    /// Multiplies the colours: darkens.
    case multiply
    /// Multiplies the inverses: lightens.
    case screen
    /// Multiplies or screens by the destination's colour.
    case overlay
    /// The darker of the two colours.
    case darken
    /// The lighter of the two colours.
    case lighten
    /// Brightens the destination toward the source.
    case colorDodge
    /// Darkens the destination toward the source.
    case colorBurn
    /// Soft light: darkens or lightens by the source, gently.
    case softLight
    /// Hard light: multiplies or screens by the source.
    case hardLight
    /// The absolute difference of the colours.
    case difference
    /// Like difference, with lower contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Clears to transparent.
    case clear
    /// Replaces the destination with the source.
    case copy
    /// The source where the destination is opaque.
    case sourceIn
    /// The source where the destination is transparent.
    case sourceOut
    /// The source over the destination, only where the destination is opaque.
    case sourceAtop
    /// The destination over the source.
    case destinationOver
    /// The destination where the source is opaque.
    case destinationIn
    /// The destination where the source is transparent.
    case destinationOut
    /// The destination over the source, only where the source is opaque.
    case destinationAtop
    /// Either, where the other is transparent.
    case xor
    /// The sum of the colours minus white, clamped (drawn as multiply here).
    case plusDarker
    /// The sum of the colours, clamped.
    case plusLighter

    /// Cairo's operator. `plusDarker` has no Cairo equivalent and uses `multiply` (documented approximation).
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply, .plusDarker: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }
}

/// Image resampling quality.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (medium).
    case `default` = 0
    /// No interpolation: nearest pixel.
    case none
    /// Fast, low-quality interpolation.
    case low
    /// Medium-quality interpolation.
    case medium
    /// The best interpolation.
    case high

    /// Cairo's filter. `.high` uses GOOD too: Cairo's BEST reconstructs magnified images as soft-edged blocks,
    /// where Apple's high quality is smooth; GOOD is bilinear when magnifying and box-filtered when shrinking.
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium, .high: return CAIRO_FILTER_GOOD
        }
    }
}

/// What `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fills the path by the non-zero winding rule.
    case fill = 0
    /// Fills the path by the even-odd rule.
    case eoFill
    /// Strokes the path.
    case stroke
    /// Fills (non-zero) and then strokes the path.
    case fillStroke
    /// Fills (even-odd) and then strokes the path.
    case eoFillStroke
}

/// How text is painted.
public enum CGTextDrawingMode: Int32, Sendable {
    /// Fills the glyphs.
    case fill = 0
    /// Strokes the glyph outlines.
    case stroke
    /// Fills, then strokes the glyphs.
    case fillStroke
    /// Draws nothing, but advances the text position.
    case invisible
    /// Fills the glyphs and adds them to the clip.
    case fillClip
    /// Strokes the glyphs and adds them to the clip.
    case strokeClip
    /// Fills and strokes the glyphs and adds them to the clip.
    case fillStrokeClip
    /// Adds the glyphs to the clip without drawing.
    case clip
}

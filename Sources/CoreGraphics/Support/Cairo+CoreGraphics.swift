@_implementationOnly import CCairo

extension cairo_matrix_t {
    /// The Cairo matrix equal to a CoreGraphics transform (both map row vectors the same way).
    init(_ t: CGAffineTransform) {
        self.init(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }
}

extension CGAffineTransform {
    init(_ m: cairo_matrix_t) { self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0) }

    /// Whether every entry is finite and the matrix is invertible (what Cairo accepts).
    /// Whether Cairo can take the matrix without going into an error state, which is sticky: every later call on
    /// that context would be ignored, so one hostile transform would change all later drawing. Cairo inverts
    /// matrices and composes them with others, so entries must stay far from overflow and the determinant far
    /// from zero (a plane scaled by 10⁻⁵⁰ shows nothing anyway).
    var isUsableByCairo: Bool {
        guard [a, b, c, d, tx, ty].allSatisfy({ $0.isFinite && abs($0) < 1e100 }) else { return false }
        let determinant = a * d - b * c
        return determinant.isFinite && abs(determinant) > 1e-100
    }
}

/// Appends `path` (device space, with Cairo's matrix the identity) to Cairo's current path, skipping non-finite
/// points, which Cairo would otherwise turn into an error state, and cutting a path that reaches beyond Cairo's
/// coordinate range to a box it can hold (as a polygon, or as open pieces when it is to be stroked).
package func cairoAppend(_ path: CGPath, to cr: OpaquePointer, forStroking: Bool = false) {
    let path = CairoCoordinateGuard.fits(path) ? path : CairoCoordinateGuard.guarded(path, forStroking: forStroking)
    var current = CGPoint.zero
    for e in path.elements {
        if let p = e.endPoint, !p.isFinite { continue }
        switch e {
        case .move(let p): cairo_move_to(cr, p.x, p.y); current = p
        case .line(let p): cairo_line_to(cr, p.x, p.y); current = p
        case .quad(let c, let p):
            guard c.isFinite else { cairo_line_to(cr, p.x, p.y); current = p; continue }
            guard case .cubic(_, let c1, let c2, _) = Segment.quad(current, c, p) else { continue }
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
        case .cubic(let c1, let c2, let p):
            guard c1.isFinite, c2.isFinite else { cairo_line_to(cr, p.x, p.y); current = p; continue }
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
        case .close: cairo_close_path(cr)
        }
    }
}

/// Sets a colour as Cairo's source, multiplied by `alpha`.
package func cairoSetColor(_ cr: OpaquePointer, _ c: RGBA, alpha: CGFloat = 1) {
    cairo_set_source_rgba(cr, Double(clampUnit(c.r)), Double(clampUnit(c.g)), Double(clampUnit(c.b)),
                          Double(clampUnit(c.a) * clampUnit(alpha)))
}

/// A Cairo image surface reading an image's pixels in place (the image must outlive the surface's use).
package func cairoSurface(reading pixels: PixelBuffer) -> OpaquePointer {
    cairo_image_surface_create_for_data(pixels.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                        Int32(pixels.width), Int32(pixels.height), Int32(pixels.bytesPerRow))
}

@_implementationOnly import CCairo
@_implementationOnly import CCoverage

extension CGContext {
    /// Fills the current (device-space) path with the fill colour by exact area coverage (CCoverage), when the
    /// fill is a plain one: a canonical bitmap drawn in place (no transparency layer), no clip but a rectangle of
    /// whole pixels, no mask or shadow, normal blending or a separable mode without division (multiply, screen,
    /// overlay, darken, lighten, hard light, difference, exclusion: the shape's picture laid by the mode, as Cairo
    /// lays it), antialiasing on, and coordinates within ±`coverageCoordinateLimit`. Answers false, having
    /// drawn nothing, when Cairo must do it. Cairo's general rasterizer costs several times as much for the
    /// solid shapes a compositor redraws every frame.
    func fillWithCoverage(evenOdd: Bool) -> Bool {
        guard let laying = coverageLaying, let colour = premultiplied(state.fillColor) else { return false }
        // The path's box (control points included).
        var box = PointBox()
        for element in devicePath.elements { box.addControlPoints(of: element) }
        return cover(box, colour: colour, evenOdd: evenOdd, laying: laying, clip: state.pixelClip) { $0.add(devicePath.elements) }
    }

    /// Strokes the current (device-space) path with the stroke colour by exact area coverage, when the fill
    /// would be plain (as `fillWithCoverage`), the stroke is not dashed, the user space is only turned, flipped
    /// and scaled alike in x and y (so the pen is round in pixels), the line at least a pixel wide and its outline
    /// free of self-overlap along its edges (no turn too sharp for its segments' length). The path is outlined
    /// (`StrokeOutline`) and the outline filled. Answers false, having drawn nothing, when Cairo must.
    func strokeWithCoverage() -> Bool {
        guard let laying = coverageLaying, cairo_get_dash_count(cr) == 0, let colour = premultiplied(state.strokeColor) else { return false }
        guard let scale = cairoTransform.roundPenScale else { return false }
        let width = CGFloat(cairo_get_line_width(cr)) * scale
        guard width >= 1, width.isFinite else { return false }
        guard let outline = Self.strokeOutline(of: devicePath, width: width, cap: lineCap, join: lineJoin,
                                               miterLimit: cairo_get_miter_limit(cr), tolerance: cairo_get_tolerance(cr)) else { return false }
        return cover(outline, colour: colour, laying: laying, clip: state.pixelClip)
    }

    /// The outline of `path` (device space) stroked `width` pixels wide; nil when it overlaps itself along its
    /// edges (a turn too sharp for its segments' length), which a coverage sum would count twice.
    static func strokeOutline(of path: CGPath, width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                              tolerance: CGFloat) -> StrokeOutline? {
        let tolerance = max(tolerance, 0.01)
        var outline = StrokeOutline(halfWidth: width / 2, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance)
        // (A subpath of a move alone strokes nothing; one of zero length still gets its caps.)
        for subpath in path.subpaths where !subpath.segments.isEmpty {
            outline.add(polyline: subpath.polyline(tolerance: tolerance), closed: subpath.isClosed)
        }
        return outline.overlapsItself ? nil : outline
    }

    /// Fills a stroke's outline, its points mapped by `transform` first (nil: as they are), with `colour` by
    /// coverage within `clip` (whole pixels; nil: the bitmap).
    func cover(_ outline: StrokeOutline, mapped transform: CGAffineTransform? = nil, colour: UInt32, laying: CoverageLaying,
               clip: WholePixelRect?) -> Bool {
        var box = PointBox()
        for polygon in outline.polygons { for p in polygon { box.add(transform.map { p.applying($0) } ?? p) } }
        return cover(box, colour: colour, evenOdd: false, laying: laying, clip: clip) { edges in
            for polygon in outline.polygons { edges.add(polygon: polygon, mapped: transform) }
        }
    }

    /// How a solid fill goes through the coverage rasterizer, if it may: drawn in place (`drawsInPlaceUnmasked`,
    /// but for the blend mode), no clip but a rectangle of whole pixels (`pixelClip`), antialiasing on, and
    /// blended normally or by a mode the blend kernel has (the separable ones that need no division).
    private var coverageLaying: CoverageLaying? {
        guard drawsInPlaceUnmaskedWhateverTheBlend, !state.isClipped, cairo_get_antialias(cr) == CAIRO_ANTIALIAS_DEFAULT else { return nil }
        return CoverageLaying(state.blendMode)
    }

    /// How a coverage fill lays its colour.
    enum CoverageLaying {
        case sourceOver, blended(calyx_blend_mode)

        /// How `mode` lays a colour, if the coverage rasterizer has it.
        init?(_ mode: CGBlendMode) {
            if mode == .normal { self = .sourceOver; return }
            var kernel = CALYX_BLEND_MULTIPLY
            guard calyx_blend_mode_of_cg(mode.rawValue, &kernel) != 0 else { return nil }
            self = .blended(kernel)
        }
    }

    /// Whether drawing may write the pixels itself instead of through Cairo: a canonical bitmap drawn in place (no
    /// transparency layer), a usable user space, no mask or shadow and normal blending. (What clips it may take is
    /// each caller's own rule.)
    var drawsInPlaceUnmasked: Bool { drawsInPlaceUnmaskedWhateverTheBlend && state.blendMode == .normal }

    /// The same for any blend mode.
    private var drawsInPlaceUnmaskedWhateverTheBlend: Bool {
        isDirectlyBacked && state.singularCTM == nil && state.shadow == nil && state.clipMask == nil && transparencyLayers.isEmpty
    }

    /// Accumulates the edges `addEdges` hands over in a coverage box over `box` (in whole pixels, cut to the
    /// bitmap and to `clip`) and blends `colour` by it; false, having drawn nothing, when the box is too far out
    /// or too large.
    @inline(__always) func cover(_ box: PointBox, colour: UInt32, evenOdd: Bool, laying: CoverageLaying, clip: WholePixelRect?,
                                 addEdges: (inout CoverageEdges) -> Void) -> Bool {
        let limit = Self.coverageCoordinateLimit
        guard !box.sawNonFinite else { return false }
        guard box.minX <= box.maxX else { didDraw(); return true }  // no points
        guard box.minX >= -limit, box.minY >= -limit, box.maxX <= limit, box.maxY <= limit else { return false }
        // (Cut to the clip too when it is a rectangle of whole pixels: edges left of the box still count there.)
        let clip = clip ?? WholePixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let x0 = max(0, clip.x0, Int(box.minX.rounded(.down))), y0 = max(0, clip.y0, Int(box.minY.rounded(.down)))
        let x1 = min(width, clip.x1, Int(box.maxX.rounded(.up))), y1 = min(height, clip.y1, Int(box.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { didDraw(); return true }  // nothing inside the bitmap
        var cells = calyx_coverage()
        guard calyx_coverage_begin(&cells, Int64(x1 - x0), Int64(y1 - y0)) != 0 else { return false }
        let origin = CGPoint(x: x0, y: y0)
        withUnsafeMutablePointer(to: &cells) { cells in
            var edges = CoverageEdges(box: cells, origin: origin, tolerance: cairo_get_tolerance(cr))
            addEdges(&edges)
        }
        withCanonicalPixels { pixels, bytesPerRow in
            let corner = (pixels + y0 * bytesPerRow + x0 * 4).assumingMemoryBound(to: UInt8.self)
            switch laying {
            case .sourceOver: calyx_coverage_fill(&cells, corner, Int64(bytesPerRow), colour, evenOdd ? 1 : 0)
            case .blended(let mode): calyx_coverage_fill_blended(&cells, corner, Int64(bytesPerRow), colour, evenOdd ? 1 : 0, mode)
            }
        }
        return true
    }

    /// Paths reaching further out than this (in pixels) are left to Cairo, which guards its own fixed point.
    static let coverageCoordinateLimit: CGFloat = 4_194_304

    /// `c` with the global alpha, premultiplied, as 0xAARRGGBB; nil when a component is not finite.
    private func premultiplied(_ c: RGBA) -> UInt32? { Self.premultiplied(c, alpha: state.alpha) }

    /// `c` times `alpha`, premultiplied, as 0xAARRGGBB; nil when a component is not finite.
    static func premultiplied(_ c: RGBA, alpha globalAlpha: CGFloat) -> UInt32? {
        guard c.r.isFinite, c.g.isFinite, c.b.isFinite, c.a.isFinite, globalAlpha.isFinite else { return nil }
        let alpha = clampUnit(c.a) * clampUnit(globalAlpha)
        func byte(_ v: CGFloat) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(alpha) << 24 | byte(clampUnit(c.r) * alpha) << 16 | byte(clampUnit(c.g) * alpha) << 8 | byte(clampUnit(c.b) * alpha)
    }
}

/// A path's edges handed to a coverage box: curves flattened to lines within `tolerance` pixels, and every
/// subpath closed (a fill closes open subpaths).
struct CoverageEdges {
    let box: UnsafeMutablePointer<calyx_coverage>
    let origin: CGPoint
    let tolerance: CGFloat
    private var start = CGPoint.zero, current = CGPoint.zero

    init(box: UnsafeMutablePointer<calyx_coverage>, origin: CGPoint, tolerance: CGFloat) {
        self.box = box; self.origin = origin; self.tolerance = max(tolerance, 0.01)
    }

    mutating func add(_ elements: [PathElement]) { add(elements, mapped: nil) }

    /// The same for elements mapped by `transform` first (nil: as they are).
    mutating func add(_ elements: [PathElement], mapped transform: CGAffineTransform?) {
        for original in elements {
            let element = transform.map { original.applying($0) } ?? original
            switch element {
            case .move(let p): close(); start = p; current = p
            case .line(let p): line(to: p)
            case .quad(let c, let p): add(Segment.quad(current, c, p))
            case .cubic(let c1, let c2, let p): add(Segment.cubic(current, c1, c2, p))
            case .close: close(); current = start
            }
        }
        close()
    }

    /// A closed polygon's edges.
    mutating func add(polygon: [CGPoint], mapped transform: CGAffineTransform? = nil) {
        guard let first = polygon.first else { return }
        if let t = transform {
            start = first.applying(t); current = start
            for p in polygon.dropFirst() { line(to: p.applying(t)) }
        } else {
            start = first; current = first
            for p in polygon.dropFirst() { line(to: p) }
        }
        close()
    }

    /// A curve from the current point as chords, as many as `Segment.flatteningPieces` says (the one rule for
    /// fills, strokes and polylines).
    private mutating func add(_ curve: Segment) {
        let pieces = curve.flatteningPieces(tolerance: tolerance)
        for i in 1...pieces { line(to: curve.point(at: CGFloat(i) / CGFloat(pieces))) }
    }

    private mutating func line(to p: CGPoint) {
        calyx_coverage_edge(box, Double(current.x - origin.x), Double(current.y - origin.y),
                            Double(p.x - origin.x), Double(p.y - origin.y))
        current = p
    }

    private mutating func close() { if current != start { line(to: start) } }
}

@_implementationOnly import CCairo
@_implementationOnly import CCoverage

extension CGContext {
    /// Fills the current (device-space) path with the fill colour by exact area coverage (CCoverage), when the
    /// fill is a plain one: a canonical bitmap drawn in place (no transparency layer), no clip, mask or shadow,
    /// normal blending, antialiasing on, and coordinates within ±`coverageCoordinateLimit`. Answers false, having
    /// drawn nothing, when Cairo must do it. Cairo's general rasterizer costs several times as much for the
    /// solid shapes a compositor redraws every frame.
    func fillWithCoverage(evenOdd: Bool) -> Bool {
        guard isDirectlyBacked, state.singularCTM == nil, state.shadow == nil, state.clipMask == nil, !state.isClipped,
              transparencyLayers.isEmpty, state.blendMode == .normal, cairo_get_antialias(cr) == CAIRO_ANTIALIAS_DEFAULT,
              let colour = premultipliedFillColour else { return false }
        // The path's box (control points included), in whole pixels within the bitmap.
        var low = CGPoint(x: CGFloat.infinity, y: .infinity), high = CGPoint(x: -CGFloat.infinity, y: -.infinity)
        func include(_ p: CGPoint) {
            low.x = min(low.x, p.x); low.y = min(low.y, p.y); high.x = max(high.x, p.x); high.y = max(high.y, p.y)
        }
        for element in devicePath.elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quad(let c, let p): include(c); include(p)
            case .cubic(let c1, let c2, let p): include(c1); include(c2); include(p)
            case .close: break
            }
        }
        let limit = Self.coverageCoordinateLimit
        guard low.x >= -limit, low.y >= -limit, high.x <= limit, high.y <= limit else { return false }  // NaN fails too
        let x0 = max(0, Int(low.x.rounded(.down))), y0 = max(0, Int(low.y.rounded(.down)))
        let x1 = min(width, Int(high.x.rounded(.up))), y1 = min(height, Int(high.y.rounded(.up)))
        guard x1 > x0, y1 > y0 else { didDraw(); return true }  // nothing inside the bitmap
        var box = calyx_coverage()
        guard calyx_coverage_begin(&box, Int64(x1 - x0), Int64(y1 - y0)) != 0 else { return false }
        let origin = CGPoint(x: x0, y: y0)
        withUnsafeMutablePointer(to: &box) { box in
            var edges = CoverageEdges(box: box, origin: origin, tolerance: cairo_get_tolerance(cr))
            edges.add(devicePath.elements)
        }
        withCanonicalPixels { pixels, bytesPerRow in
            calyx_coverage_fill(&box, (pixels + y0 * bytesPerRow + x0 * 4).assumingMemoryBound(to: UInt8.self),
                                Int64(bytesPerRow), colour, evenOdd ? 1 : 0)
        }
        return true
    }

    /// Paths reaching further out than this (in pixels) are left to Cairo, which guards its own fixed point.
    static let coverageCoordinateLimit: CGFloat = 4_194_304

    /// The fill colour with the global alpha, premultiplied, as 0xAARRGGBB; nil when a component is not finite.
    private var premultipliedFillColour: UInt32? {
        let c = state.fillColor
        guard c.r.isFinite, c.g.isFinite, c.b.isFinite, c.a.isFinite, state.alpha.isFinite else { return nil }
        let alpha = clampUnit(c.a) * clampUnit(state.alpha)
        func byte(_ v: CGFloat) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(alpha) << 24 | byte(clampUnit(c.r) * alpha) << 16 | byte(clampUnit(c.g) * alpha) << 8 | byte(clampUnit(c.b) * alpha)
    }
}

/// A path's edges handed to a coverage box: curves flattened to lines within `tolerance` pixels, and every
/// subpath closed (a fill closes open subpaths).
private struct CoverageEdges {
    let box: UnsafeMutablePointer<calyx_coverage>
    let origin: CGPoint
    let tolerance: CGFloat
    private var start = CGPoint.zero, current = CGPoint.zero

    init(box: UnsafeMutablePointer<calyx_coverage>, origin: CGPoint, tolerance: CGFloat) {
        self.box = box; self.origin = origin; self.tolerance = max(tolerance, 0.01)
    }

    mutating func add(_ elements: [PathElement]) {
        for element in elements {
            switch element {
            case .move(let p): close(); start = p; current = p
            case .line(let p): line(to: p)
            case .quad(let c, let p):
                // A quadratic's chords stray at most |p0 − 2c + p| / 8 from it, divided by n² with n pieces.
                let pieces = Self.pieces(deviation: (current - c * 2 + p).length / 8, tolerance: tolerance)
                let p0 = current
                for i in 1...pieces {
                    let t = CGFloat(i) / CGFloat(pieces), u = 1 - t
                    line(to: p0 * (u * u) + c * (2 * u * t) + p * (t * t))
                }
            case .cubic(let c1, let c2, let p):
                // A cubic's chords stray at most ¾ of its largest second difference, over n².
                let p0 = current
                let bend = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let pieces = Self.pieces(deviation: bend * 0.75, tolerance: tolerance)
                for i in 1...pieces {
                    let t = CGFloat(i) / CGFloat(pieces), u = 1 - t
                    line(to: p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
            case .close: close(); current = start
            }
        }
        close()
    }

    /// How many chords keep a curve whose single chord strays `deviation` within `tolerance` (at most 1024).
    private static func pieces(deviation: CGFloat, tolerance: CGFloat) -> Int {
        guard deviation > tolerance else { return 1 }
        return min(1024, Int((deviation / tolerance).squareRoot().rounded(.up)))
    }

    private mutating func line(to p: CGPoint) {
        calyx_coverage_edge(box, Double(current.x - origin.x), Double(current.y - origin.y),
                            Double(p.x - origin.x), Double(p.y - origin.y))
        current = p
    }

    private mutating func close() { if current != start { line(to: start) } }
}

@_implementationOnly import CCoverage

extension CGContext {
    /// Allows (the default) or forbids, process-wide, the AVX2 paths of CoreGraphics' own pixel loops (coverage
    /// fills, direct gradients) where the processor has AVX2: tests forbid them to compare them with the scalar
    /// paths, which they match byte for byte (so a frame drawn meanwhile elsewhere is the same either way).
    package static func allowWidePixelPaths(_ allowed: Bool) { calyx_allow_wide_paths(allowed ? 1 : 0) }

    /// How many colours the table of a directly painted gradient holds: a step is under a 2,000th of the axis,
    /// finer than a level of 255 for any pair of neighbouring stops.
    static let gradientTableSize = 2049

    /// Paints an axial gradient padded both ways straight into the pixels, through a table of its colours, when
    /// the context draws plainly (`paintsGradientsDirectly`). Answers false, having drawn nothing, when Cairo
    /// must: it evaluates the gradient in doubles pixel by pixel, several times the cost for the gradients a
    /// compositor redraws every frame (a Lottie gradient whose points move).
    package func drawLinearGradientDirectly(_ gradient: CGGradient, start: CGPoint, end: CGPoint) -> Bool {
        guard paintsGradientsDirectly else { return false }
        // The position along the axis of a user point p is (p − start)·axis / |axis|²; of a device point, that of
        // its user point: an affine function of the device point, found through the inverse of the user space.
        let toUser = cairoTransform.inverted()
        let axis = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let length2 = axis.x * axis.x + axis.y * axis.y
        guard length2 > 0, length2.isFinite else { return false }
        let dtdx = (toUser.a * axis.x + toUser.b * axis.y) / length2
        let dtdy = (toUser.c * axis.x + toUser.d * axis.y) / length2
        let t0 = ((toUser.tx - start.x) * axis.x + (toUser.ty - start.y) * axis.y) / length2
        guard dtdx.isFinite, dtdy.isFinite, t0.isFinite else { return false }
        return paintGradientDirectly(gradient) { row, from, count, y, table, last, coverage in
            let t: CGFloat = t0 + dtdx * (CGFloat(from) + 0.5) + dtdy * (CGFloat(y) + 0.5)
            calyx_gradient_row(row + from, Int64(count), Double(t), Double(dtdx), table, last, coverage)
        }
    }

    /// Paints a radial gradient between two circles padded past both (PDF's type-3 shading) straight into the
    /// pixels, as ``drawLinearGradientDirectly(_:start:end:)`` does an axial one; each pixel's position is found
    /// from its centre mapped to user space by solving the circles' quadratic.
    package func drawRadialGradientDirectly(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                            endCenter: CGPoint, endRadius: CGFloat) -> Bool {
        guard paintsGradientsDirectly else { return false }
        let toUser = cairoTransform.inverted()
        guard [toUser.a, toUser.b, toUser.c, toUser.d, toUser.tx, toUser.ty].allSatisfy(\.isFinite) else { return false }
        var circles = calyx_radial_circles(c0x: Double(startCenter.x), c0y: Double(startCenter.y), r0: Double(startRadius),
                                           cdx: Double(endCenter.x - startCenter.x), cdy: Double(endCenter.y - startCenter.y),
                                           dr: Double(endRadius - startRadius))
        return withUnsafePointer(to: &circles) { circles in
            paintGradientDirectly(gradient) { row, from, count, y, table, last, coverage in
                let p = CGPoint(x: CGFloat(from) + 0.5, y: CGFloat(y) + 0.5).applying(toUser)
                calyx_radial_row(row + from, Int64(count), Double(p.x), Double(p.y), Double(toUser.a), Double(toUser.b), circles,
                                 table, last, coverage)
            }
        }
    }

    /// `gradient`'s colours at `entries` evenly spaced positions from 0 to 1, as `CGGradient.color(at:)` gives them
    /// (interpolated unpremultiplied between stops, padded past the ends), premultiplied, times `alpha`, as
    /// 0xAARRGGBB. Walked stop by stop: built for every gradient drawn, it must cost little next to the painting.
    static func colourTable(of gradient: CGGradient, entries: Int, alpha: Double) -> [UInt32] {
        let stops = gradient.stops
        guard entries > 1, let first = stops.first, let final = stops.last else { return [] }
        // (Filled through a buffer, not `map`: a closure, bounds checks and tuple copies per entry were a
        // twentieth of a frame that redraws a gradient.)
        return [UInt32](unsafeUninitializedCapacity: entries) { table, count in
            var stop = 0
            for i in 0..<entries {
                let t = CGFloat(i) / CGFloat(entries - 1)
                while stop < stops.count && stops[stop].location <= t { stop += 1 }
                // (Stops below t: 0…stop−1. Before the first or from the last on, that stop's colour.)
                let c: RGBA
                if stop == 0 { c = first.color } else if stop == stops.count { c = final.color } else {
                    let a = stops[stop - 1], b = stops[stop]
                    let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
                    c = RGBA(r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
                             b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
                }
                let opacity = Double(min(max(c.a, 0), 1)) * alpha
                @inline(__always) func byte(_ v: CGFloat) -> UInt32 { UInt32(Double(min(max(v, 0), 1)) * opacity * 255 + 0.5) }
                table[i] = UInt32(opacity * 255 + 0.5) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
            }
            count = entries
        }
    }

    /// Whether a gradient may be painted straight into the pixels: a canonical bitmap drawn in place, no mask or
    /// shadow, normal blending, and no clip but rectangles (of whole pixels, or one axis-kept rectangle whose
    /// edge pixels get their share of the colour, as Cairo's clip gives them).
    private var paintsGradientsDirectly: Bool {
        drawsInPlaceUnmasked && (!state.isClipped || state.deviceClipRect != nil) && state.alpha.isFinite
    }

    /// The clip's pixels, row by row, handed to `paintRow` (the row's pixels, the first column, how many, the
    /// row's number, the colour table, its last index and the coverage of those pixels, 0…255), with the table of
    /// `gradient`'s colours at the global alpha; false, having drawn nothing, for a gradient without stops.
    private func paintGradientDirectly(_ gradient: CGGradient,
                                       paintRow: (UnsafeMutablePointer<UInt32>, Int, Int, Int, UnsafePointer<UInt32>, Int64, UInt32) -> Void) -> Bool {
        guard !gradient.stops.isEmpty else { return false }
        // What may be painted: the bitmap, cut to the whole-pixel clip and to the rectangle clip.
        let whole = state.pixelClip ?? WholePixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let bx0 = max(0, whole.x0), by0 = max(0, whole.y0), bx1 = min(width, whole.x1), by1 = min(height, whole.y1)
        guard bx1 > bx0, by1 > by0 else { didDraw(); return true }
        var area = CGRect(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0)
        if let clip = state.deviceClipRect { area = area.intersection(clip) }
        guard !area.isNull, area.width > 0, area.height > 0 else { didDraw(); return true }
        let x0 = Int(area.minX.rounded(.down)), x1 = Int(area.maxX.rounded(.up))
        let y0 = Int(area.minY.rounded(.down)), y1 = Int(area.maxY.rounded(.up))
        /// The share of pixel `i`'s span [i, i + 1] inside [low, high].
        func share(_ i: Int, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            max(0, min(CGFloat(i + 1), high) - max(CGFloat(i), low))
        }
        func byte(_ share: CGFloat) -> UInt32 { UInt32((share * 255).rounded()) }
        let last = Self.gradientTableSize - 1
        let alpha = Double(clampUnit(state.alpha))
        let table = GradientTableCache.table(of: gradient, entries: last + 1, alpha: alpha) {
            Self.colourTable(of: gradient, entries: last + 1, alpha: alpha)
        }
        withCanonicalPixels { pixels, bytesPerRow in
            table.withUnsafeBufferPointer { table in
                for y in y0..<y1 {
                    let down = share(y, area.minY, area.maxY)
                    let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    // The first and last columns may be partly inside; those between are whole.
                    paintRow(row, x0, 1, y, table.baseAddress!, Int64(last), byte(share(x0, area.minX, area.maxX) * down))
                    if x1 - x0 > 2 { paintRow(row, x0 + 1, x1 - x0 - 2, y, table.baseAddress!, Int64(last), byte(down)) }
                    if x1 - x0 > 1 { paintRow(row, x1 - 1, 1, y, table.baseAddress!, Int64(last), byte(share(x1 - 1, area.minX, area.maxX) * down)) }
                }
            }
        }
        didDraw()
        return true
    }
}

@_implementationOnly import CCoverage

extension CGContext {
    /// How many colours the table of a directly painted gradient holds: a step is under a 2,000th of the axis,
    /// finer than a level of 255 for any pair of neighbouring stops.
    static let gradientTableSize = 2049

    /// Paints an axial gradient padded both ways straight into the pixels, through a table of its colours, when
    /// the context draws plainly (as coverage fills do: a canonical bitmap in place, no mask or shadow, normal
    /// blending) under no clip but one axis-kept rectangle — whose edge pixels get their share of the colour, as
    /// Cairo's clip gives them. Answers false, having drawn nothing, when Cairo must: it evaluates the gradient in
    /// doubles pixel by pixel, several times the cost for the gradients a compositor redraws every frame (a
    /// Lottie gradient whose points move).
    package func drawLinearGradientDirectly(_ gradient: CGGradient, start: CGPoint, end: CGPoint) -> Bool {
        guard isDirectlyBacked, state.singularCTM == nil, state.shadow == nil, state.clipMask == nil, transparencyLayers.isEmpty,
              state.blendMode == .normal, !state.isClipped || state.deviceClipRect != nil,
              state.alpha.isFinite, !gradient.stops.isEmpty else { return false }
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
        // What may be painted: the bitmap, cut to the whole-pixel clip and to the rectangle clip.
        let whole = state.pixelClip ?? WholePixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var area = CGRect(x: max(0, whole.x0), y: max(0, whole.y0), width: 0, height: 0)
        area.size = CGSize(width: min(width, whole.x1) - Int(area.minX), height: min(height, whole.y1) - Int(area.minY))
        if let clip = state.deviceClipRect { area = area.intersection(clip) }
        guard !area.isNull, area.width > 0, area.height > 0 else { didDraw(); return true }
        let x0 = Int(area.minX.rounded(.down)), x1 = Int(area.maxX.rounded(.up))
        let y0 = Int(area.minY.rounded(.down)), y1 = Int(area.maxY.rounded(.up))
        /// The share of pixel `i`'s span [i, i + 1] inside [low, high].
        func share(_ i: Int, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            max(0, min(CGFloat(i + 1), high) - max(CGFloat(i), low))
        }
        func byte(_ share: CGFloat) -> UInt32 { UInt32((share * 255).rounded()) }
        let alpha = Double(clampUnit(state.alpha))
        let last = Self.gradientTableSize - 1
        let table: [UInt32] = (0...last).map { i in
            let c = gradient.color(at: CGFloat(i) / CGFloat(last)).premultipliedClamped
            func byte(_ v: Double) -> UInt32 { UInt32((v * alpha * 255).rounded()) }
            return byte(c.a) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
        }
        withCanonicalPixels { pixels, bytesPerRow in
            table.withUnsafeBufferPointer { table in
                for y in y0..<y1 {
                    let down = share(y, area.minY, area.maxY)
                    let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    // (Sampled at pixel centres, as Cairo samples.)
                    let rowStart: CGFloat = t0 + dtdy * (CGFloat(y) + 0.5)
                    func paint(_ from: Int, _ to: Int, coverage: UInt32) {
                        guard to > from else { return }
                        let t = rowStart + dtdx * (CGFloat(from) + 0.5)
                        calyx_gradient_row(row + from, Int64(to - from), Double(t), Double(dtdx), table.baseAddress, Int64(last), coverage)
                    }
                    // The first and last columns may be partly inside; those between are whole.
                    paint(x0, x0 + 1, coverage: byte(share(x0, area.minX, area.maxX) * down))
                    paint(x0 + 1, x1 - 1, coverage: byte(down))
                    if x1 - 1 > x0 { paint(x1 - 1, x1, coverage: byte(share(x1 - 1, area.minX, area.maxX) * down)) }
                }
            }
        }
        didDraw()
        return true
    }
}

import Testing
import CoreGraphics
import CalyxTestSupport

/// Axial gradients padded both ways, painted straight into a plain bitmap through a table of colours
/// (CGContext+DirectGradient.swift), against pixman painting the same gradient through Cairo (which a clip by a
/// path forces, here one that covers the whole bitmap).
@Suite struct DirectGradientTests {
    let padded: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]

    /// The largest difference of any byte between the two ways of painting `gradient` from `start` to `end`
    /// after `setUp` (a transform, a global alpha) on a canvas of `background`, and whether the direct way was
    /// taken. The direct painting goes through the public call, so that is what is checked.
    func difference(_ gradient: CGGradient, from start: CGPoint, to end: CGPoint, background: CGColor?,
                    clip: CGRect? = nil, setUp: (CGContext) -> Void = { _ in }) -> (worst: Int, direct: Bool) {
        difference(background: background, clip: clip, setUp: setUp,
                   draw: { $0.drawLinearGradient(gradient, start: start, end: end, options: padded) },
                   direct: { $0.drawLinearGradientDirectly(gradient, start: start, end: end) })
    }

    /// The same for any gradient: `draw` through the public call, `direct` straight.
    func difference(background: CGColor?, clip: CGRect? = nil, setUp: (CGContext) -> Void = { _ in },
                    draw: (CGContext) -> Void, direct paintDirectly: (CGContext) -> Bool) -> (worst: Int, direct: Bool) {
        let (width, height) = (90, 70)
        let direct = TestCanvas(width: width, height: height, background: background)
        let probe = TestCanvas(width: width, height: height, background: background)
        let cairo = TestCanvas(width: width, height: height, background: background)
        cairo.context.addRect(clip ?? CGRect(x: -1, y: -1, width: Double(width) + 2, height: Double(height) + 2))
        cairo.context.clip()
        if let clip { for canvas in [direct, probe] { canvas.context.clip(to: clip) } }
        for canvas in [direct, probe, cairo] { setUp(canvas.context) }
        draw(direct.context)
        draw(cairo.context)
        let took = paintDirectly(probe.context)
        let a = direct.context.data!.assumingMemoryBound(to: UInt8.self), b = cairo.context.data!.assumingMemoryBound(to: UInt8.self)
        let p = probe.context.data!.assumingMemoryBound(to: UInt8.self)
        var worst = 0, same = true
        for i in 0..<(height * direct.context.bytesPerRow) {
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
            same = same && a[i] == p[i]
        }
        return (worst, took && same)
    }

    func gradient(_ colors: [CGColor], _ locations: [CGFloat]? = nil) -> CGGradient {
        CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: locations)!
    }

    /// Red to blue along x on white, no transform: within one level of pixman everywhere.
    @Test func opaqueStopsMatchCairo() {
        let g = gradient([CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        let (worst, direct) = difference(g, from: CGPoint(x: 15, y: 0), to: CGPoint(x: 75, y: 0), background: .white)
        #expect(direct)
        #expect(worst <= 1, "worst byte difference \(worst)")
    }

    /// Three stops, the middle one translucent, on a diagonal axis over a transparent bitmap and over a coloured
    /// one: the colours are interpolated unpremultiplied and laid source-over as pixman does (within one level of
    /// colour, and one more of rounding where it is laid over colour).
    @Test func translucentStopsMatchCairoOverAnyBackground() {
        let g = gradient([CGColor(red: 1, green: 0.8, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.3),
                          CGColor(red: 0.2, green: 0, blue: 0.4, alpha: 0.9)], [0, 0.4, 1])
        for background in [nil, CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1)] as [CGColor?] {
            let (worst, direct) = difference(g, from: CGPoint(x: 10, y: 60), to: CGPoint(x: 80, y: 5), background: background)
            #expect(direct)
            #expect(worst <= (background == nil ? 1 : 2), "worst byte difference \(worst) over \(String(describing: background))")
        }
    }

    /// Under a turned, unevenly scaled and moved user space the gradient's lines stay perpendicular to its axis in
    /// user space (not on screen), and a global alpha of 0.4 scales it: within one level of pixman.
    @Test func transformedSpaceAndGlobalAlphaMatchCairo() {
        let g = gradient([CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)])
        let (worst, direct) = difference(g, from: CGPoint(x: -10, y: 0), to: CGPoint(x: 20, y: 10), background: .white) { ctx in
            ctx.translateBy(x: 40, y: 30)
            ctx.rotate(by: 0.5)
            ctx.scaleBy(x: 1.7, y: 0.6)
            ctx.setAlpha(0.4)
        }
        #expect(direct)
        #expect(worst <= 1, "worst byte difference \(worst)")
    }

    /// A rectangle clip off the pixel grid (what a layer's bounds are in a raster at a fractional scale) keeps the
    /// direct way: its edge pixels get their share of the colour as Cairo's clip gives them (within two levels:
    /// the colour, its share and the blend over white are each rounded, in another order than pixman's).
    @Test func aFractionalRectangleClipCoversEdgePixelsByTheirShare() {
        let g = gradient([CGColor(red: 0, green: 0.7, blue: 0.2, alpha: 1), CGColor(red: 0.9, green: 0.1, blue: 0.6, alpha: 1)])
        let (worst, direct) = difference(g, from: CGPoint(x: 0, y: 10), to: CGPoint(x: 60, y: 50), background: .white,
                                         clip: CGRect(x: 12.3, y: 7.75, width: 50.5, height: 0.6))
        #expect(direct)
        #expect(worst <= 2, "worst byte difference \(worst)")
        let (wide, alsoDirect) = difference(g, from: CGPoint(x: 0, y: 10), to: CGPoint(x: 60, y: 50), background: .white,
                                            clip: CGRect(x: 12.3, y: 7.75, width: 50.5, height: 41.6))
        #expect(alsoDirect)
        #expect(wide <= 2, "worst byte difference \(wide)")
    }

    /// Radial gradients as PDF's two-circle shading: concentric and padded both ways; from a focus inside the
    /// end circle padded past it (what `CAGradientLayer` draws, here in an ellipse: the user space scaled unevenly
    /// and turned); and from a start circle of its own: each within one level of pixman (two in the turned
    /// ellipse, where pixman's fixed-point sampling positions and the translucent stop's blend over white round
    /// differently).
    @Test func radialGradientsMatchCairo() {
        let g = gradient([CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0.8, green: 0, blue: 0.5, alpha: 0.6),
                          CGColor(red: 0, green: 0.2, blue: 1, alpha: 1)], [0, 0.3, 1])
        let cases: [(options: CGGradientDrawingOptions, c0: CGPoint, r0: CGFloat, c1: CGPoint, r1: CGFloat, setUp: (CGContext) -> Void)] = [
            (padded, CGPoint(x: 45, y: 35), 0, CGPoint(x: 45, y: 35), 30, { _ in }),
            ([.drawsAfterEndLocation], CGPoint(x: 8, y: -5), 0, .zero, 20, { ctx in
                ctx.translateBy(x: 50, y: 30); ctx.rotate(by: 0.4); ctx.scaleBy(x: 1.8, y: 0.9)
            }),
            (padded, CGPoint(x: 30, y: 30), 6, CGPoint(x: 50, y: 40), 28, { _ in }),
        ]
        for (i, c) in cases.enumerated() {
            let (worst, direct) = difference(background: .white, setUp: c.setUp,
                draw: { $0.drawRadialGradient(g, startCenter: c.c0, startRadius: c.r0, endCenter: c.c1, endRadius: c.r1, options: c.options) },
                direct: { $0.drawRadialGradientDirectly(g, startCenter: c.c0, startRadius: c.r0, endCenter: c.c1, endRadius: c.r1) })
            #expect(direct, "case \(i)")
            #expect(worst <= (i == 1 ? 2 : 1), "case \(i): worst byte difference \(worst)")
        }
    }

    /// A clip of whole pixels keeps the direct way and bounds it: outside the rectangle the bitmap is untouched.
    /// A clip by any other path, a shadow or another blend mode leaves the gradient to Cairo.
    @Test func aWholePixelClipBoundsItAndOtherStatesGoToCairo() {
        let g = gradient([CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        let canvas = TestCanvas(width: 40, height: 40)
        canvas.context.clip(to: CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(canvas.context.drawLinearGradientDirectly(g, start: .zero, end: CGPoint(x: 40, y: 0)))
        #expect(canvas.pixel(5, 20) == .white && canvas.pixel(35, 20) == .white && canvas.pixel(20, 35) == .white)
        // t at the centre of pixel 20 is 20.5/40 = 0.5125: red 255·0.4875 = 124, blue 131 (± 1).
        #expect(canvas.pixel(20, 20).isClose(to: Pixel(124, 0, 131), tolerance: 1))
        for setUp in [{ $0.addEllipse(in: CGRect(x: 0, y: 0, width: 30, height: 30)); $0.clip() },
                      { $0.setShadow(offset: CGSize(width: 2, height: 2), blur: 3) },
                      { $0.setBlendMode(.multiply) }] as [(CGContext) -> Void] {
            let other = TestCanvas(width: 40, height: 40)
            setUp(other.context)
            #expect(!other.context.drawLinearGradientDirectly(g, start: .zero, end: CGPoint(x: 40, y: 0)))
        }
    }
}

/// The gradient rows' AVX2 paths against their scalar paths: the same bytes for every pixel (the wide paths repeat
/// the scalar arithmetic lane by lane, table lookups and NaN positions included). On a processor without AVX2
/// both runs take the scalar path and agree trivially.
@Suite(.serialized) struct WideGradientPathTests {
    /// Random gradients (axial and radial, translucent stops, every coverage of a fractional clip's edges) drawn
    /// twice into random translucent pixels, wide paths allowed and forbidden.
    @Test func wideAndScalarPathsPaintTheSameBytes() {
        var random = SeededRandom(seed: 0x6A2D)
        func unit() -> CGFloat { CGFloat(random.unit()) }
        func colour() -> CGColor { CGColor(red: unit(), green: unit(), blue: unit(), alpha: unit() < 0.3 ? 1 : unit()) }
        var compared = 0
        for round in 0..<40 {
            let stops = 2 + Int(unit() * 4)
            let locations = (0..<stops).map { CGFloat($0) / CGFloat(stops - 1) }
            let g = CGGradient(colorsSpace: nil, colors: (0..<stops).map { _ in colour() } as CFArray, locations: locations)!
            let (width, height) = (37 + Int(unit() * 90), 9 + Int(unit() * 30))
            let seed = random.next()
            func paint() -> [UInt8] {
                let canvas = TestCanvas(width: width, height: height, background: nil)
                var noise = SeededRandom(seed: seed)
                let pixels = canvas.context.data!.assumingMemoryBound(to: UInt32.self)
                for i in 0..<(canvas.context.bytesPerRow / 4 * height) {
                    let v = UInt32(truncatingIfNeeded: noise.next()), a = v >> 24
                    pixels[i] = a << 24 | min((v >> 16) & 0xFF, a) << 16 | min((v >> 8) & 0xFF, a) << 8 | min(v & 0xFF, a)
                }
                let ctx = canvas.context
                ctx.clip(to: CGRect(x: 1.3, y: 0.6, width: CGFloat(width) - 2.9, height: CGFloat(height) - 1.7))
                ctx.translateBy(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
                ctx.rotate(by: CGFloat(round) * 0.37)
                ctx.scaleBy(x: 1 + CGFloat(round % 3) * 0.4, y: 0.7)
                let drawn = round % 2 == 0
                    ? ctx.drawLinearGradientDirectly(g, start: CGPoint(x: -20 + CGFloat(round), y: 3), end: CGPoint(x: 25, y: -4))
                    : ctx.drawRadialGradientDirectly(g, startCenter: CGPoint(x: 4, y: -3), startRadius: CGFloat(round % 4) * 3,
                                                     endCenter: CGPoint(x: -6, y: 2), endRadius: 9 + CGFloat(round % 5) * 6)
                #expect(drawn, "round \(round)")
                return Array(UnsafeBufferPointer(start: canvas.context.data!.assumingMemoryBound(to: UInt8.self),
                                                 count: canvas.context.bytesPerRow * height))
            }
            let wide = paint()
            CGContext.allowWidePixelPaths(false)
            let scalar = paint()
            CGContext.allowWidePixelPaths(true)
            let differing = zip(wide, scalar).filter { $0 != $1 }.count
            #expect(wide.count == scalar.count && differing == 0, "round \(round): \(differing) bytes differ")
            compared += wide.count
        }
        #expect(compared > 100_000)
    }
}

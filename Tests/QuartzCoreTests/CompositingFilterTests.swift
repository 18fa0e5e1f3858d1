import Testing
import CalyxTestSupport
@testable import QuartzCore

/// `compositingFilter` blend modes, probed against the PDF blend formulas (ISO 32000-1 §11.3.5, the same ones
/// W3C Compositing and Blending Level 1 gives for CSS `mix-blend-mode`) worked by hand for opaque colours over an
/// opaque backdrop, where the result is just B(backdrop, source). Each scene is drawn by the compositor
/// (CARenderer) and by `render(in:)`: both must give the formula's colour.
@Suite struct CompositingFilterTests {
    /// Backdrop (0.8, 0.4, 0.2), source (0.5, 0.5, 1.0), both opaque, 8-bit channels.
    static let backdrop = CGColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)
    static let source = CGColor(red: 0.5, green: 0.5, blue: 1.0, alpha: 1)

    /// The expected colours, worked from the formulas (and `plusL`'s sum): multiply Cb·Cs, screen Cb + Cs − Cb·Cs, difference
    /// |Cb − Cs|, darken min, lighten max, exclusion Cb + Cs − 2·Cb·Cs, and luminosity SetLum(Cb, Lum(Cs)):
    /// Lum(Cs) = 0.3·0.5 + 0.59·0.5 + 0.11·1 = 0.555, Lum(Cb) = 0.24 + 0.236 + 0.022 = 0.498, so every backdrop
    /// channel moves up by 0.057 (no clipping needed).
    static let expectations: [(filter: String, rgb: (Double, Double, Double))] = [
        ("multiplyBlendMode", (0.4, 0.2, 0.2)),
        ("screenBlendMode", (0.9, 0.7, 1.0)),
        ("differenceBlendMode", (0.3, 0.1, 0.8)),
        ("darkenBlendMode", (0.5, 0.4, 0.2)),
        ("lightenBlendMode", (0.8, 0.5, 1.0)),
        ("exclusionBlendMode", (0.5, 0.5, 0.8)),
        ("luminosityBlendMode", (0.857, 0.457, 0.257)),
        // Plus lighter (Lottie's add) is Porter–Duff plus: Cb + Cs, clamped.
        ("plusL", (1.0, 0.9, 1.0)),
    ]

    /// A 40 × 20 backdrop with a 20 × 20 source square on its right half.
    func scene(filter: Any?) -> CALayer {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 20); root.backgroundColor = Self.backdrop
        let square = CALayer(); square.frame = CGRect(x: 20, y: 0, width: 20, height: 20); square.backgroundColor = Self.source
        square.compositingFilter = filter
        root.addSublayer(square)
        return root
    }

    func pixel(_ rgb: (Double, Double, Double)) -> Pixel {
        Pixel(Int((rgb.0 * 255).rounded()), Int((rgb.1 * 255).rounded()), Int((rgb.2 * 255).rounded()))
    }

    func drawnInContext(_ root: CALayer) -> TestCanvas {
        let canvas = TestCanvas(width: 40, height: 20, background: nil)
        canvas.flipToTopLeftOrigin()
        root.render(in: canvas.context)
        return canvas
    }

    @Test func eachBlendModeGivesItsFormulasColour() {
        withClock(at: 0) { _ in
            for (filter, rgb) in Self.expectations {
                let expected = pixel(rgb)
                for (renderer, canvas) in [("compositor", renderedFrame(scene(filter: filter))), ("render(in:)", drawnInContext(scene(filter: filter)))] {
                    let blended = canvas.pixel(topDown: 30, 10), untouched = canvas.pixel(topDown: 10, 10)
                    #expect(blended.isClose(to: expected, tolerance: 2), "\(filter) by the \(renderer): \(blended), expected \(expected)")
                    #expect(untouched.isClose(to: pixel((0.8, 0.4, 0.2)), tolerance: 1), "\(filter) by the \(renderer) outside the square")
                }
            }
        }
    }

    /// A `CIFilter` names the same mode; an unknown filter name draws the source as it is.
    @Test func aCoreImageFilterOrAnUnknownName() {
        withClock(at: 0) { _ in
            let byFilter = renderedFrame(scene(filter: CIFilter(name: "CIMultiplyBlendMode"))).pixel(topDown: 30, 10)
            #expect(byFilter.isClose(to: pixel((0.4, 0.2, 0.2)), tolerance: 2), "\(byFilter)")
            let unknown = renderedFrame(scene(filter: "noSuchBlendMode")).pixel(topDown: 30, 10)
            #expect(unknown.isClose(to: pixel((0.5, 0.5, 1.0)), tolerance: 1), "\(unknown)")
        }
    }

    /// A layer with sublayers is blended as one picture: two overlapping opaque squares inside a multiplying
    /// container show the top square's colour multiplied by the backdrop where they overlap — not the two
    /// squares multiplied into each other, as blending each sublayer on its own would give.
    @Test func aSubtreeBlendsAsOnePicture() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 20); root.backgroundColor = Self.backdrop
            let container = CALayer(); container.frame = root.bounds
            container.compositingFilter = "multiplyBlendMode"
            let under = CALayer(); under.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
            under.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            let over = CALayer(); over.frame = CGRect(x: 20, y: 0, width: 20, height: 20); over.backgroundColor = Self.source
            container.addSublayer(under); container.addSublayer(over)
            root.addSublayer(container)
            for (renderer, canvas) in [("compositor", renderedFrame(root)), ("render(in:)", drawnInContext(root))] {
                let grey = canvas.pixel(topDown: 10, 10), overlap = canvas.pixel(topDown: 25, 10)
                #expect(grey.isClose(to: pixel((0.4, 0.2, 0.1)), tolerance: 2), "\(renderer): grey square \(grey)")
                #expect(overlap.isClose(to: pixel((0.4, 0.2, 0.2)), tolerance: 2), "\(renderer): overlap \(overlap)")
            }
        }
    }

    /// A half-transparent source blends at its coverage: multiply at opacity 0.5 is halfway between the
    /// backdrop and the multiplied colour (PDF: the blend result is then composited source-over).
    @Test func opacityMixesTheBlendWithTheBackdrop() {
        withClock(at: 0) { _ in
            let root = scene(filter: "multiplyBlendMode")
            root.sublayers?.first?.opacity = 0.5
            let expected = pixel((0.6, 0.3, 0.2))
            for (renderer, canvas) in [("compositor", renderedFrame(root)), ("render(in:)", drawnInContext(root))] {
                let p = canvas.pixel(topDown: 30, 10)
                #expect(p.isClose(to: expected, tolerance: 2), "\(renderer): \(p), expected \(expected)")
            }
        }
    }
}

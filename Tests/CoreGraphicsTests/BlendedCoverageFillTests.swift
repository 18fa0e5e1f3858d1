import Testing
@testable import CoreGraphics
import CalyxTestSupport
import Foundation

/// Fills and strokes under the separable blend modes without division (multiply, screen, overlay, darken, lighten,
/// hard light, difference, exclusion) go through the coverage rasterizer, laying the shape's picture by the mode
/// (CCoverage's `calyx_coverage_fill_blended`). Checked against Cairo and pixman drawing the same shape by the same
/// operator (a clip off the pixel grid sends it there), over a background of every hue and alpha.
@Suite struct BlendedCoverageFillTests {
    static let modes: [CGBlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference, .exclusion]

    /// A canvas of translucent stripes (every channel and alpha varying across it) with `draw` done by `mode`;
    /// through Cairo when `throughCairo`, else through the coverage rasterizer (checked taken).
    func blended(_ mode: CGBlendMode, throughCairo: Bool, stroke: Bool = false) -> TestCanvas {
        let canvas = TestCanvas(width: 64, height: 48, background: nil)
        let ctx = canvas.context
        for x in 0..<64 {
            let t = CGFloat(x) / 63
            ctx.setFillColor(CGColor(red: t, green: 1 - t, blue: CGFloat(x % 7) / 6, alpha: 0.35 + 0.65 * CGFloat(x % 5) / 4))
            ctx.fill(CGRect(x: x, y: 0, width: 1, height: 48))
        }
        if throughCairo { ctx.clip(to: CGRect(x: -0.5, y: -0.5, width: 65, height: 49)) }
        ctx.setBlendMode(mode)
        ctx.setFillColor(CGColor(red: 0.9, green: 0.55, blue: 0.2, alpha: 0.8))
        ctx.setStrokeColor(CGColor(red: 0.2, green: 0.3, blue: 0.95, alpha: 1))
        ctx.setLineWidth(5)
        let shape = CGPath(ellipseIn: CGRect(x: 6.3, y: 5.6, width: 50.4, height: 36.1), transform: nil)
        ctx.addPath(shape)
        if throughCairo {
            if stroke { ctx.strokePath() } else { ctx.fillPath() }
        } else {
            ctx.beginPath()
            ctx.addPath(shape)
            // (The coverage path itself, so a fall back to Cairo cannot pass unseen.)
            #expect(stroke ? ctx.strokeWithCoverage() : ctx.fillWithCoverage(evenOdd: false), "\(mode) not drawn by coverage")
            ctx.beginPath()
        }
        return canvas
    }

    /// Every mode, filled and stroked: inside the shape (whole coverage) within a level of pixman's combiner, and
    /// along the edges within the levels by which Cairo's sampled coverage differs from exact coverage there.
    @Test(arguments: modes) func modesLayTheShapeAsCairoDoes(_ mode: CGBlendMode) {
        for stroke in [false, true] {
            let ours = blended(mode, throughCairo: false, stroke: stroke), cairo = blended(mode, throughCairo: true, stroke: stroke)
            var inside = 0, edge = 0, total = 0
            for y in 0..<48 { for x in 0..<64 {
                let a = ours.pixel(x, y), b = cairo.pixel(x, y)
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
                total += d
                if Self.coveredWhole(x, y, stroke: stroke) { inside = max(inside, d) } else { edge = max(edge, d) }
            } }
            // (Unpremultiplying a translucent pixel for the probe magnifies a level of rounding: two levels inside.)
            #expect(inside <= 2, "\(mode)\(stroke ? " stroke" : ""): inside differs by \(inside)")
            #expect(edge <= 40 && Double(total) / 3072 < 1, "\(mode)\(stroke ? " stroke" : ""): edges differ by \(edge), mean \(Double(total) / 3072)")
        }
    }

    /// Whether pixel (x, y) (y up) lies wholly inside the ellipse (filled) or wholly inside the stroke's band.
    static func coveredWhole(_ x: Int, _ y: Int, stroke: Bool) -> Bool {
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (Double(x) + $0.0, Double(y) + $0.1) }
        // The ellipse: centre (31.5, 23.65), semi-axes 25.2 and 18.05; the stroke's band ±2.5 about it (checked
        // conservatively by the normalized radius, with a pixel's margin).
        func radius(_ p: (Double, Double)) -> Double { (pow((p.0 - 31.5) / 25.2, 2) + pow((p.1 - 23.65) / 18.05, 2)).squareRoot() }
        let r = corners.map(radius)
        if stroke { return r.allSatisfy { $0 > 1 - 1.5 / 18.05 && $0 < 1 + 1.5 / 25.2 } }
        return r.allSatisfy { $0 < 1 }
    }

    /// A transparent shape's picture leaves every pixel as it was, whatever the mode (what lets the blended fill
    /// touch only the pixels the shape covers), and an opaque colour by multiply over white is the colour itself.
    @Test func analyticValues() {
        for mode in Self.modes {
            let canvas = TestCanvas(width: 8, height: 8, background: CGColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.7))
            canvas.context.setBlendMode(mode)
            canvas.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0))
            canvas.context.addRect(CGRect(x: 1, y: 1, width: 6, height: 6))
            #expect(canvas.context.fillWithCoverage(evenOdd: false))
            #expect(canvas.pixel(3, 3).isClose(to: Pixel(51, 153, 102, 179), tolerance: 1), "\(mode): \(canvas.pixel(3, 3))")
        }
        let white = TestCanvas(width: 8, height: 8)
        white.context.setBlendMode(.multiply)
        white.context.setFillColor(CGColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1))
        white.context.addRect(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(white.context.fillWithCoverage(evenOdd: false))
        #expect(white.pixel(3, 3) == Pixel(204, 102, 51), "\(white.pixel(3, 3))")
        #expect(white.pixel(0, 0) == .white)
    }

    /// Dodge, burn, soft light and the non-separable modes stay with Cairo.
    @Test func otherModesGoToCairo() {
        for mode in [CGBlendMode.colorDodge, .colorBurn, .softLight, .hue, .luminosity, .copy, .clear] {
            let canvas = TestCanvas(width: 8, height: 8)
            canvas.context.setBlendMode(mode)
            canvas.context.addRect(CGRect(x: 2, y: 2, width: 4, height: 4))
            #expect(!canvas.context.fillWithCoverage(evenOdd: false), "\(mode)")
        }
    }
}

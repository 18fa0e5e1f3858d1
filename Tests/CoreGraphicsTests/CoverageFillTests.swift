import Testing
import CoreGraphics
import CalyxTestSupport
import Foundation

/// Plain solid fills are drawn by exact area coverage (CGContext+Coverage.swift, CCoverage): every pixel's alpha
/// is the fraction of it the shape covers. The expectations are worked out from the geometry, or (for curves and
/// turned polygons) compared with Cairo drawing the same fill, which a clip off the pixel grid sends it to (a clip
/// to whole pixels keeps the coverage rasterizer, which cuts its box to it).
@Suite struct CoverageFillTests {
    /// A transparent canvas with `path` filled opaque black by `rule`.
    func filled(_ path: CGPath, rule: CGPathFillRule = .winding, size: Int = 40, throughCairo: Bool = false,
                flatness: CGFloat? = nil) -> TestCanvas {
        let canvas = TestCanvas(width: size, height: size, background: nil)
        if let flatness { canvas.context.setFlatness(flatness) }
        if throughCairo { canvas.context.clip(to: CGRect(x: -0.5, y: -0.5, width: CGFloat(size) + 1, height: CGFloat(size) + 1)) }
        canvas.context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        canvas.context.addPath(path)
        canvas.context.fillPath(using: rule)
        return canvas
    }

    /// The canvas's summed alpha in whole pixels.
    func coveredArea(_ canvas: TestCanvas) -> Double {
        var sum = 0
        for y in 0..<canvas.height { for x in 0..<canvas.width { sum += canvas.pixel(x, y).a } }
        return Double(sum) / 255
    }

    @Test func edgesOnHalfPixelsCoverHalfTheirPixels() {
        let canvas = filled(CGPath(rect: CGRect(x: 5.5, y: 5.5, width: 10, height: 10), transform: nil))
        #expect(canvas.pixel(10, 10).a == 255)
        #expect(abs(canvas.pixel(5, 10).a - 128) <= 1 && abs(canvas.pixel(15, 10).a - 128) <= 1)  // left, right
        #expect(abs(canvas.pixel(10, 5).a - 128) <= 1 && abs(canvas.pixel(10, 15).a - 128) <= 1)  // bottom, top
        #expect(abs(canvas.pixel(5, 5).a - 64) <= 1 && abs(canvas.pixel(15, 15).a - 64) <= 1)     // corners: a quarter
        #expect(canvas.pixel(4, 10).a == 0 && canvas.pixel(16, 10).a == 0)
    }

    @Test func aSlantedEdgeCoversItsTrapezoids() {
        // The triangle (0,0) (30,0) (0,30): the pixel (10, 10) is cut by x + y = 30 — it lies wholly inside
        // (x + y ≤ 22 at its far corner); the pixel (14, 15) is cut along its diagonal: half covered.
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 0, y: 30)])
        let canvas = filled(triangle)
        #expect(canvas.pixel(10, 10).a == 255)
        #expect(abs(canvas.pixel(14, 15).a - 128) <= 1)
        #expect(canvas.pixel(15, 15).a == 0)
        #expect(abs(coveredArea(canvas) - 450) < 0.5)
    }

    @Test func aCircleCoversPiRSquared() {
        // Curves are flattened to chords at most the flatness from them, which cut off up to ⅔ · flatness ·
        // perimeter (2.4 pixels here at the default 0.05): a fine flatness leaves the area exact within the 8-bit
        // rounding of the edge pixels. (Core Graphics' circle is four cubics, 0.03 % larger than the circle.)
        let circle = CGPath(ellipseIn: CGRect(x: 4.3, y: 5.1, width: 30, height: 30), transform: nil)
        #expect(abs(coveredArea(filled(circle, flatness: 0.002)) - Double.pi * 225) < 0.5)
        let coarse = coveredArea(filled(circle))
        #expect(coarse < Double.pi * 225 && coarse > Double.pi * 225 - 2.0 / 3 * 0.05 * .pi * 30 - 0.5)
    }

    @Test func straightSidesWrittenAsCubicsCoverLikeTheirPolygon() {
        // A turned quadrilateral whose sides are cubics with their controls on the sides (at the ends, as After
        // Effects writes a rectangle's, and at the thirds), and one side's controls reaching past its ends along
        // it (the curve runs out and back: no area). Each pixel's coverage is the polygon's exact share.
        let corners = [CGPoint(x: 6.3, y: 11.8), CGPoint(x: 29.4, y: 4.2), CGPoint(x: 35.1, y: 27.9), CGPoint(x: 10.6, y: 34.3)]
        let path = CGMutablePath()
        path.move(to: corners[0])
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], d = b - a
            switch i {
            case 0: path.addCurve(to: b, control1: a, control2: b)
            case 1: path.addCurve(to: b, control1: a + d * (1.0 / 3), control2: a + d * (2.0 / 3))
            case 2: path.addCurve(to: b, control1: a - d * 0.2, control2: b + d * 0.2)
            default: path.addQuadCurve(to: b, control: a + d * 0.5)
            }
        }
        path.closeSubpath()
        let canvas = filled(path)
        var worst = 0
        for y in 0..<40 { for x in 0..<40 {
            let expected = Int((polygonCoverage(of: corners, inPixel: x, y) * 255).rounded())
            worst = max(worst, abs(canvas.pixel(x, y).a - expected))
        } }
        #expect(worst <= 1, "largest difference from the polygon's exact coverage: \(worst) levels")
    }

    @Test func aCubicBentByMoreThanTheFlatnessIsNotTakenForItsChord() {
        // Controls 1.5 pixels off the chord (0, 20)–(40, 20), at its thirds: the curve bows 1.125 pixels out, far
        // beyond the flatness, and must not be drawn as its chord.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 20))
        path.addCurve(to: CGPoint(x: 40, y: 20), control1: CGPoint(x: 13.33, y: 21.5), control2: CGPoint(x: 26.67, y: 21.5))
        path.addLine(to: CGPoint(x: 40, y: 10))
        path.addLine(to: CGPoint(x: 0, y: 10))
        path.closeSubpath()
        // The rectangle (0…40, 10…20) is 400 pixels; the cubic adds 40 · 1.5 · ½ = 30 (the area under a cubic
        // whose controls are h off at the thirds is h · width / 2), less what its chords cut off (at most ⅔ ·
        // flatness · length, 2.7 pixels at 0.1).
        let area = coveredArea(filled(path))
        #expect(area > 427 && area < 430.5, "\(area)")
    }

    @Test func aQuadraticIsCutIntoChordsWithinTheFlatness() {
        // The parabola from (0, 20) to (40, 20) with its control at (20, 40) bows 10 pixels out; under it lie
        // ⅔ · 40 · 10 pixels. Each chord cuts off ⅔ of its width times how far the curve strays from it, so chords
        // within a flatness of 1 lose at most ⅔ · 40 · 1. (Three chords stray 1.1 pixels and lose 29.6 — the count
        // a rule reading the deviation as |p0 − 2c + p|/8, half the true figure, would pick; four lose 16.7.)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 20))
        path.addQuadCurve(to: CGPoint(x: 40, y: 20), control: CGPoint(x: 20, y: 40))
        path.closeSubpath()
        let exact = 2.0 / 3 * 40 * 10
        let area = coveredArea(filled(path, flatness: 1))
        #expect(area < exact + 0.5 && area > exact - 2.0 / 3 * 40 - 0.5, "\(area)")
        #expect(abs(coveredArea(filled(path, flatness: 0.002)) - exact) < 0.5)
    }

    @Test func windingRulesDecideOverlaps() {
        // Two squares overlapping in (10…20)²: drawn the same way round, nonzero covers the overlap and even-odd
        // leaves it empty; drawn opposite ways round, nonzero leaves it empty too.
        let same = CGMutablePath()
        same.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        same.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        let opposite = CGMutablePath()
        opposite.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        opposite.addLines(between: [CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 30), CGPoint(x: 30, y: 30), CGPoint(x: 30, y: 10)])
        opposite.closeSubpath()
        #expect(filled(same).pixel(15, 15).a == 255)
        #expect(filled(same, rule: .evenOdd).pixel(15, 15).a == 0)
        #expect(filled(same, rule: .evenOdd).pixel(5, 5).a == 255)
        #expect(filled(opposite).pixel(15, 15).a == 0)
        #expect(filled(opposite).pixel(25, 25).a == 255)
    }

    @Test func translucentColourBlendsOverWhatIsThere() {
        let canvas = TestCanvas(width: 10, height: 10)  // white
        canvas.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        canvas.context.setAlpha(0.5)  // a quarter in all
        canvas.context.fill(CGRect(x: 2, y: 2, width: 6, height: 6))
        // White under a quarter of red: (255, 191, 191).
        #expect(canvas.pixel(5, 5).isClose(to: Pixel(255, 191, 191), tolerance: 1))
        #expect(canvas.pixel(0, 0) == .white)
    }

    @Test func curvesAndTurnedPolygonsAgreeWithCairo() {
        // A star and a blob of curves: Cairo samples 15 rows a pixel where the coverage is exact, so the two
        // differ by a few levels along edges and nowhere else.
        let shape = CGMutablePath()
        for i in 0..<10 {
            let r: CGFloat = i % 2 == 0 ? 30 : 12, a = CGFloat(i) * .pi / 5 + 0.3
            let p = CGPoint(x: 40 + r * cos(a), y: 40 + r * sin(a))
            if i == 0 { shape.move(to: p) } else { shape.addLine(to: p) }
        }
        shape.closeSubpath()
        shape.move(to: CGPoint(x: 10, y: 70))
        shape.addCurve(to: CGPoint(x: 70, y: 75), control1: CGPoint(x: 20, y: 95), control2: CGPoint(x: 60, y: 50))
        shape.addQuadCurve(to: CGPoint(x: 10, y: 70), control: CGPoint(x: 40, y: 110))
        let ours = filled(shape, size: 80), cairo = filled(shape, size: 80, throughCairo: true)
        var total = 0, worst = 0
        for y in 0..<80 { for x in 0..<80 {
            let d = abs(ours.pixel(x, y).a - cairo.pixel(x, y).a)
            total += d; worst = max(worst, d)
        } }
        // (Measured: mean 0.135, worst 25 — one of Cairo's fifteen rows is 17 levels, more at the star's tips.)
        #expect(Double(total) / 6400 < 0.5 && worst <= 32, "mean \(Double(total) / 6400), worst \(worst)")
        #expect(abs(coveredArea(ours) - coveredArea(cairo)) < 1)
    }

    @Test func pathsBeyondTheBitmapAndHostileOnesDrawOnlyWhatShows() {
        // Half outside on every side: the part inside is drawn, nothing wraps.
        let big = filled(CGPath(rect: CGRect(x: -1000, y: -5, width: 1020, height: 1000), transform: nil), size: 40)
        #expect(big.pixel(0, 0).a == 255 && big.pixel(19, 39).a == 255 && big.pixel(20, 20).a == 0)
        // Wholly outside: nothing.
        #expect(coveredArea(filled(CGPath(rect: CGRect(x: 50, y: 50, width: 10, height: 10), transform: nil))) == 0)
        // Far beyond what the coverage fill takes (Cairo draws it, within its own range).
        let far = filled(CGPath(rect: CGRect(x: -1e9, y: 10, width: 2e9, height: 10), transform: nil))
        #expect(far.pixel(20, 15).a == 255 && far.pixel(20, 25).a == 0)
        // Not a number anywhere: no crash.
        let broken = CGMutablePath()
        broken.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 5), CGPoint(x: 10, y: CGFloat.infinity)])
        _ = filled(broken)
    }

    @Test func aClipToWholePixelsCutsTheFillExactly() {
        // A rectangle with edges on quarter and half pixels, clipped to columns 20..<40 and rows 8..<30 (whole
        // pixels, which the coverage fill honours by cutting its box): inside the clip each pixel keeps the share
        // the rectangle covers; outside it nothing is drawn, also where the rectangle reaches.
        let canvas = TestCanvas(width: 64, height: 64, background: nil)
        let ctx = canvas.context
        ctx.clip(to: CGRect(x: 20, y: 8, width: 20, height: 22))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 10.25, y: 10.5, width: 40.5, height: 30))
        #expect(canvas.pixel(19, 20).a == 0 && canvas.pixel(40, 20).a == 0)   // left and right of the clip
        #expect(canvas.pixel(30, 30).a == 0 && canvas.pixel(30, 7).a == 0)    // above and below it
        #expect(canvas.pixel(20, 20).a == 255 && canvas.pixel(39, 20).a == 255 && canvas.pixel(30, 29).a == 255)
        #expect(abs(canvas.pixel(30, 10).a - 128) <= 1)                        // the rectangle's bottom edge: half
        // A translucent fill under the same clip blends only inside it.
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        #expect(canvas.pixel(5, 5).a == 0 && abs(canvas.pixel(25, 9).a - 128) <= 1)
        #expect(canvas.pixel(30, 20).a == 255 && canvas.pixel(30, 20).r >= 127 && canvas.pixel(30, 20).r <= 128)
        // Restoring the state lifts the clip: a later fill reaches everywhere.
        ctx.resetClip()
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.pixel(1, 1).a == 255 && canvas.pixel(1, 1).b == 255)
    }

    @Test func slantedEdgesCrossingTheClipCoverExactly() {
        // A square turned by 30°, clipped to columns 12..<37 and rows 9..<33 (whole pixels): its slanted edges
        // cross the clip's sides, where the fill's box is cut. Each pixel inside the clip keeps the square's exact
        // coverage there; nothing is drawn outside. (An edge crossing a side of the box must be split there, not
        // have its end moved onto the side: that tilted it, 22 levels off in the columns along the side.)
        let corners = [CGPoint(x: 25, y: 2), CGPoint(x: 43.2, y: 12.5), CGPoint(x: 32.7, y: 30.7), CGPoint(x: 14.5, y: 20.2)]
        let canvas = TestCanvas(width: 48, height: 48, background: nil)
        canvas.context.clip(to: CGRect(x: 12, y: 9, width: 25, height: 24))
        canvas.context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        canvas.context.addLines(between: corners)
        canvas.context.closePath()
        canvas.context.fillPath()
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let inClip = x >= 12 && x < 37 && y >= 9 && y < 33
                let expected = inClip ? Int((polygonCoverage(of: corners, inPixel: x, y) * 255).rounded()) : 0
                worst = max(worst, abs(canvas.pixel(x, y).a - expected))
            }
        }
        #expect(worst <= 1, "largest difference from exact coverage: \(worst) levels")
    }

    @Test func shallowEdgesCrossingManyColumnsCoverExactly() {
        // A sliver whose long edges climb 1 pixel in 7 and 1 in 1.6: each row's part of an edge crosses two to
        // eight columns, whose shares are worked out whole rather than column by column. Every pixel has the
        // sliver's exact coverage within a level.
        let corners = [CGPoint(x: 1.3, y: 2.2), CGPoint(x: 45.6, y: 8.6), CGPoint(x: 12.9, y: 29.7)]
        let canvas = filled({ let p = CGMutablePath(); p.addLines(between: corners); p.closeSubpath(); return p }(), size: 48)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let expected = Int((polygonCoverage(of: corners, inPixel: x, y) * 255).rounded())
                worst = max(worst, abs(canvas.pixel(x, y).a - expected))
            }
        }
        #expect(worst <= 1, "largest difference from exact coverage: \(worst) levels")
    }

    @Test func edgesCloseTogetherAndAcrossAWordOfTouchedBitsCoverExactly() {
        // Pixels along edges are blended four at a time from the first one an edge touches; those four may hold
        // the next edge's pixels too, or reach into the next 64 columns' touched bits. Bars and gaps of under a
        // pixel to a few pixels wide, from the box's column 57 to 71, slanted a little so each row differs, and
        // translucent, so a pixel blended twice would show. Each pixel has the bars' exact coverage.
        let lefts: [CGFloat] = [0.4, 57.3, 58.9, 60.2, 61.7, 63.05, 64.6, 66.1, 69.8], widths: [CGFloat] = [55.1, 0.9, 0.8, 1.3, 0.6, 1.2, 0.5, 3.2, 1.7]
        let bars = zip(lefts, widths).map { left, width in
            [CGPoint(x: left, y: 1.5), CGPoint(x: left + width, y: 1.5), CGPoint(x: left + width + 0.7, y: 14.5), CGPoint(x: left + 0.7, y: 14.5)]
        }
        let path = CGMutablePath()
        for bar in bars { path.addLines(between: bar); path.closeSubpath() }
        let canvas = TestCanvas(width: 80, height: 16, background: nil)
        canvas.context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
        canvas.context.addPath(path)
        canvas.context.fillPath()
        var worst = 0
        for y in 0..<16 {
            for x in 0..<80 {
                let covered = bars.reduce(0) { $0 + polygonCoverage(of: $1, inPixel: x, y) }
                worst = max(worst, abs(canvas.pixel(x, y).a - Int((covered * 0.6 * 255).rounded())))
            }
        }
        #expect(worst <= 1, "largest difference from exact coverage: \(worst) levels")
    }

    /// Where the processor has AVX2, two touched quads of pixels side by side are blended as one step of eight
    /// (`fill_eight_avx2`), which must give the bytes two four-pixel steps give: random polygons (many edges close
    /// together, so neighbouring quads are often both touched), opaque and translucent, by both rules, over
    /// random premultiplied pixels, drawn with the wide paths and without.
    @Test func eightPixelStepsGiveTheBytesOfFourPixelSteps() {
        var compared = 0
        for round in 0..<60 {
            func paint() -> [UInt8] {
                let width = 97, height = 61
                let canvas = TestCanvas(width: width, height: height, background: nil)
                var noise = SeededRandom(seed: UInt64(round) &+ 11)
                let pixels = canvas.context.data!.assumingMemoryBound(to: UInt32.self)
                for i in 0..<(canvas.context.bytesPerRow / 4 * height) {
                    let v = UInt32(truncatingIfNeeded: noise.next()), a = v >> 24
                    pixels[i] = a << 24 | min((v >> 16) & 0xFF, a) << 16 | min((v >> 8) & 0xFF, a) << 8 | min(v & 0xFF, a)
                }
                let path = CGMutablePath()
                path.addLines(between: (0..<(5 + round % 23)).map { _ in
                    CGPoint(x: noise.unit() * Double(width + 10) - 5, y: noise.unit() * Double(height + 10) - 5)
                })
                path.closeSubpath()
                canvas.context.setFillColor(CGColor(red: noise.unit(), green: noise.unit(), blue: noise.unit(), alpha: round % 3 == 0 ? 1 : noise.unit()))
                canvas.context.addPath(path)
                canvas.context.fillPath(using: round % 2 == 0 ? .winding : .evenOdd)
                return Array(UnsafeBufferPointer(start: canvas.context.data!.assumingMemoryBound(to: UInt8.self),
                                                 count: canvas.context.bytesPerRow * height))
            }
            let wide = paint()
            CGContext.allowWidePixelPaths(false)
            let narrow = paint()
            CGContext.allowWidePixelPaths(true)
            let differing = zip(wide, narrow).filter { $0 != $1 }.count
            #expect(wide.count == narrow.count && differing == 0, "round \(round): \(differing) bytes differ")
            compared += wide.count
        }
        #expect(compared > 1_000_000)
    }

    @Test func translucentRunsOfEveryLengthBlendEachPixelOverItsOwn() {
        // Runs of whole pixels under a translucent fill are blended several pixels at a time (4 or 8 to a vector,
        // the rest one by one). Over columns of strongly differing colours, runs 1 to 60 pixels long, each
        // starting at a different column: every pixel must be the source plus its own colour times 1 − 0.6
        // (to a level for the rounding of the premultiplied source), so a pixel given a neighbour's colour, or
        // left out at a run's end, shows.
        let width = 80, rows = 60
        let canvas = TestCanvas(width: width, height: rows, background: nil)
        func column(_ x: Int) -> (Int, Int, Int) { ((x * 37) % 256, (x * 91 + 40) % 256, (x * 13 + 200) % 256) }
        for x in 0..<width {
            let (r, g, b) = column(x)
            canvas.context.setFillColor(CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1))
            canvas.context.fill(CGRect(x: x, y: 0, width: 1, height: rows))
        }
        canvas.context.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.6))
        for length in 1...rows {
            canvas.context.fill(CGRect(x: (length * 7) % 13, y: length - 1, width: length, height: 1))
        }
        var worst = 0
        for length in 1...rows {
            let y = length - 1, start = (length * 7) % 13
            for x in 0..<width {
                let (r, g, b) = column(x)
                let covered = x >= start && x < start + length
                func blended(_ source: Double, _ under: Int) -> Int { covered ? Int((source * 0.6 * 255 + Double(under) * 0.4).rounded()) : under }
                let expected = Pixel(blended(0.2, r), blended(0.4, g), blended(1, b))
                let got = canvas.pixel(x, y)
                worst = max(worst, abs(got.r - expected.r), abs(got.g - expected.g), abs(got.b - expected.b), 255 - got.a)
            }
        }
        #expect(worst <= 1, "largest difference from the blend: \(worst) levels")
    }
}

import Testing
@testable import QuartzCore
import CalyxTestSupport
import Foundation

/// Shape layers whose fill an animation turns or zooms, or whose path it changes, are filled straight into the
/// frame by exact area coverage (FrameCompositor+DirectShapes.swift) instead of resampling a raster. The
/// expectations are worked out from the geometry: each pixel's alpha is the share of its square the shape
/// covers (`polygonCoverage`, which clips the polygon to the square).
@Suite struct DirectShapeTests {
    /// A 200 × 200 root holding a 140 × 140 container about (100, 100) with `shape` filling its bounds; the
    /// container turned from 0 to π/3 over a second by an animation. Frames drawn at 0.25 s then 0.5 s by one
    /// renderer (the second sees the shape turned since the first); answers the second.
    /// With `clip`, the container lies in a layer of that frame (root space) that masks to its bounds.
    func turnedFrame(_ shape: CAShapeLayer, clip: CGRect? = nil) -> TestCanvas {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            let container = CALayer()
            container.bounds = CGRect(x: 0, y: 0, width: 140, height: 140)
            container.position = CGPoint(x: 100 - (clip?.minX ?? 0), y: 100 - (clip?.minY ?? 0))
            shape.frame = container.bounds
            container.addSublayer(shape)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0; turn.toValue = Double.pi / 3; turn.duration = 1
            container.add(turn, forKey: "turn")
            if let clip {
                let clipper = CALayer()
                clipper.frame = clip
                clipper.masksToBounds = true
                clipper.addSublayer(container)
                root.addSublayer(clipper)
            } else {
                root.addSublayer(container)
            }
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root, background: nil)
            renderer.drawFrame(at: 0.25)
            renderer.drawFrame(at: 0.5)
            return canvas
        }
    }

    /// `p` (the container's space) on screen at 0.5 s: turned by π/6 about the container's centre, which lies at
    /// (100, 100) — y down, so a positive angle turns clockwise on screen, as on iOS.
    static func onScreen(_ p: CGPoint) -> CGPoint {
        let angle = Double.pi / 6, x = p.x - 70, y = p.y - 70
        return CGPoint(x: 100 + x * cos(angle) - y * sin(angle), y: 100 + x * sin(angle) + y * cos(angle))
    }

    static let triangle = [CGPoint(x: 10.3, y: 12.6), CGPoint(x: 131.2, y: 41.7), CGPoint(x: 47.9, y: 128.4)]

    /// A shape layer filling `triangle` in opaque blue.
    static func blueTriangle() -> CAShapeLayer {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: triangle)
        path.closeSubpath()
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        return shape
    }

    @Test func aLargeFillTurnedByAnAnimationHasExactCoverage() {
        let shape = Self.blueTriangle()
        let canvas = turnedFrame(shape)
        let screen = Self.triangle.map(Self.onScreen)
        var worst = 0, covered = 0.0, drawn = 0.0
        for y in 0..<200 {
            for x in 0..<200 {
                let expected = polygonCoverage(of: screen, inPixel: x, y) * 255
                let alpha = canvas.pixel(topDown: x, y).a
                worst = max(worst, abs(alpha - Int(expected.rounded())))
                covered += expected / 255; drawn += Double(alpha) / 255
            }
        }
        // Exact coverage, rounded to 8 bits: within two levels everywhere. (A raster kept
        // in the layer's space and resampled is tens of levels off along the edges.)
        #expect(worst <= 2, "largest difference from the triangle's exact coverage: \(worst) levels")
        #expect(abs(covered - drawn) < 1, "area \(drawn) pixels drawn, \(covered) covered")
    }

    @Test func aStrokeTurnedByAnAnimationHasExactCoverage() {
        // A rectangle stroked 10 wide with mitred corners: the stroke is the ring between the rectangle pushed
        // out by 5 on every side and the one pulled in by 5, so each pixel's exact coverage is the outer one's
        // less the inner one's. (Resampling a raster kept in the layer's space is tens of levels off along the
        // edges, as for a fill.)
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 25, y: 30, width: 90, height: 75), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.lineWidth = 10
        shape.lineJoin = .miter
        let canvas = turnedFrame(shape)
        func corners(_ r: CGRect) -> [CGPoint] {
            [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
                .map(Self.onScreen)
        }
        let outer = corners(CGRect(x: 20, y: 25, width: 100, height: 85)), inner = corners(CGRect(x: 30, y: 35, width: 80, height: 65))
        var worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let expected = (polygonCoverage(of: outer, inPixel: x, y) - polygonCoverage(of: inner, inPixel: x, y)) * 255
                worst = max(worst, abs(canvas.pixel(topDown: x, y).a - Int(expected.rounded())))
            }
        }
        #expect(worst <= 2, "largest difference from the ring's exact coverage: \(worst) levels")
    }

    @Test func aClipToWholePixelsCutsATurnedFillExactly() {
        // The same triangle inside a layer clipping to (30, 40, 120, 110): whole pixels, which the fill honours
        // by cutting its box. Inside the clip, the triangle's exact coverage; outside, nothing.
        let shape = Self.blueTriangle()
        let canvas = turnedFrame(shape, clip: CGRect(x: 30, y: 40, width: 120, height: 110))
        let screen = Self.triangle.map(Self.onScreen)
        var worst = 0, outside = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let inClip = x >= 30 && x < 150 && y >= 40 && y < 150
                let expected = inClip ? Int((polygonCoverage(of: screen, inPixel: x, y) * 255).rounded()) : 0
                let alpha = canvas.pixel(topDown: x, y).a
                worst = max(worst, abs(alpha - expected))
                if !inClip && alpha > 0 { outside += 1 }
            }
        }
        #expect(worst <= 2 && outside == 0, "largest difference: \(worst) levels; \(outside) pixels drawn outside the clip")
    }

    @Test func aFillAndStrokeFadedTogetherFadeAsOnePicture() {
        // Fill and stroke at half opacity, the path changing every frame (its line width animates): Core
        // Animation fades the layer's picture, so where the stroke lies over the fill only the stroke's blue
        // shows, at half alpha. Fading each drawing would let the red fill show through the stroke.
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 20, y: 20, width: 100, height: 100), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.lineWidth = 16
        shape.opacity = 0.5
        let widen = CABasicAnimation(keyPath: "lineWidth")
        widen.fromValue = 16; widen.toValue = 20; widen.duration = 1
        shape.add(widen, forKey: "widen")
        let canvas = turnedFrame(shape)
        // The container's (70, 24): on the top side's inner half (the stroke reaches 8 to 9 points inside).
        let p = Self.onScreen(CGPoint(x: 70, y: 24))
        let pixel = canvas.pixel(topDown: Int(p.x), Int(p.y))
        #expect(abs(pixel.a - 128) <= 2 && pixel.r <= 2 && pixel.b >= 253, "\(pixel)")
        // The fill alone, inside: red at half alpha.
        let inner = canvas.pixel(topDown: 100, 100)
        #expect(abs(inner.a - 128) <= 2 && inner.r >= 253 && inner.b <= 2, "\(inner)")
    }

    @Test func aPathChangedByAnAnimationIsDrawnWhereItIsNow() {
        // The triangle's path animates from a small one to the full one; at 0.5 s its points are halfway (the
        // path animates point by point). Drawn straight into the turned frame: exact coverage of the halfway
        // triangle.
        let shape = CAShapeLayer()
        func path(_ points: [CGPoint]) -> CGPath {
            let p = CGMutablePath()
            p.addLines(between: points)
            p.closeSubpath()
            return p
        }
        let small = Self.triangle.map { CGPoint(x: 70 + ($0.x - 70) / 2, y: 70 + ($0.y - 70) / 2) }
        shape.path = path(Self.triangle)
        shape.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = path(small); grow.toValue = path(Self.triangle); grow.duration = 1
        shape.add(grow, forKey: "grow")
        let canvas = turnedFrame(shape)
        let halfway = zip(small, Self.triangle).map { CGPoint(x: ($0.x + $1.x) / 2, y: ($0.y + $1.y) / 2) }.map(Self.onScreen)
        var worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let expected = Int((polygonCoverage(of: halfway, inPixel: x, y) * 255).rounded())
                worst = max(worst, abs(canvas.pixel(topDown: x, y).a - expected))
            }
        }
        #expect(worst <= 2, "largest difference from the halfway triangle's exact coverage: \(worst) levels")
    }
}

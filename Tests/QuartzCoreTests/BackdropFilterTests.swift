import Testing
import Foundation
import CalyxTestSupport
import ImageIO
@testable import QuartzCore

/// `backgroundFilters` drawn by the compositor: what lies behind a layer, blurred and colour-adjusted inside its
/// bounds. Expectations are analytic: a step edge blurred by a Gaussian of σ is the normal distribution's
/// cumulative function Φ(x/σ) across it; colour controls follow Core Image's published formulas.
@Suite struct BackdropFilterTests {
    /// A 200 × 120 scene: black left half, white right half (the step at x = 100), and `build`'s layers over it.
    final class Scene {
        let root = CALayer()
        let canvas = TestCanvas(width: 200, height: 120)
        let renderer: CARenderer
        init(_ build: (CALayer) -> Void) {
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
            root.backgroundColor = CGColor.white
            let dark = CALayer(); dark.frame = CGRect(x: 0, y: 0, width: 100, height: 120); dark.backgroundColor = CGColor.black
            dark.name = "dark"
            root.addSublayer(dark)
            build(root)
            renderer = CARenderer(context: canvas.context)
            renderer.layer = root
        }
        func draw(at t: CFTimeInterval) {
            CATransaction.flush()
            renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
        }
    }

    func blurLayer(_ frame: CGRect, radius: Double) -> CALayer {
        let l = CALayer()
        l.frame = frame
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.name = "blur"
        blur.setValue(radius, forKey: kCIInputRadiusKey)
        l.backgroundFilters = [blur]
        return l
    }

    /// Φ(z), the standard normal's cumulative distribution.
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    @Test func blursAStepEdgeAsAGaussian() {
        withClock(at: 0) { _ in
            let scene = Scene { $0.addSublayer(blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 8)) }
            scene.draw(at: 0)
            for dx in [-16, -8, -4, -1, 0, 3, 8, 16] {
                let x = 100 + dx
                let expected = 255 * phi((Double(x) + 0.5 - 100) / 8)
                let p = scene.canvas.pixel(topDown: x, 60)
                // Three box blurs approximate the Gaussian within about 1 % (W3C Filter Effects); 8-bit passes add
                // rounding: within 5 levels.
                #expect(abs(Double(p.r) - expected) <= 5 && p.r == p.g && p.g == p.b, "x \(x): \(p) vs \(expected)")
            }
            // Outside the layer the step stays sharp.
            #expect(scene.canvas.pixel(topDown: 99, 10) == .black && scene.canvas.pixel(topDown: 100, 10) == .white)
        }
    }

    @Test func scalesTheRadiusWithTheLayer() {
        // Scaled 2× by its superlayer's transform, a radius of 4 points blurs by 8 pixels.
        withClock(at: 0) { _ in
            let scene = Scene { root in
                let holder = CALayer(); holder.anchorPoint = .zero; holder.frame = root.bounds  // scaled about its corner
                holder.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
                holder.addSublayer(blurLayer(CGRect(x: 40, y: 10, width: 60, height: 40), radius: 4))
                root.addSublayer(holder)
            }
            scene.draw(at: 0)
            for dx in [-8, 0, 8] {
                let expected = 255 * phi((Double(100 + dx) + 0.5 - 100) / 8)
                #expect(abs(Double(scene.canvas.pixel(topDown: 100 + dx, 60).r) - expected) <= 5)
            }
        }
    }

    @Test func saturationZeroLeavesLuma() {
        withClock(at: 0) { _ in
            let scene = Scene { root in
                let red = CALayer(); red.frame = CGRect(x: 120, y: 0, width: 80, height: 120)
                red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                root.addSublayer(red)
                let grey = CALayer(); grey.frame = CGRect(x: 130, y: 10, width: 60, height: 60)
                grey.backgroundFilters = [CIFilter(name: "CIColorControls", parameters: [kCIInputSaturationKey: 0])!]
                root.addSublayer(grey)
            }
            scene.draw(at: 0)
            // Rec. 709 luma of pure red: 0.2125 × 255 = 54.2.
            #expect(scene.canvas.pixel(topDown: 160, 40).isClose(to: Pixel(54, 54, 54), tolerance: 1), "\(scene.canvas.pixel(topDown: 160, 40))")
            #expect(scene.canvas.pixel(topDown: 160, 100) == .red)
        }
    }

    @Test func roundedCornersLeaveTheCornerSharp() {
        withClock(at: 0) { _ in
            let scene = Scene { root in
                let l = blurLayer(CGRect(x: 80, y: 20, width: 40, height: 80), radius: 8)
                l.cornerRadius = 20
                root.addSublayer(l)
            }
            scene.draw(at: 0)
            // The corner pixel (80, 20) lies outside a 20-point radius: unblurred black; a little inside the edge the
            // blur shows grey.
            #expect(scene.canvas.pixel(topDown: 81, 21) == .black)
            let inside = scene.canvas.pixel(topDown: 98, 60)
            #expect(inside.r > 60 && inside.r < 200, "\(inside)")
        }
    }

    /// The blur is kept while what is behind it does not change: a layer moving over it costs no new blur; one
    /// moving behind it does.
    @Test func keepsTheBlurWhileNothingBehindChanges() {
        withClock(at: 0) { clock in
            let card = CALayer(); card.frame = CGRect(x: 10, y: 10, width: 20, height: 20); card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let scene = Scene { root in
                root.addSublayer(blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 8))
                root.addSublayer(card)
            }
            scene.draw(at: 0)
            let first = scene.renderer.compositor.backdropFilterings
            #expect(first == 1)
            let before = scene.canvas.pixel(topDown: 100, 95)
            for step in 1...3 {   // over the blur
                CATransaction.setDisableActions(true)
                card.position = CGPoint(x: 60 + 20 * step, y: 60)
                clock.setManualTime(Double(step))
                scene.draw(at: Double(step))
            }
            #expect(scene.renderer.compositor.backdropFilterings == first)
            // The blurred pixels outside the card are what they were.
            #expect(scene.canvas.pixel(topDown: 100, 95) == before && before.r > 100 && before.r < 160, "\(before)")
            // Behind it: the dark half moves, and the blur is made again.
            CATransaction.setDisableActions(true)
            scene.root.sublayers![0].position.x += 10
            card.removeFromSuperlayer()
            scene.draw(at: 5)
            #expect(scene.renderer.compositor.backdropFilterings == first + 1)
            // The step is now at 110: the probe at 110 is half-way.
            #expect(abs(Double(scene.canvas.pixel(topDown: 110, 60).r) - 255 * phi(0.5 / 8)) <= 5)
        }
    }

    /// The same frame whole and redrawn only where damaged agree: a card moved over the blur leaves exactly what
    /// a fresh renderer draws.
    @Test func partialRedrawsMatchAFreshFrame() {
        withClock(at: 0) { clock in
            let card = CALayer(); card.frame = CGRect(x: 60, y: 40, width: 30, height: 30); card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let scene = Scene { root in
                root.addSublayer(blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 8))
                root.addSublayer(card)
            }
            scene.draw(at: 0)
            CATransaction.setDisableActions(true)
            card.position = CGPoint(x: 120, y: 60)
            clock.setManualTime(1)
            scene.draw(at: 1)
            let fresh = TestCanvas(width: 200, height: 120)
            let renderer = CARenderer(context: fresh.context)
            renderer.layer = scene.root
            renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
            for y in stride(from: 0, to: 120, by: 3) {
                for x in stride(from: 0, to: 200, by: 3) {
                    #expect(scene.canvas.pixel(x, y) == fresh.pixel(x, y), "(\(x), \(y))")
                }
            }
        }
    }

    /// `backgroundFilters.blur.inputRadius` animates: half-way from 0 to 16 (linear) is the radius-8 picture.
    @Test func radiusAnimatesThroughItsKeyPath() {
        withClock(at: 0) { clock in
            let blur = blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 16)
            let scene = Scene { $0.addSublayer(blur) }
            let animation = CABasicAnimation(keyPath: "backgroundFilters.blur.inputRadius")
            animation.fromValue = 0; animation.toValue = 16; animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            blur.add(animation, forKey: "radius")
            scene.draw(at: 0.5)
            let still = Scene { $0.addSublayer(blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 8)) }
            still.draw(at: 0.5)
            for x in stride(from: 84, through: 116, by: 4) {
                #expect(scene.canvas.pixel(topDown: x, 60) == still.canvas.pixel(topDown: x, 60), "x \(x)")
            }
            clock.setManualTime(0.5)
            #expect(blur.presentation()?.value(forKeyPath: "backgroundFilters.blur.inputRadius") as? NSNumber == 8)
            #expect(blur.value(forKeyPath: "backgroundFilters.blur.inputRadius") as? NSNumber == 16)
        }
    }

    @Test func filterValuesThroughKeyValueCoding() {
        let layer = blurLayer(CGRect(x: 0, y: 0, width: 10, height: 10), radius: 3)
        layer.setValue(12, forKeyPath: "backgroundFilters.blur.inputRadius")
        #expect((layer.value(forKeyPath: "backgroundFilters.blur.inputRadius") as? NSNumber)?.doubleValue == 12)
        // Unknown names and keys change nothing; non-finite inputs are ignored.
        layer.setValue(5, forKeyPath: "backgroundFilters.nothing.inputRadius")
        layer.setValue(Double.nan, forKeyPath: "backgroundFilters.blur.inputRadius")
        #expect((layer.value(forKeyPath: "backgroundFilters.blur.inputRadius") as? NSNumber)?.doubleValue == 12)
        #expect(layer.value(forKeyPath: "backgroundFilters.nothing.inputRadius") == nil)
        // The layer holds its own copy: changing the filter afterwards does not change the layer.
        let filter = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4])!
        layer.backgroundFilters = [filter]
        filter.setValue(30, forKey: kCIInputRadiusKey)
        #expect(((layer.backgroundFilters?.first as? CIFilter)?.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 4)
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
    }

    /// Against headless Chromium's `backdrop-filter: blur(8px)` (References/backdrop-blur.html), at least 3σ inside
    /// the box (Chromium mirrors the backdrop at the box's edges; Calyx reads past them).
    @Test func matchesChromiumsBackdropFilter() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/backdrop-blur.png")
        let source = try #require(CGImageSourceCreateWithURL(url, nil))
        let reference = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)).pixels
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 160); root.backgroundColor = CGColor.white
            let dark = CALayer(); dark.frame = CGRect(x: 0, y: 0, width: 100, height: 160); dark.backgroundColor = CGColor.black
            root.addSublayer(dark)
            root.addSublayer(blurLayer(CGRect(x: 40, y: 30, width: 120, height: 100), radius: 8))
            let canvas = TestCanvas(width: 200, height: 160)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
            var worst = 0
            for y in 54...106 {
                for x in 64...136 {
                    worst = max(worst, abs(canvas.pixel(topDown: x, y).r - Int(reference.pixel(x: x, y: y).r)))
                }
            }
            // Skia's Gaussian against three box blurs: measured within 1 level; unblurred would be 255 off.
            #expect(worst <= 4)
        }
    }

    /// Hostile radii: infinite and huge are clamped (no hang, a bounded blur), negative is no blur.
    @Test func hostileRadii() {
        withClock(at: 0) { _ in
            for radius in [Double.infinity, 1e12, -5] {
                let scene = Scene { root in
                    let l = blurLayer(CGRect(x: 40, y: 20, width: 120, height: 80), radius: 0)
                    (l.backgroundFilters![0] as! CIFilter).setValue(radius, forKey: kCIInputRadiusKey)
                    l.backgroundFilters = l.backgroundFilters
                    root.addSublayer(l)
                }
                scene.draw(at: 0)
                if radius < 0 { #expect(scene.canvas.pixel(topDown: 99, 60) == .black) }
            }
        }
    }
}

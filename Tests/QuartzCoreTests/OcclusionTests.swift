import Testing
@testable import QuartzCore
import CalyxTestSupport

/// Occlusion (FrameCompositor+Occlusion.swift): a frame is drawn from the topmost opaque raster covering it. Only
/// rasters that really are opaque everywhere may hide what is under them.
@Suite struct OcclusionTests {
    /// A 40×30 root (no background) with a red layer filling it, then `top` filling it above.
    func scene(top: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let red = CALayer()
        red.frame = root.bounds
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        top.frame = root.bounds
        root.addSublayer(red); root.addSublayer(top)
        return root
    }

    @Test func anOpaqueFullFrameLayerCoversWhatIsUnderIt() {
        let top = CALayer()
        top.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let root = scene(top: top)
        CATransaction.flush()
        let (canvas, renderer) = frameRenderer(for: root)
        renderer.drawFrame(at: 1)
        #expect(renderer.compositor.opaqueCover(of: root.bounds) != nil, "the blue layer should be the cover")
        #expect(canvas.pixel(topDown: 20, 15) == .blue)
        #expect(canvas.pixel(topDown: 0, 0) == .blue)
    }

    /// Half-transparent pixels in an otherwise full-frame raster: red must show through them.
    @Test func translucentPixelsDoNotOcclude() {
        let top = CALayer()
        top.contents = testBitmap(width: 40, height: 30) { ctx in
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 30))
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
            ctx.fill(CGRect(x: 20, y: 0, width: 20, height: 30))
        }
        let canvas = renderedFrame(scene(top: top))
        #expect(canvas.pixel(topDown: 10, 15) == .green)
        // 50 % green over red: (128, 255·½ + …) within rounding.
        #expect(canvas.pixel(topDown: 30, 15).isClose(to: Pixel(127, 128, 0), tolerance: 2), "\(canvas.pixel(topDown: 30, 15))")
    }

    @Test func aTranslucentLayerDoesNotOcclude() {
        let top = CALayer()
        top.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        top.opacity = 0.5
        let canvas = renderedFrame(scene(top: top))
        #expect(canvas.pixel(topDown: 20, 15).isClose(to: Pixel(127, 0, 128), tolerance: 2), "\(canvas.pixel(topDown: 20, 15))")
    }

    /// A rounded background leaves its corners transparent: the frame there is cleared, not left as it was.
    @Test func roundedCornersAreNotCovered() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.cornerRadius = 10
        let canvas = renderedFrame(root)   // the canvas starts white
        #expect(canvas.pixel(topDown: 0, 0) == .clear)
        #expect(canvas.pixel(topDown: 20, 15) == .blue)
    }

    /// With no opaque cover, a bottom raster placed on whole pixels replaces the pixels of its box instead of
    /// being laid over cleared ones: the white the canvas starts with must be gone everywhere the frame redraws
    /// (the damage: the layers' boxes) — transparent on the bilinear fringe around the raster and in its
    /// transparent texels, half-transparent blue (not blue over white) in the others — and what lies above it
    /// still blends.
    @Test func aBottomRasterThatReplacesLeavesNothingOfTheOldFrame() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let bottom = CALayer()
        bottom.frame = CGRect(x: 10, y: 5, width: 16, height: 12)
        bottom.contents = testBitmap(width: 16, height: 12) { ctx in
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 12))   // the right half stays transparent
        }
        let above = CALayer()
        above.frame = CGRect(x: 14, y: 8, width: 4, height: 4)
        above.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        root.addSublayer(bottom); root.addSublayer(above)
        CATransaction.flush()
        let (canvas, renderer) = frameRenderer(for: root)
        renderer.drawFrame(at: 1)
        #expect(renderer.compositor.opaqueCover(of: root.bounds) == nil)
        #expect(renderer.compositor.replacingStart(of: root.bounds)?.box == CGRect(x: 9, y: 4, width: 18, height: 14))
        for (x, y) in [(9, 10), (26, 10), (20, 4), (20, 17)] {
            #expect(canvas.pixel(topDown: x, y) == .clear, "(\(x), \(y)) \(canvas.pixel(topDown: x, y))")
        }
        #expect(canvas.pixel(topDown: 11, 6).isClose(to: Pixel(0, 0, 255, 128), tolerance: 2), "\(canvas.pixel(topDown: 11, 6))")
        #expect(canvas.pixel(topDown: 22, 6) == .clear, "the bottom raster's transparent half: \(canvas.pixel(topDown: 22, 6))")
        // Red ½ over blue ½: alpha ¾, colour (⅔ red, ⅓ blue) unpremultiplied.
        #expect(canvas.pixel(topDown: 15, 9).isClose(to: Pixel(170, 0, 85, 191), tolerance: 3), "\(canvas.pixel(topDown: 15, 9))")
    }
}

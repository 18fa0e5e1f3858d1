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
}

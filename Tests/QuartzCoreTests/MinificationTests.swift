import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Minifying a bitmap of fine stripes: a 256×256 image of vertical stripes two pixels wide (period four) on a
/// 256×256-point layer scaled by 0.3 (77 px on screen), where the stripes (period 1.2 px) are finer than a pixel
/// pair. A properly prefiltered minification leaves uniform grey (127.5 ± a little: the box filter over 3.3
/// source pixels per output pixel leaves at most a third of a stripe's contrast, ±43); an unfiltered one shows
/// beats of the stripes, far from grey.
@Suite struct MinificationTests {
    func stripes() -> CGImage {
        testBitmap(width: 256, height: 256) { ctx in
            ctx.setFillColor(CGColor.white)
            ctx.fill(CGRect(x: 0, y: 0, width: 256, height: 256))
            ctx.setFillColor(CGColor.black)
            for x in stride(from: 0, to: 256, by: 4) { ctx.fill(CGRect(x: x, y: 0, width: 2, height: 256)) }
        }
    }

    /// The largest distance from mid-grey along row 40, columns 20…70 (inside the layer), and the raster's width.
    func render(_ filter: CALayerContentsFilter, bias: Float = 0) -> (deviation: Int, rasterWidth: Int) {
        withClock(at: 0) { _ in
            // (No root background: the layer's is the only raster.)
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let layer = CALayer(); layer.bounds = CGRect(x: 0, y: 0, width: 256, height: 256); layer.position = CGPoint(x: 50, y: 50)
            layer.transform = CATransform3DMakeScale(0.3, 0.3, 1)
            layer.contents = stripes(); layer.minificationFilter = filter; layer.minificationFilterBias = bias
            root.addSublayer(layer)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            let deviation = (20...70).map { abs(Int(canvas.pixel(topDown: $0, 40).r) * 2 - 255) / 2 }.max()!
            let raster = renderer.compositor.rasters.content.values.first?.image.width ?? 0
            return (deviation, raster)
        }
    }

    @Test func trilinearPrefiltersToTheScreen() {
        let trilinear = render(.trilinear)
        #expect(trilinear.deviation <= 43, "\(trilinear)")
        // 2^(−1.75) = 0.297, the on-screen 0.3 to a sixteenth of an octave: 256 · 0.297 → 77 pixels.
        #expect(trilinear.rasterWidth == 77, "the bitmap is rasterized at the on-screen scale: \(trilinear)")
    }

    @Test func biasHalvesTheResolutionPerUnit() {
        #expect(render(.trilinear, bias: 1).rasterWidth == 39)   // 256 · 2^(−2.75)
        #expect(render(.trilinear, bias: -1).rasterWidth == 128) // finer, but never beyond the bitmap's mip level
    }

    @Test func linearUsesTheNextMipLevel() {
        // The power of two above 0.3: a 128-pixel raster, sampled at 0.6 (its stripes beat).
        let linear = render(.linear)
        #expect(linear.rasterWidth == 128, "\(linear)")
        #expect(linear.deviation > 43, "\(linear)")
    }
}

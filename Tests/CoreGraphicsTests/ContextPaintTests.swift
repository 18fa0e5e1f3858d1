import Testing
import CoreGraphics
import CalyxTestSupport

/// Gradients, images, clips, masks and shadows, probed against values that follow from their definitions.
@Suite struct ContextPaintTests {
    let redToBlue = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                          CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray, locations: nil)!

    @Test func linearGradientValuesAndExtension() {
        let canvas = TestCanvas(width: 100, height: 10)
        canvas.context.drawLinearGradient(redToBlue, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        // At x = 50 (pixel centre 50.5) the gradient is (50.5 − 20)/60 = 0.508 of the way: red ≈ 125, blue ≈ 130.
        #expect(canvas.pixel(50, 5).isClose(to: Pixel(125, 0, 130), tolerance: 2))
        #expect(canvas.pixel(10, 5) == .white && canvas.pixel(90, 5) == .white)  // not extended
        let padded = TestCanvas(width: 100, height: 10)
        padded.context.drawLinearGradient(redToBlue, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
                                          options: [.drawsBeforeStartLocation])
        #expect(padded.pixel(10, 5) == .red && padded.pixel(90, 5) == .white)
    }

    @Test func radialGradientValues() {
        let canvas = TestCanvas(width: 100, height: 100)
        canvas.context.drawRadialGradient(redToBlue, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                                          endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: [])
        #expect(canvas.pixel(50, 50).isClose(to: .red, tolerance: 6))  // centre pixel is ~0.7 px from the centre
        // 20.5 px out along +x: t = 20.5/40 (pixel centre at 70.5) → red ≈ 124, blue ≈ 131.
        #expect(canvas.pixel(70, 50).isClose(to: Pixel(124, 0, 131), tolerance: 3))
        #expect(canvas.pixel(95, 50) == .white)
    }

    @Test func conicGradientSweepsCounterClockwiseFromTheAngle() {
        let canvas = TestCanvas(width: 100, height: 100)
        let gray = CGGradient(colorsSpace: nil, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray, locations: nil)!
        canvas.context.drawConicGradient(gray, center: CGPoint(x: 50, y: 50), angle: 0)
        // Location = angle / 2π: a quarter turn (straight up, y up) is 0.25, half a turn 0.5, three quarters 0.75.
        #expect(canvas.pixel(49, 90).isClose(to: Pixel(64, 64, 64), tolerance: 3))
        #expect(canvas.pixel(10, 49).isClose(to: Pixel(128, 128, 128), tolerance: 3))
        #expect(canvas.pixel(50, 10).isClose(to: Pixel(191, 191, 191), tolerance: 3))
    }

    @Test func imagesDrawUprightAndScaled() throws {
        // A 2×2 image: top row red, green; bottom row blue, white (rows stored top first).
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                         provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let canvas = TestCanvas(width: 40, height: 40)
        canvas.context.interpolationQuality = .none
        canvas.context.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(canvas.pixel(10, 30) == .red && canvas.pixel(30, 30) == .green)   // top half (y up)
        #expect(canvas.pixel(10, 10) == .blue && canvas.pixel(30, 10) == .white)
        // Cropping uses top-left pixel coordinates.
        let crop = try #require(image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1)))
        #expect(crop.width == 1 && crop.pixels.pixel(x: 0, y: 0) == (0, 255, 0, 255))
    }

    @Test func clipsToRectsAndPaths() {
        let canvas = TestCanvas(width: 50, height: 50)
        let ctx = canvas.context
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.setFillColor(CGColor.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.restoreGState()
        #expect(canvas.pixel(15, 15) == .black && canvas.pixel(25, 15) == .white && canvas.pixel(5, 5) == .white)
        ctx.setFillColor(CGColor.black)
        ctx.addEllipse(in: CGRect(x: 30, y: 30, width: 20, height: 20))
        ctx.clip()
        ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(canvas.pixel(40, 40) == .black && canvas.pixel(31, 31) == .white)
    }

    @Test func maskClipUsesLuminanceOfOpaqueImages() throws {
        // A 2×1 gray mask: left black (hides), right white (shows).
        let image = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                         space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: 0),
                                         provider: CGDataProvider(data: Data([0, 255]))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let canvas = TestCanvas(width: 40, height: 20)
        canvas.context.interpolationQuality = .none
        canvas.context.clip(to: CGRect(x: 0, y: 0, width: 40, height: 20), mask: image)
        canvas.context.setFillColor(CGColor.black)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(canvas.pixel(10, 10) == .white && canvas.pixel(30, 10) == .black)
    }

    @Test func shadowIsOffsetAndBlurredSymmetrically() {
        let canvas = TestCanvas(width: 200, height: 200)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 20, height: -20), blur: 10, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 40, y: 60, width: 100, height: 100))
        // The shadow square spans x 60–160, y 40–140. A Gaussian of σ = blur/2 = 5 covers a point at distances
        // d₁, d₂ inside two edges by Φ(d₁/σ)·Φ(d₂/σ). Pixel (150, 50) (centre 150.5, 50.5) is 9.5 px from both
        // edges: Φ(1.9)² = 0.9428, so gray 255·(1 − 0.9428) = 14.6. Pixel (160, 90) is 0.5 px outside the right
        // edge and far from the others: Φ(−0.1) = 0.4602, gray 137.6. Far outside: white. The three-box
        // approximation of the Gaussian is allowed 6 levels.
        #expect(canvas.pixel(150, 50).isClose(to: Pixel(15, 15, 15), tolerance: 6))
        #expect(canvas.pixel(160, 90).isClose(to: Pixel(138, 138, 138), tolerance: 6))
        #expect(canvas.pixel(185, 50).isClose(to: .white, tolerance: 1))
        #expect(canvas.pixel(100, 100) == .red)  // the shape draws over its own shadow
    }
}

@Suite struct TransparencyLayerTests {
    @Test func groupOpacityCompositesOnce() {
        // Two overlapping black squares at 50 % alpha: drawn separately the overlap is 75 % black (64 gray);
        // in a transparency layer with alpha 0.5 the whole group is 50 % (128 gray), overlap included.
        let canvas = TestCanvas(width: 30, height: 10)
        let ctx = canvas.context
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        ctx.endTransparencyLayer()
        #expect(canvas.pixel(5, 5).isClose(to: Pixel(128, 128, 128), tolerance: 1))
        #expect(canvas.pixel(15, 5).isClose(to: Pixel(128, 128, 128), tolerance: 1))
        ctx.endTransparencyLayer()  // unbalanced: ignored
    }

    @Test func layersLineUpUnderATransformAndCastOneShadow() {
        // Under a translated CTM the layer must land where its content was drawn; its shadow (blur 0) is the
        // group's silhouette, offset (10, −10) in base space: right and down.
        let canvas = TestCanvas(width: 100, height: 100)
        let ctx = canvas.context
        ctx.translateBy(x: 20, y: 40)
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: CGColor.black)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.endTransparencyLayer()
        #expect(canvas.pixel(25, 45) == .red && canvas.pixel(45, 65) == .red)
        #expect(canvas.pixel(55, 35) == .black)   // shadow beyond the square's lower-right
        #expect(canvas.pixel(15, 75) == .white)
    }
}

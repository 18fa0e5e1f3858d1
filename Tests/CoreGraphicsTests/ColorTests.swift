import Testing
import CoreGraphics

@Suite struct ColorTests {
    @Test func componentsAndAlpha() {
        let c = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.numberOfComponents == 4)
        #expect(c.components == [0.2, 0.4, 0.6, 0.8])
        #expect(c.alpha == 0.8)
        #expect(c.colorSpace?.model == .rgb)
        #expect(c.copy(alpha: 0.5)?.components == [0.2, 0.4, 0.6, 0.5])
    }

    @Test func grayAndConstants() {
        #expect(CGColor(gray: 0.5, alpha: 1).components == [0.5, 1])
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.clear.alpha == 0)
        #expect(CGColorGetConstantColor(kCGColorWhite) == .white)
        #expect(CGColorGetConstantColor("nonsense") == nil)
    }

    @Test func clampingAndNaN() {
        // sRGB components are clamped; extended sRGB keeps them; NaN reads as 0.
        #expect(CGColor(red: 1.5, green: -1, blue: .nan, alpha: 2).components == [1, 0, 0, 1])
        #expect(CGColor(extendedSRGBRed: 1.5, green: -0.25, blue: 0, alpha: 1).components == [1.5, -0.25, 0, 1])
    }

    @Test func conversionToGrayUsesRec709Luma() throws {
        // Pure green's luma is 0.7152 in linear light (Rec. 709), re-encoded with the sRGB curve.
        let gray = try #require(CGColor(red: 0, green: 1, blue: 0, alpha: 1).converted(to: CGColorSpace(name: CGColorSpace.linearGray)!, intent: .defaultIntent, options: nil))
        #expect(abs(gray.components![0] - 0.7152) < 1e-9)
    }

    @Test func colorSpaces() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.numberOfComponents == 3)
        #expect(CGColorSpace(name: CGColorSpace.extendedSRGB)?.isWideGamutRGB == true)
        #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
        #expect(CGColorSpace(name: "made up") == nil)
        var comps: [CGFloat] = [1, 0, 0, 1]
        #expect(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: &comps) != nil)
    }
}

import Testing
import CoreGraphics

/// Bitmap layouts other than the canonical one, and the bounds on what a context accepts.
@Suite struct ContextFormatTests {
    @Test func premultipliedLastIsRGBAInMemory() {
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 4)
        let ctx = CGContext(data: &bytes, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(Array(bytes[0..<4]) == [255, 128, 0, 255])
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // Blue at 50 % over orange, premultiplied: (128, 64, 128, 255) ±1.
        #expect(abs(Int(bytes[0]) - 128) <= 1 && abs(Int(bytes[1]) - 64) <= 1 && abs(Int(bytes[2]) - 128) <= 1 && bytes[3] == 255)
    }

    @Test func grayAndAlphaOnlyContexts() {
        let gray = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        gray.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        gray.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // Luma of pure green in encoded values: 0.7152 · 255 = 182.
        #expect(abs(Int(gray.data!.load(as: UInt8.self)) - 182) <= 1)
        let alpha = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        alpha.setFillColor(CGColor(gray: 0, alpha: 0.5))
        alpha.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(abs(Int(alpha.data!.load(as: UInt8.self)) - 128) <= 1)
        #expect(alpha.makeImage() != nil)
    }

    @Test func refusesUnsupportedAndOversizedBitmaps() {
        let rgb = CGColorSpaceCreateDeviceRGB(), info = CGImageAlphaInfo.premultipliedLast.rawValue
        #expect(CGContext(data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) == nil)
        #expect(CGContext(data: nil, width: -5, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) == nil)
        #expect(CGContext(data: nil, width: 100_000, height: 100_000, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 20, space: rgb, bitmapInfo: info) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0, space: rgb, bitmapInfo: info) == nil)
        #expect(CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: rgb,
                        bitmapInfo: CGBitmapInfo(rawValue: info), provider: CGDataProvider(data: Data([1, 2]))!,
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)  // too few bytes
    }

    @Test func nonFiniteDrawingIsIgnored() {
        let ctx = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        ctx.scaleBy(x: 0, y: 0)  // singular: kept (Apple's CTM collapses) and nothing draws
        ctx.translateBy(x: .infinity, y: 0)  // non-finite: refused
        #expect(ctx.ctm == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        ctx.setLineWidth(.nan)
        ctx.move(to: CGPoint(x: 1, y: 1)); ctx.addLine(to: CGPoint(x: CGFloat.infinity, y: 1)); ctx.strokePath()
        ctx.drawLinearGradient(CGGradient(colorsSpace: nil, colors: [CGColor.black] as CFArray, locations: nil)!,
                               start: CGPoint(x: CGFloat.nan, y: 0), end: .zero, options: [])
        #expect(ctx.makeImage() != nil)
    }
}

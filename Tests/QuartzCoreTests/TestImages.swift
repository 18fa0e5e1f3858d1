import Foundation
import Testing
@testable import QuartzCore

/// A `width`×`height` canonical bitmap drawn by `draw` (in CoreGraphics' y-up space) as an image.
func testBitmap(width: Int, height: Int, _ draw: (CGContext) -> Void) -> CGImage {
    let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpace(name: CGColorSpace.sRGB)!,
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    draw(ctx)
    return ctx.makeImage()!
}

/// A 2×2 image: top row red, blue; bottom row green, white (to check orientation).
func quadrantImage() throws -> CGImage {
    let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255]
    return try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
}

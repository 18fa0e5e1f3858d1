import Testing
import Foundation
import UIKit

/// `UIGraphicsImageRenderer(bounds:format:)`: the bounds' origin is the image's top left (Apple: "the bounds of the
/// context"), the image is bounds.size × scale pixels, and the format the renderer keeps reports those bounds.
@Suite struct ImageRendererTests {
    @Test func boundsOriginIsTheTopLeftOfTheImage() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 20, width: 30, height: 10), format: format)
        #expect(renderer.format.bounds == CGRect(x: 10, y: 20, width: 30, height: 10))
        #expect(format.bounds == .zero)   // the renderer keeps its own copy
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 10, y: 20, width: 10, height: 10))   // the first third, in bounds coordinates
        }
        let cg = try #require(image.cgImage)
        #expect(cg.width == 60 && cg.height == 20 && image.scale == 2)
        let pixels = cg.pixels
        #expect(pixels.pixel(x: 10, y: 10).r == 255 && pixels.pixel(x: 10, y: 10).a == 255)
        #expect(pixels.pixel(x: 30, y: 10).a == 0)   // outside the filled third
    }

    @Test func jpegDataAndTraitFormats() {
        let format = UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 3))
        #expect(format.scale == 3)
        let data = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format)
            .jpegData(withCompressionQuality: 0.9) { context in context.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }
        #expect(data.starts(with: [0xFF, 0xD8]))   // a JPEG's start-of-image marker
        #expect(UIGraphicsImageRendererFormat.preferred().scale == UIScreen.main.scale)
    }
}

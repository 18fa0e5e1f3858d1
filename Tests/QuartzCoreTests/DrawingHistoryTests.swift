import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// Nothing observable depends on what was drawn before: text, images and paths drawn at extreme scales leave no
/// state behind (a font or glyph cache, a Cairo scaled font) that changes later frames.
@Suite struct DrawingHistoryTests {
    /// A layer showing a 3 × 2 image beside a rounded, shadowed shape: images, paths and shadows drawn again.
    func pictureLayer() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        let pixels = TestCanvas(width: 3, height: 2, background: CGColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 1))
        pixels.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        pixels.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.contents = pixels.context.makeImage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 60, y: 5, width: 50, height: 30)
        shape.path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerWidth: 8, cornerHeight: 8, transform: nil)
        shape.shadowOpacity = 0.5
        shape.shadowRadius = 3
        layer.addSublayer(shape)
        return layer
    }

    func textLayer() -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        layer.string = "Calyx 123"
        layer.fontSize = 18
        layer.foregroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        return layer
    }

    /// The layer's `render(in:)` bytes in a fresh 120 × 40 context.
    func bytes(of layer: CALayer) -> [UInt8] {
        let canvas = TestCanvas(width: 120, height: 40, background: nil)
        layer.render(in: canvas.context)
        let data = canvas.context.data!.assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: data, count: canvas.context.bytesPerRow * 40))
    }

    /// The same text, then the same picture, drawn from scratch before and after drawing them (and paths)
    /// through transforms that scale by 10¹², 10⁻¹² and 10⁶, and one that is wildly skewed: the bytes agree.
    /// (Drawing text at 10¹² once left Cairo's shared font face sized so that later text came out different.)
    @Test func textAndPicturesDrawTheSameAfterHostileDraws() {
        let before = bytes(of: textLayer())
        let pictureBefore = bytes(of: pictureLayer())
        #expect(before.contains { $0 != 0 })
        for scale in [1e12, 1e-12, 1e6, 3.7] {
            let canvas = TestCanvas(width: 32, height: 32, background: nil)
            canvas.context.scaleBy(x: scale, y: scale)
            textLayer().render(in: canvas.context)
            pictureLayer().render(in: canvas.context)
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
            canvas.context.addPath(path)
            canvas.context.fillPath()
        }
        let skewed = TestCanvas(width: 32, height: 32, background: nil)
        skewed.context.concatenate(CGAffineTransform(a: 1e9, b: 3, c: -2, d: 1e-9, tx: 1e15, ty: -1e15))
        textLayer().render(in: skewed.context)
        pictureLayer().render(in: skewed.context)
        let pictureAfter = bytes(of: pictureLayer())
        #expect(zip(pictureBefore, pictureAfter).filter { $0 != $1 }.isEmpty)
        let after = bytes(of: textLayer())
        let differing = zip(before, after).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }
}

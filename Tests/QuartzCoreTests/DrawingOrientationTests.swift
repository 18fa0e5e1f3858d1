import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// Which way up a layer's `draw(in:)` context runs. On iOS the context a layer draws into has its origin at the
/// top-left with y growing down, like the layer geometry around it (Apple's "Drawing and Printing Guide for
/// iOS", default coordinate systems: UIKit and Core Animation use an upper-left origin). The well-known
/// consequences follow from Core Graphics' own rules in such a context: a rectangle at y = 0 is at the top, and
/// an image drawn with `draw(_:in:)` comes out upside down (its first row goes to the rectangle's maximum y).
/// A `geometryFlipped` layer turns its context back to y up ("contentsAreFlipped", semantics §9.9). Both renderers
/// show the same.
@Suite(.serialized) struct DrawingOrientationTests {
    /// Fills the top quarter of its bounds red, or draws `image` over its bounds.
    final class QuarterLayer: CALayer, @unchecked Sendable {
        var image: CGImage?
        override init() { super.init() }
        required init(layer: Any) { super.init(layer: layer); image = (layer as? QuarterLayer)?.image }
        required init?(coder: NSCoder) { fatalError() }
        override func draw(in ctx: CGContext) {
            if let image { ctx.draw(image, in: bounds); return }
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 4))
        }
    }

    final class QuarterTiledLayer: CATiledLayer, @unchecked Sendable {
        override class func fadeDuration() -> CFTimeInterval { 0 }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 4))
        }
    }

    /// Draws `layer` (40 × 40 at the origin of a white 40 × 40 root) through `CARenderer` and through
    /// `render(in:)` into a context with UIKit's top-left origin, and answers both canvases, read top-down.
    func draw(_ layer: CALayer, settle: ((CALayer) -> Void)? = nil) -> [(canvas: TestCanvas, renderer: String)] {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.frame = root.bounds
        root.addSublayer(layer)
        layer.setNeedsDisplay()
        CATransaction.flush()
        let canvas = TestCanvas(width: 40, height: 40)
        let renderer = CARenderer(context: canvas.context)
        renderer.layer = root
        renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
        if let settle {
            settle(layer)
            renderer.beginFrame(atTime: 1.0 / 60, timeStamp: nil); renderer.render(); renderer.endFrame()
        }
        let snapshot = TestCanvas(width: 40, height: 40)
        snapshot.flipToTopLeftOrigin()
        root.render(in: snapshot.context)
        return [(canvas, "CARenderer"), (snapshot, "render(in:)")]
    }

    @Test func aRectangleAtYZeroIsAtTheTop() {
        withClock(at: 0) { _ in
            for (canvas, renderer) in draw(QuarterLayer()) {
                #expect(canvas.pixel(topDown: 20, 4) == .red && canvas.pixel(topDown: 20, 35) == .white, "\(renderer)")
            }
        }
    }

    @Test func aGeometryFlippedLayerDrawsYUp() {
        withClock(at: 0) { _ in
            let layer = QuarterLayer()
            layer.isGeometryFlipped = true
            for (canvas, renderer) in draw(layer) {
                #expect(canvas.pixel(topDown: 20, 35) == .red && canvas.pixel(topDown: 20, 4) == .white, "\(renderer)")
            }
        }
    }

    @Test func anImageDrawnWithDrawInRectComesOutUpsideDown() throws {
        // An image whose first row (its top) is red and the rest blue.
        let source = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                            space: CGColorSpaceCreateDeviceRGB(),
                                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        source.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1)); source.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        source.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); source.fill(CGRect(x: 0, y: 3, width: 4, height: 1))
        let image = try #require(source.makeImage())
        withClock(at: 0) { _ in
            let layer = QuarterLayer()
            layer.image = image
            for (canvas, renderer) in draw(layer) {
                #expect(canvas.pixel(topDown: 20, 36) == .red && canvas.pixel(topDown: 20, 4) == .blue, "\(renderer)")
            }
        }
    }

    /// (Through the compositor only: `render(in:)` draws no tiles, only what has been drawn of a layer already.)
    @Test func aTiledLayerDrawsItsTilesTheSameWayUp() {
        withClock(at: 0) { _ in
            let layer = QuarterTiledLayer()
            let canvas = draw(layer, settle: { layer in _ = (layer as! QuarterTiledLayer).tiles.waitUntilIdle() })[0].canvas
            #expect(canvas.pixel(topDown: 20, 4) == .red && canvas.pixel(topDown: 20, 35) == .white)
        }
    }
}

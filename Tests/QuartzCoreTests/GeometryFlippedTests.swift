import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// `isGeometryFlipped` (Apple's header and docs; semantics §9.9): a flipped layer's bounds space runs the other
/// way up within its bounds, so its sublayers are placed from the other edge (from the bottom on iOS's y-down
/// screen); its frame does not move, and images and text keep their orientation. Expectations are hand-computed.
@Suite struct GeometryFlippedTests {
    /// A 100×100 flipped container at the origin of a 100×100 root, holding a 100×20 red band with frame y = 0.
    func scene(flipped: Bool = true) -> (root: CALayer, container: CALayer, band: CALayer) {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
        let container = CALayer(); container.frame = root.bounds; container.isGeometryFlipped = flipped
        let band = CALayer(); band.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        band.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        container.addSublayer(band); root.addSublayer(container)
        return (root, container, band)
    }

    @Test func pointsConvertThroughTheMirror() {
        let (root, container, band) = scene()
        // The band's origin is y = 0 in the container's (flipped) space: y = 100 in the root's.
        #expect(band.convert(CGPoint(x: 10, y: 0), to: root) == CGPoint(x: 10, y: 100))
        #expect(band.convert(CGPoint(x: 10, y: 20), to: root) == CGPoint(x: 10, y: 80))
        #expect(root.convert(CGPoint(x: 10, y: 90), to: band) == CGPoint(x: 10, y: 10))
        #expect(container.convert(CGPoint(x: 0, y: 25), to: root) == CGPoint(x: 0, y: 75))
        #expect(band.frame == CGRect(x: 0, y: 0, width: 100, height: 20))   // the frame does not move
        #expect(root.hitTest(CGPoint(x: 50, y: 90)) === band)
        #expect(root.hitTest(CGPoint(x: 50, y: 10)) === container)
    }

    @Test func sublayersArePlacedFromTheOtherEdge() {
        let painted = TestCanvas(width: 100, height: 100)
        painted.flipToTopLeftOrigin()   // render(in:) draws into the context's space: make it y-down, as on iOS
        scene().root.render(in: painted.context)
        let composited = withClock(at: 0) { _ in renderedFrame(scene().root, at: 0) }
        for (name, canvas) in [("painted", painted), ("composited", composited)] {
            #expect(canvas.pixel(topDown: 50, 90) == .red && canvas.pixel(topDown: 50, 10) == .white, "\(name)")
        }
        // Unflipped, the band is at the top.
        let plain = withClock(at: 0) { _ in renderedFrame(scene(flipped: false).root, at: 0) }
        #expect(plain.pixel(topDown: 50, 10) == .red && plain.pixel(topDown: 50, 90) == .white)
    }

    @Test func imagesInFlippedSpaceStayUpright() throws {
        // A 2×2 image, top row red and blue, bottom row green and white, filling a sublayer of the flipped container.
        let image = try quadrantImage()
        let (root, _, band) = scene()
        band.backgroundColor = nil
        band.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        band.contents = image; band.magnificationFilter = .nearest
        let painted = TestCanvas(width: 100, height: 100)
        painted.flipToTopLeftOrigin()
        root.render(in: painted.context)
        let composited = withClock(at: 0) { _ in renderedFrame(root, at: 0) }
        for (name, canvas) in [("painted", painted), ("composited", composited)] {
            #expect(canvas.pixel(topDown: 25, 25) == .red && canvas.pixel(topDown: 75, 25) == .blue, "\(name)")
            #expect(canvas.pixel(topDown: 25, 75) == Pixel(0, 255, 0), "\(name)")
        }
    }
}

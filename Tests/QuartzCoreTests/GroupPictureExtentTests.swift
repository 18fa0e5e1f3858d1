import Foundation
import Testing
import CalyxTestSupport
@testable import QuartzCore

/// How large a group's picture is made, and how much of the frame a blended picture works on: containers that
/// draw nothing of their own (every Lottie layer and group is one, as large as its composition) add nothing to
/// the picture, and a wide blur is pictured coarsely.
@Suite struct GroupPictureExtentTests {
    /// A 400 × 400 container with no background, blended by multiply (so drawn as a group: it holds two
    /// pictures), holding a red 20 × 20 square and a smaller one on it over a background of (0.5, 0.5, 1).
    /// Multiply gives red × background = (128, 0, 0) inside the squares and leaves the background outside; the
    /// group's picture covers the squares and their margin, not the container (it was 404 × 404 pixels, and the
    /// blend worked every pixel of the frame).
    @Test func aContainerGroupIsPicturedOnlyWhereItsSublayersDraw() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            root.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 1, alpha: 1)
            let container = CALayer(); container.frame = root.bounds
            container.compositingFilter = "multiplyBlendMode"
            let square = CALayer(); square.frame = CGRect(x: 190, y: 190, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            container.addSublayer(square)
            let inner = CALayer(); inner.frame = CGRect(x: 196, y: 196, width: 8, height: 8)
            inner.backgroundColor = square.backgroundColor
            container.addSublayer(inner)
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            for (x, y) in [(191, 191), (200, 200), (208, 208)] {
                let p = canvas.pixel(topDown: x, y)
                #expect(abs(p.r - 128) <= 1 && p.g <= 1 && p.b <= 1, "(\(x), \(y)) is \(p)")
            }
            for (x, y) in [(187, 200), (200, 213), (20, 20), (390, 390)] {
                let p = canvas.pixel(topDown: x, y)
                #expect(abs(p.r - 128) <= 1 && abs(p.g - 128) <= 1 && p.b >= 254, "(\(x), \(y)) is \(p)")
            }
            let picture = renderer.compositor.rasters.content[ObjectIdentifier(container)]?.image
            #expect(picture.map { $0.width <= 40 && $0.height <= 40 } == true, "\(String(describing: picture))")
        }
    }

    /// A container blurred by σ = 10 points (`CIGaussianBlur`'s radius) holding a black band from x = 100 to
    /// x = 300 taller than the frame: across its left edge each pixel is white darkened by the Gaussian's
    /// cumulative share, 255·(1 − Φ((x + ½ − 100)/σ)). The picture is made at 0.4 pixels a point (the blur
    /// spans four of its pixels), not 1, and the magnified result still follows the formula within 6 levels
    /// (three box blurs against the true Gaussian, and the magnification).
    @Test func aWideBlurIsPicturedCoarselyAndStaysGaussian() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 400, height: 200); root.backgroundColor = CGColor.white
            let container = CALayer(); container.frame = root.bounds
            container.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 10])!]
            let band = CALayer(); band.frame = CGRect(x: 100, y: -200, width: 200, height: 600)
            band.backgroundColor = CGColor.black
            container.addSublayer(band)
            root.addSublayer(container)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.squareRoot())) }
            for x in stride(from: 76, through: 124, by: 4) {
                let expected = 255 * (1 - phi((Double(x) + 0.5 - 100) / 10))
                let p = canvas.pixel(topDown: x, 100)
                #expect(abs(Double(p.r) - expected) <= 6, "x = \(x): \(p.r), expected \(expected)")
            }
            let scale = renderer.compositor.rasters.content[ObjectIdentifier(container)]?.scale
            #expect(scale.map { abs($0 - 0.4) < 1e-9 } == true, "\(String(describing: scale))")
        }
    }

    /// The blur's means are found by multiplying with a reciprocal: the same bytes as three box blurs each way
    /// computed here by division, on a random picture, for boxes of odd and even sizes.
    @Test func blurMatchesBoxesComputedByDivision() {
        let (width, height) = (37, 23)
        var generator = SystemRandomNumberGenerator()
        let original = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for sigma in [1.5, 2.2, 6.0, 17.3] {
            var blurred = original
            blurred.withUnsafeMutableBufferPointer {
                GaussianBlur.blur($0.baseAddress!, width: width, height: height, bytesPerRow: width * 4, sigma: sigma)
            }
            var expected = original
            func boxLine(_ at: (Int) -> Int, count: Int, box: (left: Int, right: Int)) {
                let copy = (0..<count).map { i in (0..<4).map { Int(expected[at(i) + $0]) } }
                let size = box.left + box.right + 1
                for i in 0..<count {
                    for c in 0..<4 {
                        let sum = (i - box.left...i + box.right).reduce(0) { $0 + copy[min(max($1, 0), count - 1)][c] }
                        expected[at(i) + c] = UInt8((sum + size / 2) / size)
                    }
                }
            }
            let boxes = GaussianBlur.boxes(sigma: sigma)
            for y in 0..<height { for box in boxes { boxLine({ (y * width + $0) * 4 }, count: width, box: box) } }
            for x in 0..<width { for box in boxes { boxLine({ ($0 * width + x) * 4 }, count: height, box: box) } }
            #expect(blurred == expected, "σ = \(sigma)")
        }
    }
}

import Testing
import CalyxTestSupport
@testable import QuartzCore

/// The compositor's other ways of reading a mask (``MaskReading``, used by Lottie's track mattes), probed against
/// values worked out by hand: a red 40-point square masked by a 20-point square in its top-left quarter, over
/// white. Alpha shows red only in the quarter; inverted alpha everywhere else; a mid-grey mask's luminance
/// (128 of 255 premultiplied, so coverage 128/255) shows half red, its inverse the other half.
@Suite struct MaskReadingTests {
    func frame(reading: MaskReading, maskColor: CGColor) -> TestCanvas {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            root.backgroundColor = CGColor.white
            let masked = CALayer(); masked.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            masked.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let mask = CALayer(); mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20); mask.backgroundColor = maskColor
            masked.mask = mask
            masked.maskReading = reading
            root.addSublayer(masked)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            return canvas
        }
    }

    static let red = Pixel(255, 0, 0), halfRed = Pixel(255, 127, 127)

    @Test func alphaShowsWhatTheMaskCovers() {
        let canvas = frame(reading: .alpha, maskColor: CGColor.black)
        #expect(canvas.pixel(topDown: 15, 15).isClose(to: Self.red, tolerance: 2))
        #expect(canvas.pixel(topDown: 40, 40).isClose(to: .white, tolerance: 2))
    }

    @Test func invertedAlphaShowsWhatTheMaskDoesNotCover() {
        let canvas = frame(reading: .invertedAlpha, maskColor: CGColor.black)
        #expect(canvas.pixel(topDown: 15, 15).isClose(to: .white, tolerance: 2))
        #expect(canvas.pixel(topDown: 40, 40).isClose(to: Self.red, tolerance: 2))
        #expect(canvas.pixel(topDown: 45, 15).isClose(to: Self.red, tolerance: 2), "beyond the mask's own extent")
        #expect(canvas.pixel(topDown: 5, 5).isClose(to: .white, tolerance: 2), "outside the masked layer")
    }

    @Test func luminanceReadsTheMasksBrightness() {
        let grey = CGColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255, alpha: 1)
        let canvas = frame(reading: .luminance, maskColor: grey)
        #expect(canvas.pixel(topDown: 15, 15).isClose(to: Self.halfRed, tolerance: 3), "\(canvas.pixel(topDown: 15, 15))")
        #expect(canvas.pixel(topDown: 40, 40).isClose(to: .white, tolerance: 2), "clear reads as black")
        let black = frame(reading: .luminance, maskColor: CGColor.black)
        #expect(black.pixel(topDown: 15, 15).isClose(to: .white, tolerance: 2), "an opaque black mask hides")
        let inverted = frame(reading: .invertedLuminance, maskColor: grey)
        #expect(inverted.pixel(topDown: 15, 15).isClose(to: Pixel(255, 128, 128), tolerance: 3), "\(inverted.pixel(topDown: 15, 15))")
        #expect(inverted.pixel(topDown: 40, 40).isClose(to: Self.red, tolerance: 2))
    }
}

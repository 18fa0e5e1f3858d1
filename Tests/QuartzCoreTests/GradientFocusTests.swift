import Testing
import Foundation
@testable import QuartzCore
import CalyxTestSupport

/// A radial gradient's focus (`CAGradientLayer.focalOffset`, Calyx's capability for After Effects' gradient
/// highlight): the first colour at the focus, the last on the ellipse about `startPoint`, as a two-point radial
/// gradient from a zero-radius circle at the focus to the ellipse (SVG's `fx`/`fy`).
@Suite struct GradientFocusTests {
    /// Black to white over a 100-point circle about (50, 50), the focus 25 points left of the centre. A point
    /// P on the horizontal axis has the t with |P − (F + t·(C − F))| = 50·t (F the focus, C the centre), worked
    /// by hand: the focus 0, the centre 1/3, halfway from the focus to the left rim ½, halfway from the centre
    /// to the right rim ⅔, both rims 1.
    func focusedFrame(focus: CGPoint) -> TestCanvas {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        gradient.type = .radial
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5); gradient.endPoint = CGPoint(x: 1, y: 1)
        gradient.focalOffset = focus
        root.addSublayer(gradient)
        return renderedFrame(root)
    }

    @Test func theFocusMovesWhereTheColoursStart() {
        let canvas = focusedFrame(focus: CGPoint(x: -0.25, y: 0))
        // Pixel centres sit half a point below the axis: t moves by far less than a level there.
        for (x, t) in [(25, 0.0), (50, 1.0 / 3), (12, 0.5), (75, 2.0 / 3), (99, 1.0)] {
            let level = Int((t * 255).rounded())
            // (Pixels next to the focus and rims change fastest: x is each pixel's left edge, its centre at x + ½.)
            #expect(canvas.pixel(topDown: x, 50).isClose(to: Pixel(level, level, level), tolerance: x == 25 ? 8 : 4),
                    "x \(x): \(canvas.pixel(topDown: x, 50)), expected about \(level)")
        }
    }

    @Test func noFocusIsThePlainRadialGradient() {
        let canvas = focusedFrame(focus: .zero)
        // Centred: t = distance / 50.
        for (x, t) in [(50, 0.0), (25, 0.5), (75, 0.5)] {
            let level = Int((t * 255).rounded())
            #expect(canvas.pixel(topDown: x, 50).isClose(to: Pixel(level, level, level), tolerance: 6), "x \(x): \(canvas.pixel(topDown: x, 50))")
        }
    }

    /// A focus at or beyond the rim is held just inside it, where the gradient is still a cone of circles.
    @Test func aFocusPastTheRimIsKeptInside() {
        let canvas = focusedFrame(focus: CGPoint(x: 3, y: 0))
        #expect(canvas.pixel(topDown: 98, 50).r < 40, "\(canvas.pixel(topDown: 98, 50))")
        #expect(canvas.pixel(topDown: 2, 50).r > 215, "\(canvas.pixel(topDown: 2, 50))")
    }

    @Test func theFocusAnimatesUnderItsKey() {
        withClock { clock in
            let layer = CAGradientLayer()
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: CAGradientLayer.focalOffsetKey)
            move.fromValue = CGPoint(x: 0, y: 0); move.toValue = CGPoint(x: 0.4, y: -0.2); move.duration = 2
            layer.add(move, forKey: "focus")
            CATransaction.flush()
            clock.advance(by: 1)
            let halfway = layer.presentation()!.focalOffset
            #expect(abs(halfway.x - 0.2) < 1e-9 && abs(halfway.y + 0.1) < 1e-9, "\(halfway)")
            #expect(layer.focalOffset == .zero)
        }
    }
}

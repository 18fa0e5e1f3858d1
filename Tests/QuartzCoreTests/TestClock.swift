@testable import QuartzCore
import CalyxTestSupport

/// Runs `body` with a manual media clock starting at `time`, bound to this task only, so tests choose time and
/// never see each other's animation events. Flushes the thread's implicit transaction before and after.
func withClock<T>(at time: CFTimeInterval = 100, _ body: (CAMediaClock) throws -> T) rethrows -> T {
    let clock = CAMediaClock(manualTime: time)
    return try CAMediaClock.$current.withValue(clock) {
        CATransaction.flush()
        defer { CATransaction.flush() }
        return try body(clock)
    }
}

/// A committed root layer, so implicit animations and presentation work.
func committedLayer() -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    CATransaction.flush()
    return layer
}

func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }
func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

/// A CARenderer drawing `root` into a fresh canvas of the root's size (y down, as on iOS), cleared to
/// `background` (transparent when nil).
func frameRenderer(for root: CALayer, background: CGColor? = .white) -> (canvas: TestCanvas, renderer: CARenderer) {
    let canvas = TestCanvas(width: Int(root.bounds.width), height: Int(root.bounds.height), background: background)
    let renderer = CARenderer(context: canvas.context)
    renderer.layer = root
    return (canvas, renderer)
}

extension CARenderer {
    /// One whole frame at media time `t`.
    func drawFrame(at t: CFTimeInterval) {
        beginFrame(atTime: t, timeStamp: nil); render(); endFrame()
    }
}

/// Commits, then draws one frame of `root` at time `t` through a fresh CARenderer into a canvas of the root's
/// size (y down, as on iOS), cleared to `background` (transparent when nil).
func renderedFrame(_ root: CALayer, at t: CFTimeInterval = 1, background: CGColor? = .white) -> TestCanvas {
    CATransaction.flush()
    let (canvas, renderer) = frameRenderer(for: root, background: background)
    renderer.drawFrame(at: t)
    return canvas
}

import CoreGraphics
import QuartzCore
import UIKit
import CoreText

/// What a random program acts on: a pool of layers (the first is the renderer's root until a call changes it),
/// a renderer and a snapshot canvas, a manual clock, and the digest of everything the program observed.
final class ProgramWorld {
    static let canvasSize = 48
    var layers: [CALayer]
    let clock: CAMediaClock
    let renderer: CARenderer
    let rendererCanvas: CGContext
    let snapshotCanvas: CGContext
    var digest = FNV1a()
    var openTransactions = 0
    var diagnostics = 0
    var views: [UIView] = []
    /// The window controls sit in, so touches reach them (not drawn: the renderer draws the layer pool's root).
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: ProgramWorld.canvasSize, height: ProgramWorld.canvasSize))
    var animators: [UIViewPropertyAnimator] = []
    /// Layer delegates the program set (layers hold their delegates weakly, as on Apple).
    var keptAlive: [AnyObject] = []
    var completions = 0

    init(clock: CAMediaClock) {
        self.clock = clock
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.canvasSize, height: Self.canvasSize)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        layers = [root]
        rendererCanvas = Self.makeCanvas()
        snapshotCanvas = Self.makeCanvas()
        renderer = CARenderer(context: rendererCanvas)
        renderer.layer = root
        // Tiles are drawn on other threads, as they come: a live frame's tiles depend on timing. Programs render
        // as the exporter does, waiting for them, so both runs of a program draw the same frames.
        renderer.waitsForTiles = true
    }

    static func makeCanvas() -> CGContext {
        CGContext(data: nil, width: canvasSize, height: canvasSize, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// The layer a generated index names: indices wrap, so a program shrunk by dropping the calls that made
    /// layers still names layers.
    func layer(_ index: Int) -> CALayer { layers[index % layers.count] }

    /// The view a generated index names (indices wrap), or nil before any view exists.
    func view(_ index: Int) -> UIView? { views.isEmpty ? nil : views[index % views.count] }

    /// Folds the canvas's pixels into the digest.
    func observe(_ context: CGContext) {
        guard let image = context.makeImage(), let data = image.dataProvider?.data as Data? else { return }
        data.withUnsafeBytes { digest.add($0) }
    }

    /// Commits, moves the manual clock by `dt` (when the sum is finite) and delivers the animation events, as a run
    /// loop's frame does.
    func advanceClock(by dt: Double) {
        let next = clock.currentTime + dt
        CATransaction.flush()
        if next.isFinite { clock.setManualTime(next) }
        CAProcessAnimationEvents()
    }

    /// Folds a description of an observed value into the digest.
    func observe(_ value: Any?) { digest.add(String(describing: value)) }
}

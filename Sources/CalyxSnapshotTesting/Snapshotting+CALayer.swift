import CalyxHost
import CoreGraphics
import Foundation
import QuartzCore
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// The layer tree as it is now, as a PNG.
    public static var image: Snapshotting { image() }

    /// The layer tree `time` seconds from now on the media clock, as the render server would draw it then, as a PNG.
    ///
    /// Time is measured from the media time when the snapshot is taken, and the tree is drawn, not changed: no
    /// animation events are delivered and the clock does not move. Build the tree under a manual clock
    /// (``withManualMediaTime(_:_:)``) and every run draws the same pixels.
    ///
    /// - Parameters:
    ///   - time: Seconds after the snapshot is taken.
    ///   - size: The frame's size in points (the layer's bounds when nil).
    ///   - scale: Pixels per point.
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to match (see `Diffing.image(precision:perceptualPrecision:)`).
    public static func image(atTime time: CFTimeInterval = 0, size: CGSize? = nil, scale: CGFloat = 1,
                             precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { layer in
            LayerFrames.render(layer, at: [time], size: size, scale: scale).first ?? Diffing<CGImage>.emptyImage
        }
    }

    /// The layer tree at several times, side by side in one PNG (left to right, 4 points apart, on transparent
    /// pixels): a whole animation checked in one reference.
    public static func filmstrip(times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1,
                                 precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { layer in
            LayerFrames.strip(LayerFrames.render(layer, at: times, size: size, scale: scale), gap: Int((4 * scale).rounded()))
        }
    }
}

extension Snapshotting where Value == CALayer, Format == Data {
    /// The layer tree's next `duration` seconds as a looping GIF, at `framesPerSecond`: for reading in review
    /// (every pull request shows the animation). GIFs compare byte for byte; assert on `image(atTime:…)`
    /// or `filmstrip(times:…)` where a tolerance is needed.
    public static func gif(duration: CFTimeInterval, framesPerSecond: Double = 15, size: CGSize? = nil,
                           scale: CGFloat = 1) -> Snapshotting {
        let diffing = Diffing<Data>.diff(toData: { $0 }, fromData: { $0 }, diffV2: { reference, actual in
            reference == actual ? nil : ("The GIF differs from the reference (\(actual.count) bytes against \(reference.count)).", [])
        })
        return Snapshotting(pathExtension: "gif", diffing: diffing) { layer in
            LayerFrames.gif(layer, duration: duration, framesPerSecond: framesPerSecond, size: size, scale: scale)
        }
    }
}

/// Runs `body` with a media clock that stands still at `time` until moved, so that the animations it builds
/// begin at known times and snapshots draw the same pixels on every run and machine.
///
///     withManualMediaTime {
///         let layer = makeSpinner()
///         assertSnapshot(of: layer, as: .filmstrip(times: [0, 0.25, 0.5]))
///     }
public func withManualMediaTime<R>(_ time: CFTimeInterval = 0, _ body: () throws -> R) rethrows -> R {
    try CAMediaClock.$current.withValue(CAMediaClock(manualTime: time), operation: body)
}

/// The frames snapshots are made of, drawn by `AnimationExporter` (so exactly what an export shows).
enum LayerFrames {
    static func options(_ layer: CALayer, start: CFTimeInterval, size: CGSize?, scale: CGFloat) -> AnimationExportOptions {
        var options = AnimationExportOptions()
        options.size = size ?? layer.bounds.size
        options.scale = scale
        options.startTime = start
        return options
    }

    static func render(_ layer: CALayer, at times: [CFTimeInterval], size: CGSize?, scale: CGFloat) -> [CGImage] {
        CATransaction.flush()
        let now = CACurrentMediaTime()
        return times.compactMap { time in
            var options = options(layer, start: now + time, size: size, scale: scale)
            options.duration = 0
            options.frames = 0...0
            return try? AnimationExporter(layer: layer, options: options).renderFrames().first
        }
    }

    static func gif(_ layer: CALayer, duration: CFTimeInterval, framesPerSecond: Double, size: CGSize?, scale: CGFloat) -> Data {
        CATransaction.flush()
        var options = options(layer, start: CACurrentMediaTime(), size: size, scale: scale)
        options.duration = duration
        options.framesPerSecond = framesPerSecond
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("calyx-snapshot-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? AnimationExporter(layer: layer, options: options).export(to: url, format: .gif)) != nil else { return Data() }
        return (try? Data(contentsOf: url)) ?? Data()
    }

    /// Images left to right, `gap` pixels apart, top-aligned.
    static func strip(_ images: [CGImage], gap: Int) -> CGImage {
        let width = images.reduce(0) { $0 + $1.width } + gap * max(0, images.count - 1)
        let height = images.map(\.height).max() ?? 0
        guard width > 0, height > 0,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return Diffing<CGImage>.emptyImage }
        var x = 0
        for image in images {
            context.draw(image, in: CGRect(x: x, y: height - image.height, width: image.width, height: image.height))
            x += image.width + gap
        }
        return context.makeImage() ?? Diffing<CGImage>.emptyImage
    }
}

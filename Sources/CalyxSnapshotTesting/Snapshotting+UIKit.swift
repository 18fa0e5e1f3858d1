import CoreGraphics
import Foundation
import Lottie
import QuartzCore
import SnapshotTesting
import UIKit

extension Snapshotting where Value == UIView, Format == CGImage {
    /// The view, laid out, as it is now, as a PNG.
    public static var image: Snapshotting { image() }

    /// The view, laid out at `size` (its own size when nil), `time` seconds from now, as a PNG. Time works as in
    /// the layer strategy `image(atTime:…)` for layers.
    public static func image(atTime time: CFTimeInterval = 0, size: CGSize? = nil, scale: CGFloat = 1,
                             precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.image(atTime: time, scale: scale, precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { view in prepared(view, size: size) }
    }

    /// The view at several times, side by side in one PNG.
    public static func filmstrip(times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1,
                                 precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.filmstrip(times: times, scale: scale, precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { view in prepared(view, size: size) }
    }

    static func prepared(_ view: UIView, size: CGSize?) -> CALayer {
        if let size { view.frame.size = size }
        view.setNeedsLayout()
        view.layoutIfNeeded()
        return view.layer
    }
}

extension Snapshotting where Value == UIView, Format == Data {
    /// The view's next `duration` seconds as a looping GIF (see the layer strategy of the same name).
    public static func gif(duration: CFTimeInterval, framesPerSecond: Double = 15, size: CGSize? = nil,
                           scale: CGFloat = 1) -> Snapshotting {
        Snapshotting<CALayer, Data>.gif(duration: duration, framesPerSecond: framesPerSecond, scale: scale)
            .pullback { view in Snapshotting<UIView, CGImage>.prepared(view, size: size) }
    }
}

extension Snapshotting where Value == UIViewController, Format == CGImage {
    /// The controller's view in a window of `size` (an iPhone's 390 × 844 points by default), laid out and
    /// appeared, `time` seconds from now, as a PNG.
    public static func image(atTime time: CFTimeInterval = 0, size: CGSize = CGSize(width: 390, height: 844),
                             scale: CGFloat = 1, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.image(atTime: time, scale: scale, precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { controller in hosted(controller, size: size) }
    }

    /// The controller's view at several times, side by side in one PNG.
    public static func filmstrip(times: [CFTimeInterval], size: CGSize = CGSize(width: 390, height: 844), scale: CGFloat = 1,
                                 precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.filmstrip(times: times, scale: scale, precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { controller in hosted(controller, size: size) }
    }

    /// Puts the controller in a window of `size` as its root (once), so it loads, lays out and appears as on a screen.
    static func hosted(_ controller: UIViewController, size: CGSize) -> CALayer {
        let window = controller.view.window ?? UIWindow(frame: CGRect(origin: .zero, size: size))
        window.frame = CGRect(origin: .zero, size: size)
        if window.rootViewController !== controller, controller.view.window == nil { window.rootViewController = controller }
        window.setNeedsLayout()
        window.layoutIfNeeded()
        return window.layer
    }
}

extension Snapshotting where Value == LottieAnimation, Format == CGImage {
    /// The animation at `progress` (0 is its first frame, 1 its last), drawn at `size` (the animation's own size
    /// when nil) with `contentMode`, as a PNG.
    public static func image(atProgress progress: AnimationProgressTime = 0, size: CGSize? = nil,
                             contentMode: LottieContentMode = .scaleAspectFit, scale: CGFloat = 1,
                             precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        filmstrip(progresses: [progress], size: size, contentMode: contentMode, scale: scale,
                  precision: precision, perceptualPrecision: perceptualPrecision)
    }

    /// The animation at several points of its progress, side by side in one PNG.
    public static func filmstrip(progresses: [AnimationProgressTime], size: CGSize? = nil,
                                 contentMode: LottieContentMode = .scaleAspectFit, scale: CGFloat = 1,
                                 precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { animation in
            let frames = progresses.compactMap { progress -> CGImage? in
                let player = LottieAnimationLayer(animation: animation)
                player.frame = CGRect(origin: .zero, size: size ?? animation.size)
                player.contentMode = contentMode
                player.currentProgress = progress
                player.layoutIfNeeded()
                return LayerFrames.render(player, at: [0], size: nil, scale: scale).first
            }
            return LayerFrames.strip(frames, gap: Int((4 * scale).rounded()))
        }
    }
}

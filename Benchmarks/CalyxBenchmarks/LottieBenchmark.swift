import CRLottie
import Foundation
import Lottie
import QuartzCore

/// Lottie playback against rlottie (Samsung's C++ player, Debian's librlottie) in the same process: each
/// engine draws every frame of the same file at 512 × 512, frame after frame as an export does, one core each
/// (rlottie draws a frame on the calling thread). Calyx's frame includes moving time on its player layer, the
/// commit, evaluating the animations and compositing; rlottie's includes its own evaluation and rasterizing.
/// The files are the Lottie tests' ThorVG references (Tests/LottieTests/References).
enum LottieBenchmark {
    static let size = 512
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/LottieTests/References")

    static func run(into report: inout BenchReport) {
        for name in ["showcase", "precomp-trim", "mattes-masks", "shapes", "motion"] {
            guard let data = try? Data(contentsOf: references.appendingPathComponent("\(name).json")),
                  let animation = try? LottieAnimation.from(data: data) else { continue }
            let frames = Int(animation.endFrame - animation.startFrame)
            let calyx = calyxSeconds(animation, frames: frames)
            let rlottie = rlottieSeconds(data, key: name, frames: frames)
            report.add("lottie.\(name).calyx_frame", calyx * 1e3, "ms",
                       note: "\(name): one \(size)×\(size) frame, Calyx on one core")
            if let rlottie {
                report.add("lottie.\(name).rlottie_frame", rlottie * 1e3, "ms", note: "\(name): the same frame drawn by rlottie")
                report.add("lottie.\(name).vs_rlottie", rlottie / calyx, "x", note: "rlottie's time ÷ Calyx's, same run (above 1: Calyx faster)")
            }
        }
    }

    /// Median seconds a frame, over rounds of every frame of the animation.
    static func calyxSeconds(_ animation: LottieAnimation, frames: Int) -> Double {
        let clock = CAMediaClock(manualTime: 0)
        return CAMediaClock.$current.withValue(clock) {
            let player = LottieAnimationLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: size, height: size)
            player.layoutIfNeeded()
            let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.threads = 1
            renderer.layer = player
            var t = 0.0
            func round() {
                for frame in 0..<frames {
                    player.currentFrame = animation.startFrame + CGFloat(frame)
                    CATransaction.flush()
                    t += 1.0 / 60
                    clock.setManualTime(t)
                    renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
                }
            }
            return medianSeconds(warmup: 1, runs: 7, round) / Double(frames)
        }
    }

    /// The same with rlottie; nil when it cannot read the file.
    static func rlottieSeconds(_ data: Data, key: String, frames: Int) -> Double? {
        let json = String(decoding: data, as: UTF8.self)
        guard let animation = lottie_animation_from_data(json, key, "") else { return nil }
        defer { lottie_animation_destroy(animation) }
        var buffer = [UInt32](repeating: 0, count: size * size)
        // (A yardstick that draws nothing is no yardstick: frame 25 must cover a few thousand pixels.)
        buffer.withUnsafeMutableBufferPointer { lottie_animation_render(animation, 25, $0.baseAddress, size, size, size * 4) }
        let covered = buffer.reduce(0) { $0 + ($1 >> 24 > 0 ? 1 : 0) }
        guard covered > 2000 else { return nil }
        func round() {
            buffer.withUnsafeMutableBufferPointer { pixels in
                for frame in 0..<frames {
                    lottie_animation_render(animation, frame, pixels.baseAddress, size, size, size * 4)
                }
            }
        }
        return medianSeconds(warmup: 1, runs: 7, round) / Double(frames)
    }
}

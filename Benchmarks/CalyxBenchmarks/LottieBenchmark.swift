import CRLottie
import CalyxHost
import Foundation
import Lottie
import MallocInterposerSwift
import QuartzCore

/// Lottie playback against rlottie (Samsung's C++ player, Debian's librlottie) in the same process: each
/// engine draws every frame of the same file at 512 × 512, frame after frame, one core each (rlottie rasterizes
/// on worker threads of its own: the frames of both are timed held to one core, OneCore.swift). Calyx's frames
/// are timed two ways: playing, as a window showing a playing `LottieAnimationView` draws them (the player plays;
/// each frame moves the media clock, evaluates the animations, composites what changed and delivers the frame's
/// events) — the figure compared with the other engines — and scrubbed, as a slider moving `currentFrame` draws
/// them (each frame also commits the moved playhead). rlottie's frame includes its own evaluation and
/// rasterizing (of the whole frame: it has no damage to go by).
/// The files are the Lottie tests' ThorVG references (Tests/LottieTests/References). ThorVG's times come from
/// scripts/bench-thorvg.py, which `make bench` runs after this on the same files and machine. Also: allocations
/// a frame, exporting each file to MP4 at 512 × 512, and loading a synthetic 1 MB file.
enum LottieBenchmark {
    static let size = 512
    /// `calyx-bench lottie <file> --profile <rounds> [--scrubbed]`: only Calyx's frames of that file, played (or
    /// scrubbed), that many rounds of every frame, for a sampling profiler (nil: the figures as usual).
    static let profileRounds: Int? = CommandLine.arguments.firstIndex(of: "--profile").flatMap {
        CommandLine.arguments.indices.contains($0 + 1) ? Int(CommandLine.arguments[$0 + 1]) : nil
    }
    static let profileScrubbed = CommandLine.arguments.contains("--scrubbed")

    /// How Calyx's player is moved from frame to frame.
    enum Driving { case playing, scrubbing }
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/LottieTests/References")

    /// Every reference file, export and loading; or, given `only`, that file's frames alone (for profiling).
    static func run(into report: inout BenchReport, only: String? = nil) {
        for name in ["showcase", "precomp-trim", "mattes-masks", "shapes", "motion", "gradients", "gradient-highlights", "blend-modes"] where only.map({ $0 == name }) ?? true {
            guard let data = try? Data(contentsOf: references.appendingPathComponent("\(name).json")),
                  let animation = try? LottieAnimation.from(data: data) else { continue }
            let frames = Int(animation.endFrame - animation.startFrame)
            if let rounds = profileRounds {
                // (For a profiler: Calyx's frames alone, for as long as asked, nothing else timed.)
                let player = calyxPlayer(animation, frames: frames, driving: profileScrubbed ? .scrubbing : .playing)
                for _ in 0..<(rounds + 1) { player.round() }
                continue
            }
            // Both engines on one core (rlottie's rasterizing workers, started at its first frame, stay there), their
            // rounds taken in turn, so a slow spell of the machine slows both alike.
            let (played, scrubbed, rlottie) = onOneCore { interleaved(animation, data: data, key: name, frames: frames) }
            report.add("lottie.\(name).calyx_frame", played.seconds * 1e3, "ms",
                       note: "\(name): one \(size)×\(size) frame, Calyx playing on one core (as the exporter draws it)")
            report.add("lottie.\(name).allocations", played.allocations, "allocs/frame",
                       note: "heap allocations a frame, playing, from moving the clock to the composited frame")
            report.add("lottie.\(name).calyx_scrubbed_frame", scrubbed.seconds * 1e3, "ms",
                       note: "\(name): the same frames scrubbed (currentFrame set before each: a commit a frame)")
            report.add("lottie.\(name).scrubbed_allocations", scrubbed.allocations, "allocs/frame",
                       note: "heap allocations a frame, scrubbed")
            if let rlottie {
                report.add("lottie.\(name).rlottie_frame", rlottie * 1e3, "ms", note: "\(name): the same frame drawn by rlottie")
                report.add("lottie.\(name).vs_rlottie", rlottie / played.seconds, "x",
                           note: "rlottie's time ÷ Calyx's playing, same run (above 1: Calyx faster)")
                report.add("lottie.\(name).scrubbed_vs_rlottie", rlottie / scrubbed.seconds, "x",
                           note: "rlottie's time ÷ Calyx's scrubbed, same run")
            }
            if only == nil, ["showcase", "mattes-masks", "shapes"].contains(name), let fps = exportFramesPerSecond(animation, name: name) {
                report.add("lottie.\(name).export_mp4", fps, "fps", note: "\(name) exported to MP4 at \(size)×\(size), frames per second")
            }
        }
        guard only == nil else { return }
        let (bytes, load, build, foundation) = loadSeconds()
        report.add("lottie.load_1mb", load * 1e3, "ms", note: "parsing a \(bytes / 1024) KiB file (LottieAnimation.from(data:))")
        report.add("lottie.load_1mb.jsonserialization", foundation * 1e3, "ms", note: "only reading the same JSON into Foundation objects (JSONSerialization), same run")
        report.add("lottie.load_1mb.vs_jsonserialization", foundation / load, "x", note: "JSONSerialization's time ÷ the whole parse's (above 1: the parse is faster than Foundation reading the JSON alone)")
        report.add("lottie.load_1mb_layers", build * 1e3, "ms", note: "building that file's layer tree (LottieAnimationLayer(animation:))")
    }

    /// Frames per second exporting the animation to MP4 at 512 × 512 (rendering, encoding and writing).
    static func exportFramesPerSecond(_ animation: LottieAnimation, name: String) -> Double? {
        let clock = CAMediaClock(manualTime: 0)
        return CAMediaClock.$current.withValue(clock) {
            let player = LottieAnimationLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: size, height: size)
            player.layoutIfNeeded()
            player.play()
            var options = AnimationExportOptions(framesPerSecond: animation.framerate, duration: animation.duration)
            options.startTime = 0
            options.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let exporter = AnimationExporter(layer: player, options: options)
            exporter.willRenderFrame = { _, t in clock.setManualTime(t); CAProcessAnimationEvents() }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-bench-lottie-\(name).mp4")
            defer { try? FileManager.default.removeItem(at: file) }
            let start = DispatchTime.now().uptimeNanoseconds
            do { try exporter.export(to: file) } catch { print("bench: lottie.\(name).export_mp4 failed: \(error)"); return nil }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return (animation.duration * animation.framerate).rounded() / seconds
        }
    }

    /// A synthetic file of about 1 MB (the shapes reference's layers copied, each copy with its own keyframes,
    /// as a long file's layers are): median seconds to parse it and to build its layer tree.
    static func loadSeconds() -> (bytes: Int, parse: Double, build: Double, foundation: Double) {
        guard let data = try? Data(contentsOf: references.appendingPathComponent("shapes.json")),
              var document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let layers = document["layers"] as? [[String: Any]] else { return (0, .nan, .nan, .nan) }
        // (How many copies reach 1 MB, from one copy's size: serializing the growing file each time is quadratic.)
        let perCopy = max((try? JSONSerialization.data(withJSONObject: layers).count) ?? 1, 1)
        var copies: [[String: Any]] = []
        for _ in 0..<(1_000_000 / perCopy + 1) {
            for var layer in layers {
                layer["ind"] = copies.count + 1
                layer["nm"] = "copy \(copies.count)"
                copies.append(layer)
            }
        }
        document["layers"] = copies
        guard let big = try? JSONSerialization.data(withJSONObject: document) else { return (0, .nan, .nan, .nan) }
        var animation: LottieAnimation?
        let parse = medianSeconds(warmup: 1, runs: 5) { animation = try? LottieAnimation.from(data: big) }
        var object: Any?
        let foundation = medianSeconds(warmup: 1, runs: 5) { object = try? JSONSerialization.jsonObject(with: big) }
        guard let animation, object != nil else { return (big.count, .nan, .nan, .nan) }
        let build = CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            medianSeconds(warmup: 1, runs: 5) { _ = LottieAnimationLayer(animation: animation) }
        }
        return (big.count, parse, build, foundation)
    }

    /// Median seconds a frame of each engine, over rounds of every frame of the animation taken in turn (Calyx
    /// playing, Calyx scrubbed, rlottie; seven times after one of each to warm up), and Calyx's heap allocations a
    /// frame each way.
    static func interleaved(_ animation: LottieAnimation, data: Data, key: String, frames: Int)
        -> (played: (seconds: Double, allocations: Double), scrubbed: (seconds: Double, allocations: Double), rlottie: Double?) {
        let playing = calyxPlayer(animation, frames: frames, driving: .playing)
        let scrubbing = calyxPlayer(animation, frames: frames, driving: .scrubbing)
        let other = RLottiePlayer(data, key: key, frames: frames)
        playing.round(); scrubbing.round(); other?.round()
        var played: [Double] = [], scrubbed: [Double] = [], theirs: [Double] = []
        let clock = ContinuousClock()
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
        for _ in 0..<7 {
            played.append(seconds(clock.measure(playing.round)))
            scrubbed.append(seconds(clock.measure(scrubbing.round)))
            if let other { theirs.append(seconds(clock.measure(other.round))) }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func allocations(_ round: () -> Void) -> Double {
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            round()
            MallocInterposerSwift.unhook()
            return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(frames)
        }
        return ((median(played) / Double(frames), allocations(playing.round)),
                (median(scrubbed) / Double(frames), allocations(scrubbing.round)),
                theirs.isEmpty ? nil : median(theirs) / Double(frames))
    }

    /// Calyx drawing the animation at 512 × 512 on one thread: `round` draws every frame once. Playing, the player
    /// plays (looping) and each frame moves the media clock a frame on, composites what changed and delivers the
    /// frame's events, as a window's frames do; scrubbing, each frame also sets `currentFrame` and commits it.
    static func calyxPlayer(_ animation: LottieAnimation, frames: Int, driving: Driving) -> (player: LottieAnimationLayer, round: () -> Void) {
        let clock = CAMediaClock(manualTime: 0)
        return CAMediaClock.$current.withValue(clock) {
            let player = LottieAnimationLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: size, height: size)
            player.layoutIfNeeded()
            if driving == .playing {
                player.loopMode = .loop
                player.play()
                CATransaction.flush()
            }
            let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.threads = 1
            renderer.layer = player
            // (Playing, frame k is drawn at k frame durations after the start: the loop brings every round back to
            // the same frames. Scrubbing, the clock still moves, as a window's would.)
            var k = 0
            func round() {
                CAMediaClock.$current.withValue(clock) {
                    for frame in 0..<frames {
                        let t = Double(k) / animation.framerate
                        k += 1
                        clock.setManualTime(t)
                        if driving == .scrubbing { player.currentFrame = animation.startFrame + CGFloat(frame) }
                        CATransaction.flush()
                        // (endFrame delivers the frame's events.)
                        renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
                    }
                }
            }
            return (player, round)
        }
    }

    /// rlottie drawing every frame once into a 512 × 512 buffer; nil when it cannot read the file (or draws
    /// nothing at frame 25: a yardstick that draws nothing is no yardstick).
    final class RLottiePlayer {
        private let animation: OpaquePointer
        private let buffer: UnsafeMutableBufferPointer<UInt32>
        private let frames: Int

        init?(_ data: Data, key: String, frames: Int) {
            let json = String(decoding: data, as: UTF8.self)
            guard let animation = lottie_animation_from_data(json, key, "") else { return nil }
            (self.animation, self.frames) = (animation, frames)
            buffer = .allocate(capacity: size * size)
            buffer.initialize(repeating: 0)
            lottie_animation_render(animation, 25, buffer.baseAddress, size, size, size * 4)
            guard buffer.reduce(0, { $0 + ($1 >> 24 > 0 ? 1 : 0) }) > 2000 else { return nil }
        }

        func round() {
            for frame in 0..<frames { lottie_animation_render(animation, frame, buffer.baseAddress, size, size, size * 4) }
        }

        deinit {
            lottie_animation_destroy(animation)
            buffer.deallocate()
        }
    }
}

import Testing
import Foundation
import AVFoundation
import QuartzCore
import CalyxHost
import CalyxTestSupport

/// Video through AVFoundation's subset: clips made by the test itself (H.264 through FFmpeg's libraries, by
/// Calyx's exporter) of a white 8 × 8 square on black whose x position encodes the frame number (x = 4 + 2k at
/// frame k, 30 frames a second, 2 s), played by `AVPlayer` into an `AVPlayerLayer` and drawn by `CARenderer` on a
/// manual clock. Each probe finds the square and reads the frame number back from where it is.
@Suite(.serialized) struct PlayerTests {
    static let fps = 30.0, frames = 60

    /// The clip, written once per test run.
    static let clip: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-avtest-\(ProcessInfo.processInfo.processIdentifier).mp4")
        CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 144, height: 48)
            root.backgroundColor = CGColor.black
            let square = CALayer()
            square.frame = CGRect(x: 4, y: 20, width: 8, height: 8)
            square.backgroundColor = CGColor.white
            root.addSublayer(square)
            // One step of 2 points a frame: a discrete keyframe animation over 60 frames.
            let step = CAKeyframeAnimation(keyPath: "position.x")
            step.values = (0..<frames).map { 8 + 2 * Double($0) }
            step.calculationMode = .discrete
            step.duration = Double(frames) / fps
            // (Each frame k is drawn half-way through its step, so rounding at k/30 cannot pick the step before.)
            step.beginTime = -0.5 / fps
            root.addSublayer(square)
            square.add(step, forKey: "step")
            var options = AnimationExportOptions(framesPerSecond: fps, duration: Double(frames) / fps)
            options.startTime = 0
            try! AnimationExporter(layer: root, options: options).export(to: url)
        }
        return url
    }()

    /// The frame number a picture shows: the square's left edge found along its row, (x − 4) / 2.
    static func frameNumber(in canvas: TestCanvas, layerOrigin: CGPoint = .zero) -> Int? {
        let row = Int(layerOrigin.y) + 24
        for x in Int(layerOrigin.x)..<Int(layerOrigin.x) + 144 where canvas.pixel(topDown: x, row).r > 128 {
            return Int((Double(x - Int(layerOrigin.x) - 4) / 2).rounded())
        }
        return nil
    }

    /// A 144 × 48 player layer as the whole scene, drawn at media time `t`.
    final class Screen {
        let root = CALayer()
        let layer: AVPlayerLayer
        let canvas = TestCanvas(width: 144, height: 48)
        let renderer: CARenderer
        init(player: AVPlayer) {
            root.frame = CGRect(x: 0, y: 0, width: 144, height: 48)
            layer = AVPlayerLayer(player: player)
            layer.frame = root.bounds
            layer.videoGravity = .resize
            root.addSublayer(layer)
            renderer = CARenderer(context: canvas.context)
            renderer.layer = root
        }
        func frame(at t: Double) -> Int? {
            CATransaction.flush()
            renderer.beginFrame(atTime: t, timeStamp: nil); renderer.addUpdate(.infinite); renderer.render(); renderer.endFrame()
            return PlayerTests.frameNumber(in: canvas)
        }
    }

    func withClock(_ body: (CAMediaClock) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) { try body(clock) }
    }

    @Test func theAssetDescribesTheClip() {
        let asset = AVURLAsset(url: Self.clip)
        #expect(abs(asset.duration.seconds - 2) < 0.05, "\(asset.duration)")
        let track = asset.tracks(withMediaType: .video).first
        #expect(track?.naturalSize == CGSize(width: 144, height: 48))
        #expect(track?.nominalFrameRate == 30)
        #expect(asset.isPlayable)
    }

    @Test func playingShowsTheFrameForEachTime() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            #expect(player.currentItem?.status == .readyToPlay)
            let screen = Screen(player: player)
            #expect(screen.layer.isReadyForDisplay)
            #expect(screen.frame(at: 0) == 0)    // paused: the first frame
            player.play()
            for k in [1, 7, 30, 59] {
                let t = (Double(k) + 0.5) / Self.fps
                clock.setManualTime(t)
                #expect(screen.frame(at: t) == k, "at \(t)")
                #expect(abs(player.currentTime().seconds - t) < 1e-3)
            }
            // The renderer counts a playing video as changing every frame.
            screen.renderer.beginFrame(atTime: 1.9, timeStamp: nil); screen.renderer.render()
            #expect(screen.renderer.nextFrameTime() == 1.9)
            screen.renderer.endFrame()
        }
    }

    @Test func seekingExactAndTolerant() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            let screen = Screen(player: player)
            player.seek(to: CMTime(seconds: 1.02, preferredTimescale: 600), toleranceBefore: .zero, toleranceAfter: .zero)
            #expect(abs(player.currentTime().seconds - 1.02) < 1e-3)
            #expect(screen.frame(at: 0) == 30)
            // Tolerant: on the start of the frame that shows the time (frame 12 starts at 0.4 s).
            player.seek(to: CMTime(seconds: 0.41, preferredTimescale: 600))
            #expect(abs(player.currentTime().seconds - 0.4) < 1e-3)
            #expect(screen.frame(at: 0) == 12)
            // Backwards after forwards decodes again from the key frame before.
            player.seek(to: CMTime(value: 3, timescale: 30), toleranceBefore: .zero, toleranceAfter: .zero)
            #expect(screen.frame(at: 0) == 3)
            _ = clock
        }
    }

    @Test func rateScalesTime() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            let screen = Screen(player: player)
            player.rate = 2
            clock.setManualTime(0.5)
            #expect(screen.frame(at: 0.5) == 30)   // one second of video in half a second
            player.rate = 0.5
            clock.setManualTime(1.5)
            #expect(screen.frame(at: 1.5) == 45)   // then 0.5 s more over one second
        }
    }

    @Test func endNotificationAndPause() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            final class Count: @unchecked Sendable { var value = 0 }
            let ended = Count()
            let token = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: player.currentItem, queue: nil) { _ in ended.value += 1 }
            defer { NotificationCenter.default.removeObserver(token) }
            player.play()
            clock.setManualTime(1.9); CAProcessAnimationEvents()
            #expect(ended.value == 0)
            clock.setManualTime(2.1); CAProcessAnimationEvents()
            #expect(ended.value == 1 && player.rate == 0)
            #expect(abs(player.currentTime().seconds - player.currentItem!.duration.seconds) < 1e-3)
        }
    }

    /// Looping the way apps loop: seek to zero and play on the end notification, or an AVPlayerLooper.
    @Test func looping() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            let token = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: player.currentItem, queue: nil) { _ in
                player.seek(to: .zero, toleranceBefore: .zero, toleranceAfter: .zero); player.play()
            }
            defer { NotificationCenter.default.removeObserver(token) }
            let screen = Screen(player: player)
            player.play()
            clock.setManualTime(2.0); CAProcessAnimationEvents()
            clock.setManualTime(2.0 + 5.5 / Self.fps)
            #expect(screen.frame(at: clock.currentTime) == 5)

            let queue = AVQueuePlayer()
            let looper = AVPlayerLooper(player: queue, templateItem: AVPlayerItem(url: Self.clip))
            #expect(looper.status == .ready)
            let loopScreen = Screen(player: queue)
            let start = clock.currentTime
            queue.play()
            // Gapless: 2 s + 10.5 frames later, frame 10 of the second pass.
            let t = start + 2 + 10.5 / Self.fps
            clock.setManualTime(t)
            #expect(loopScreen.frame(at: t) == 10)
            #expect(looper.loopCount == 1)
        }
    }

    /// A missing, truncated or non-video file fails the item with an error; nothing crashes or draws.
    @Test func badFilesFailTheItem() throws {
        let directory = FileManager.default.temporaryDirectory
        let truncated = directory.appendingPathComponent("calyx-avtest-truncated-\(ProcessInfo.processInfo.processIdentifier).mp4")
        let data = try Data(contentsOf: Self.clip)
        try data.prefix(data.count / 3).write(to: truncated)
        let text = directory.appendingPathComponent("calyx-avtest-text-\(ProcessInfo.processInfo.processIdentifier).mp4")
        try Data("not a video at all".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: truncated); try? FileManager.default.removeItem(at: text) }
        withClock { _ in
            for url in [directory.appendingPathComponent("no-such-file.mp4"), truncated, text,
                        URL(string: "https://example.com/movie.mp4")!] {
                let item = AVPlayerItem(url: url)
                #expect(item.status == .failed && item.error != nil, "\(url.lastPathComponent)")
                let player = AVPlayer(playerItem: item)
                player.play()
                let screen = Screen(player: player)
                #expect(!screen.layer.isReadyForDisplay)
                #expect(screen.frame(at: 0.5) == nil)
            }
        }
    }

    /// The seed's composition: the video rotated, with rounded corners, a border and a shadow.
    @Test func composesLikeAnyLayer() {
        withClock { clock in
            let player = AVPlayer(url: Self.clip)
            player.seek(to: CMTime(value: 20, timescale: 30), toleranceBefore: .zero, toleranceAfter: .zero)
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 200); root.backgroundColor = CGColor.white
            let layer = AVPlayerLayer(player: player)
            layer.frame = CGRect(x: 28, y: 76, width: 144, height: 48)
            layer.videoGravity = .resize
            layer.cornerRadius = 10
            layer.masksToBounds = true
            layer.borderWidth = 3
            layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
            root.addSublayer(layer)
            let canvas = TestCanvas(width: 200, height: 200)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
            // Turned a quarter clockwise (y down), the layer stands 48 wide and 144 tall about (100, 100), the video's
            // x running down the screen: frame 20's square (video x 44…52, y 20…28) lands at x 96…104, y 72…80.
            #expect(canvas.pixel(topDown: 100, 76).r > 200 && canvas.pixel(topDown: 100, 90).r < 60)
            // The border is red along the turned edges; the corners outside the radius show the white page.
            #expect(canvas.pixel(topDown: 77, 100) == Pixel(255, 0, 0))
            #expect(canvas.pixel(topDown: 76, 28) == .white)
            _ = clock
        }
    }
}

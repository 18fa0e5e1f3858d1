import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Frames of Lottie files checked against where the specification puts things: a square at its declared place,
/// moved by linear keyframes (position = start + progress × distance), by eased ones (After Effects' cubic
/// Bézier: the CSS ease-in-out curve at 0.25 is 0.1291), held by hold keyframes, shown only within the layer's
/// in and out points, moved but not faded by its parent; and playback under a manual clock.
@Suite struct LottiePlaybackTests {
    @Test func aStaticSquareIsWhereTheFileSays() throws {
        let layer = try player(composition(squareLayer(x: 50, y: 40, size: 20)))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40) && isRed(frame, 41, 31) && isRed(frame, 58, 48))
            #expect(isClear(frame, 38, 40) && isClear(frame, 62, 40) && isClear(frame, 10, 10))
        }
    }

    /// Linear keyframes (out tangent (0, 0), in tangent (1, 1)) move the layer from x 0 to 40 over frames 0…60.
    @Test func linearKeyframesMoveTheLayer() throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[40,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 20, y: 40, extra: ks)))
        withManualClock { clock in
            layer.currentProgress = 0.5
            var frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 40, 40) && isClear(frame, 20, 40) && isClear(frame, 50, 40))
            layer.currentFrame = 15
            frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 30, 40) && isClear(frame, 20, 40) && isClear(frame, 40, 40))
            #expect(layer.currentProgress == 0.25)
        }
    }

    /// Eased keyframes (0.42, 0, 0.58, 1): at a quarter of the time the square has gone 12.9 % of 100 points.
    @Test func easedKeyframesFollowTheirCurve() throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":60,"s":[100,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 0, y: 40, size: 4, extra: ks)))
        withManualClock { clock in
            layer.currentProgress = 0.25
            let frame = render(layer, at: 0, clock: clock)
            // Centre 12.92: the square covers 10.9…14.9.
            #expect(isRed(frame, 12, 40) && isRed(frame, 13, 40) && isClear(frame, 9, 40) && isClear(frame, 16, 40))
        }
    }

    /// A hold keyframe keeps its value until the next keyframe's frame, then jumps.
    @Test func holdKeyframesJump() throws {
        let ks = #""ks":{"o":{"a":1,"k":[{"t":0,"s":[100],"h":1},{"t":30,"s":[0]}]}}"#
        let layer = try player(composition(squareLayer(x: 50, y: 40, extra: ks)))
        withManualClock { clock in
            layer.currentFrame = 29
            #expect(isRed(render(layer, at: 0, clock: clock), 50, 40))
            layer.currentFrame = 31
            #expect(isClear(render(layer, at: 0, clock: clock), 50, 40))
        }
    }

    /// A layer shows only from its in point to its out point (here frames 30…45).
    @Test func layersShowBetweenTheirInAndOutPoints() throws {
        let square = squareLayer(x: 50, y: 40).replacingOccurrences(of: #""ip":0,"op":60"#, with: #""ip":30,"op":45"#)
        let layer = try player(composition(square))
        withManualClock { clock in
            for (frame, shown) in [(10.0, false), (35.0, true), (50.0, false)] {
                layer.currentFrame = CGFloat(frame)
                let pixels = render(layer, at: 0, clock: clock)
                #expect(shown ? isRed(pixels, 50, 40) : isClear(pixels, 50, 40), "frame \(frame)")
            }
        }
    }

    /// Old exports (Bodymovin 4) give each keyframe its start "s" and end "e", and end with a keyframe of only "t",
    /// which holds the end of the one before it (lottie-web reads "e" so): here opacity 0 → 100 over frames 10…20.
    @Test func anOldExportsLastKeyframeHoldsThePreviousEnd() throws {
        let ks = #""ks":{"o":{"k":[{"t":10,"s":[0],"e":[100],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":20}]}}"#
        let layer = try player(composition(squareLayer(x: 50, y: 40, extra: ks)))
        withManualClock { clock in
            layer.currentFrame = 5
            #expect(isClear(render(layer, at: 0, clock: clock), 50, 40))
            layer.currentFrame = 30
            #expect(isRed(render(layer, at: 0, clock: clock), 50, 40))
        }
    }

    /// A layer whose out point is the composition's end frame is shown on that frame (progress 1), as lottie-ios
    /// shows it on iOS; a layer ending earlier is gone by then.
    @Test func layersLastingToTheEndShowOnTheEndFrame() throws {
        let lasting = squareLayer(x: 30, y: 40).replacingOccurrences(of: #""ip":0,"op":60"#, with: #""ip":30,"op":60"#)
        let ending = squareLayer(x: 70, y: 40, index: 2).replacingOccurrences(of: #""ip":0,"op":60"#, with: #""ip":30,"op":59"#)
        let layer = try player(composition(lasting + "," + ending))
        withManualClock { clock in
            layer.currentProgress = 1
            let pixels = render(layer, at: 0, clock: clock)
            #expect(isRed(pixels, 30, 40) && isClear(pixels, 70, 40))
            layer.currentFrame = 20
            #expect(isClear(render(layer, at: 0, clock: clock), 30, 40))
        }
    }

    /// A parent's transform moves its child; its opacity does not fade it (Lottie parenting).
    @Test func parentsMoveButDoNotFade() throws {
        let parent = #"{"ty":3,"ind":7,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[30,0]},"o":{"a":0,"k":0}}}"#
        let child = squareLayer(x: 20, y: 40, index: 2, extra: #""parent":7,"ks":{}"#)
        let layer = try player(composition(parent + "," + child))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40) && isClear(frame, 20, 40))
        }
    }

    /// `play()` runs on the media clock: half-way through the 2 s animation at 1 s, finished (completion
    /// `true`, holding the last frame) after 2 s.
    @Test func playingFollowsTheClockAndCompletes() throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[40,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 20, y: 40, extra: ks)))
        withManualClock { clock in
            var finished: [Bool] = []
            layer.play { finished.append($0) }
            #expect(layer.isAnimationPlaying)
            var frame = render(layer, at: 1, clock: clock)
            #expect(abs(layer.currentProgress - 0.5) < 1e-6)
            #expect(isRed(frame, 40, 40) && isClear(frame, 20, 40))
            frame = render(layer, at: 2.5, clock: clock)
            #expect(finished == [true] && !layer.isAnimationPlaying && layer.currentProgress == 1)
            #expect(isRed(frame, 60, 40) && isClear(frame, 40, 40))
        }
    }

    /// While it plays, a still shape is drawn in place, its slanted edge by exact area. The layer is scaled by
    /// 1.5, so its edge runs from (30, 61.5) to (13.37, 97.5) and crosses row 70 between x 26.07 and 25.61:
    /// pixel 25 is 16 % covered (42), pixel 26 99 % (254), pixel 24 not at all. The playback's end marker once
    /// animated a layer property, which made every layer below count as moving: rastered in its own space at
    /// twice its size and resampled by 0.75, the edge blurred (25 came out 68, 26 came out 235).
    @Test func aPlayingAnimationDrawsStillShapesInPlace() throws {
        let edge = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"s":{"a":0,"k":[150,150]}},"shapes":[{"ty":"gr","it":["# +
            #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[20,41],[60,41],[60,80],[8.91,65]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},"# +
            #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]}"#
        let layer = try player(composition(edge))
        withManualClock { clock in
            layer.play { _ in }
            let frame = render(layer, at: 0.5, clock: clock)
            let alpha = { (x: Int) in Int(frame.bytes[70 * frame.stride + x * 4 + 3]) }
            #expect(alpha(24) == 0 && abs(alpha(25) - 42) <= 2 && abs(alpha(26) - 254) <= 2,
                    "\(alpha(24)) \(alpha(25)) \(alpha(26))")
        }
    }

    /// The loop modes on the media clock, the 2 s animation moving its 10-point square from x 20 to 60 (centre at
    /// 20 + 40 × progress): `.loop` starts over at each end, `.autoReverse` comes back, `.repeat(2)` plays twice and
    /// holds the end, `.repeatBackwards(1)` goes out and back once and holds the start. The finite ones complete
    /// once, finished; the endless ones play on. (They are kept by the player's clock layer, whose duration and
    /// repeat count repeat the time of everything under it: until layers kept time that way, every loop stopped
    /// on the last frame.)
    struct LoopCase: Sendable, CustomTestStringConvertible {
        let mode: LottieLoopMode
        /// Media times with the progress shown then and whether it still plays.
        let checks: [(time: Double, progress: Double, playing: Bool)]
        let completions: [Bool]
        var testDescription: String { "\(mode)" }
    }

    @Test(arguments: [
        LoopCase(mode: .loop, checks: [(2.5, 0.25, true), (5.0, 0.5, true), (9.5, 0.75, true)], completions: []),
        LoopCase(mode: .autoReverse, checks: [(2.5, 0.75, true), (4.5, 0.25, true), (6.0, 1.0, true)], completions: []),
        LoopCase(mode: .repeat(2), checks: [(2.5, 0.25, true), (3.5, 0.75, true), (4.5, 1.0, false)], completions: [true]),
        LoopCase(mode: .repeatBackwards(1), checks: [(1.0, 0.5, true), (3.5, 0.25, true), (4.5, 0.0, false)], completions: [true]),
    ])
    func loopModes(_ loop: LoopCase) throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[40,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 20, y: 40, extra: ks)))
        withManualClock { clock in
            var finished: [Bool] = []
            layer.play(fromProgress: 0, toProgress: 1, loopMode: loop.mode) { finished.append($0) }
            for check in loop.checks {
                let frame = render(layer, at: check.time, clock: clock)
                let centre = 20 + Int((40 * check.progress).rounded())
                #expect(abs(layer.currentProgress - check.progress) < 1e-6, "at \(check.time) s: progress \(layer.currentProgress)")
                #expect(layer.isAnimationPlaying == check.playing, "at \(check.time) s")
                #expect(isRed(frame, centre, 40) && isClear(frame, centre - 8, 40) && isClear(frame, centre + 8, 40),
                        "at \(check.time) s: the square is not centred at \(centre)")
            }
            #expect(finished == loop.completions)
        }
    }

    /// `animationSpeed` scales the clock: at 2 the 2 s animation is half-way at 0.5 s and done at 1 s; at −1 it
    /// runs from the end of the range to its start and rests there (not back at the end).
    @Test func speedScalesAndReversesTheClock() throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[40,0]}]}}"#
        for (speed, halfway, rest) in [(2.0, 0.5, 1.0), (-1.0, 0.75, 0.0)] {
            let layer = try player(composition(squareLayer(x: 20, y: 40, extra: ks)))
            withManualClock { clock in
                var finished: [Bool] = []
                layer.animationSpeed = speed
                layer.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { finished.append($0) }
                _ = render(layer, at: 0.5, clock: clock)
                #expect(abs(layer.currentProgress - halfway) < 1e-6, "speed \(speed): \(layer.currentProgress)")
                let frame = render(layer, at: 2.5, clock: clock)
                #expect(finished == [true] && !layer.isAnimationPlaying, "speed \(speed)")
                #expect(abs(layer.currentProgress - rest) < 1e-9, "speed \(speed): \(layer.currentProgress)")
                let centre = 20 + Int(40 * rest)
                #expect(isRed(frame, centre, 40) && isClear(frame, centre + 8, 40), "speed \(speed)")
            }
        }
    }

    /// Playing backwards from the end to the start, and a pause that holds where it is.
    @Test func playingBackwardsAndPausing() throws {
        let ks = #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[40,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 20, y: 40, extra: ks)))
        withManualClock { clock in
            var finished: [Bool] = []
            layer.play(fromProgress: 1, toProgress: 0, loopMode: .playOnce) { finished.append($0) }
            var frame = render(layer, at: 0.5, clock: clock)   // a quarter of the way back: progress 0.75, x + 30
            #expect(abs(layer.currentProgress - 0.75) < 1e-6 && isRed(frame, 50, 40))
            layer.pause()
            #expect(finished == [false])
            frame = render(layer, at: 1.5, clock: clock)
            #expect(abs(layer.currentProgress - 0.75) < 1e-6 && isRed(frame, 50, 40) && !layer.isAnimationPlaying)
        }
    }
}

/// `setPlaybackMode(_:)` and markers: paused at a marker's start or end, playing a marker's range.
@Suite struct LottiePlaybackModeTests {
    @Test func playbackModesAndMarkers() throws {
        let markers = #"[{"cm":"intro","tm":15,"dr":15}]"#
        let layer = try player(composition(squareLayer(x: 20, y: 40), markers: markers))
        withManualClock { clock in
            layer.setPlaybackMode(.paused(at: .marker("intro", position: .end)))
            #expect(layer.currentFrame == 30 && !layer.isAnimationPlaying)
            layer.setPlaybackMode(.paused(at: .progress(0.25)))
            #expect(layer.currentFrame == 15)
            var finished: [Bool] = []
            layer.setPlaybackMode(.playing(.marker("intro", loopMode: .playOnce))) { finished.append($0) }
            _ = render(layer, at: 0.25, clock: clock)           // 7.5 frames of 15 at 30 fps
            #expect(abs(layer.currentFrame - 22.5) < 1e-6 && layer.isAnimationPlaying)
            _ = render(layer, at: 0.75, clock: clock)
            #expect(finished == [true] && layer.currentFrame == 30)
            layer.setPlaybackMode(.paused(at: .time(1.5)))
            #expect(layer.currentFrame == 45)
        }
    }
}

/// A player playing in a loop draws, from its second frame on and through its later passes, the frames a player
/// scrubbed to the same frame numbers draws — the bytes themselves. (The benchmark times Calyx playing: while
/// layers ignored their own repeats, every pass after the first drew the last frame again, and a mask over a
/// gradient with moving points was resampled as if it moved.)
@Suite struct LoopingAgainstScrubbingTests {
    func frames(of file: String, _ numbers: [Int], playing: Bool) throws -> [[UInt8]] {
        let url = ThorVGReferenceTests.directory.appendingPathComponent("\(file).json")
        let animation = try LottieAnimation.from(data: Data(contentsOf: url))
        let count = Int(animation.endFrame - animation.startFrame)
        let layer = LottieAnimationLayer(animation: animation)
        layer.frame = CGRect(x: 0, y: 0, width: 160, height: 160)
        layer.layoutIfNeeded()
        var drawn: [[UInt8]] = []
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let ctx = CGContext(data: nil, width: 160, height: 160, bitsPerComponent: 8, bytesPerRow: 640, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = layer
            if playing { layer.loopMode = .loop; layer.play(); CATransaction.flush() }
            for k in 0...(numbers.max() ?? 0) {
                let t = Double(k) / animation.framerate
                clock.setManualTime(t)
                if !playing { layer.currentFrame = animation.startFrame + CGFloat(k % count) }
                CATransaction.flush()
                renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
                if numbers.contains(k) { drawn.append(Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: 640 * 160))) }
            }
        }
        return drawn
    }

    @Test(arguments: ["showcase", "gradients", "mattes-masks"])
    func aLoopingPlayerDrawsTheFramesAScrubbedOneDraws(_ file: String) throws {
        let numbers = [1, 30, 59, 60, 67, 125]
        let played = try frames(of: file, numbers, playing: true), scrubbed = try frames(of: file, numbers, playing: false)
        for (i, k) in numbers.enumerated() {
            let differing = zip(played[i], scrubbed[i]).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(k): \(differing) bytes differ")
        }
    }
}

/// `calyx view`'s keys on a Lottie player (`LottieViewerControls`): space pauses where it is and plays on, the
/// arrows step whole frames within the animation, home and end go to its first and last frame; space at the end
/// plays the whole animation again, looping.
@Suite struct LottieViewerControlsTests {
    @Test func pausingSteppingAndPlayingOn() throws {
        let layer = try player(composition(squareLayer(x: 20, y: 40)))
        let controls = LottieViewerControls(player: layer)
        withManualClock { clock in
            controls.playLooping()
            _ = render(layer, at: 2.5, clock: clock)                        // the second pass: frame 15
            #expect(layer.isAnimationPlaying && abs(layer.currentFrame - 15) < 1e-6)
            controls.togglePlaying()
            _ = render(layer, at: 3, clock: clock)
            #expect(!layer.isAnimationPlaying && abs(layer.currentFrame - 15) < 1e-6)
            controls.step(by: 1)
            #expect(layer.currentFrame == 16)
            controls.step(by: -20)
            #expect(layer.currentFrame == 0)
            controls.go(toEnd: true)
            #expect(layer.currentFrame == 60)
            controls.step(by: 1)
            #expect(layer.currentFrame == 60)
            controls.go(toEnd: false)
            controls.step(by: 30)
            controls.togglePlaying()                                          // plays on from frame 30 at 3 s
            _ = render(layer, at: 3.5, clock: clock)
            #expect(layer.isAnimationPlaying && abs(layer.currentFrame - 45) < 1e-6)
            _ = render(layer, at: 4.5, clock: clock)                          // past the end: the loop starts again
            _ = render(layer, at: 5, clock: clock)
            #expect(layer.isAnimationPlaying && abs(layer.currentFrame - 15) < 1e-6, "\(layer.currentFrame)")
        }
    }
}

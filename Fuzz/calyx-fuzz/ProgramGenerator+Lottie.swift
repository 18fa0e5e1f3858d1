import CoreGraphics
import Foundation
import Lottie
import QuartzCore

extension ProgramGenerator {
    /// A Lottie document with a hostile frame rate and end frame, played through the layer or the view with
    /// hostile ranges, markers, loop modes and speeds; its completion edits the tree and starts playback again,
    /// and the program seeks, pauses and stops it between frames, and sets value providers with hostile values
    /// and a block that edits the tree.
    mutating func lottieCall(_ a: Int) -> ProgramCall {
        let document = values.int(0...InputFuzzer.lottieCorpus.count - 1)
        let rate = values.number(-10, 120), end = values.number(-10, 200)
        let from = values.number(-1, 2), to = values.number(-1, 2), speed = values.number(-3, 3)
        let loop = values.int(0...4), count = values.number(-2, 4), mode = values.int(0...7), asView = values.chance(0.4)
        let marker = values.pick(["a", "", "missing"])
        let source = "Lottie document \(document) (fr \(rate.source), op \(end.source)) in a \(asView ? "view" : "layer") in L[\(a)]; speed \(speed.source); mode \(mode) from \(from.source) to \(to.source), loop \(loop) × \(count.source), marker \"\(marker)\""
        return ProgramCall(source: source) { w in
            let json = Self.lottieDocument(document, frameRate: rate.value, endFrame: end.value)
            let animation = try? LottieAnimation.from(data: Data(json.utf8))
            w.observe(animation.map { [$0.duration, Double($0.endFrame), $0.framerate] })
            let player: LottieAnimationLayer
            if asView {
                let view = LottieAnimationView(animation: animation)
                view.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
                w.views.append(view)
                player = view.animationLayer
            } else {
                player = LottieAnimationLayer(animation: animation)
                player.frame = CGRect(x: 4, y: 4, width: 40, height: 40)
            }
            w.layer(a).addSublayer(player)
            w.layers.append(player)
            player.animationSpeed = CGFloat(speed.value)
            let loopMode: LottieLoopMode = [.playOnce, .loop, .autoReverse, .repeat(Float(count.value)), .repeatBackwards(Float(count.value))][loop]
            player.loopMode = loopMode
            let done: LottieCompletionBlock = { [unowned w] finished in
                w.completions += finished ? 1 : 100
                player.removeFromSuperlayer()
                w.layer(a + 1).addSublayer(player)
                if !finished { player.play(toProgress: CGFloat(to.value)) }
            }
            switch mode {
            case 0: player.play(completion: done)
            case 1: player.play(fromProgress: CGFloat(from.value), toProgress: CGFloat(to.value), loopMode: loopMode, completion: done)
            case 2: player.play(fromFrame: CGFloat(from.value * end.value), toFrame: CGFloat(to.value * end.value), loopMode: loopMode, completion: done)
            case 3: player.play(fromMarker: marker, toMarker: "a", loopMode: loopMode, completion: done)
            case 4: player.play(marker: marker, loopMode: loopMode, completion: done)
            case 5: player.setPlaybackMode(.paused(at: .progress(CGFloat(from.value))), completion: done)
            case 6: player.setPlaybackMode(.paused(at: .marker(marker, position: .end)), completion: done)
            default: player.setPlaybackMode(.playing(.fromFrame(nil, toFrame: CGFloat(to.value * end.value), loopMode: loopMode)), completion: done)
            }
            // Value providers, chosen from the numbers already drawn (so the random stream is unchanged): a colour
            // block that edits the tree while it is asked, hostile points for every position, an empty gradient.
            if mode % 2 == 0 {
                player.setValueProvider(ColorValueProvider { [unowned w] f in
                    player.removeFromSuperlayer()
                    w.layer(a).addSublayer(player)
                    return LottieColor(r: Double(f) / 10, g: from.value, b: .nan, a: to.value)
                }, keypath: "**.Color")
            }
            if loop >= 3 {
                player.setValueProvider(PointValueProvider(CGPoint(x: from.value * 1e308, y: -to.value)), keypath: "**.Transform.Position")
                player.setValueProvider(FloatValueProvider(CGFloat(speed.value) * .infinity), keypath: "*.*")
            }
            if asView && speed.value > 0 {
                player.setValueProvider(GradientValueProvider([], locations: [.nan, 2]), keypath: "**")
            }
            w.observe(player.allHierarchyKeypaths().count)
            w.observe([player.currentProgress, player.currentFrame, CGFloat(player.currentTime)])
            w.observe(player.isAnimationPlaying)
            if to.value > 1 { player.currentProgress = CGFloat(from.value) }
            if from.value < 0 { player.pause() } else if from.value > 1.5 { player.stop() }
            if speed.value < -2 { player.animation = nil }
        }
    }

    /// One of the fuzzer's small documents with its frame rate and end frame replaced (JSON has no infinities or
    /// NaN, so those become the largest finite number, itself hostile).
    static func lottieDocument(_ index: Int, frameRate: Double, endFrame: Double) -> String {
        func json(_ value: Double) -> String { value.isFinite ? "\(value)" : (value > 0 ? "1e308" : value < 0 ? "-1e308" : "0") }
        var text = InputFuzzer.lottieCorpus[index]
        for key in ["\"fr\":", "\"op\":"] {
            guard let range = text.range(of: key) else { continue }
            let digits = text[range.upperBound...].prefix { "0123456789.".contains($0) }
            let replacement = key == "\"fr\":" ? json(frameRate) : json(endFrame)
            text.replaceSubrange(range.upperBound..<text.index(range.upperBound, offsetBy: digits.count), with: replacement)
        }
        return text
    }
}

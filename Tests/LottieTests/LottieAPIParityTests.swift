import Testing
import Foundation
import QuartzCore
import CoreText
import UIKit
@testable import Lottie

/// lottie-ios's API beyond playback, written as iOS code uses it: text and font providers, background
/// behaviour, value queries, keypath conversions and node switches, the composition's bounds mask, animation
/// caches and the playback mode reported. Expectations follow lottie-ios's documentation (cited per test) and the
/// file's own values.
@Suite struct LottieAPIParityTests {
    /// A text layer named "Title" saying "MMM" in red at (10, 50).
    static let titled = TextLayerTests.textLayer(x: 10, y: 50, justification: 0).replacingOccurrences(of: #""ty":5,"#, with: #""ty":5,"nm":"Title","#)

    /// The strings and fonts of the text layers under `layer`.
    func texts(in layer: CALayer) -> [(string: String, font: String)] {
        var found: [(String, String)] = []
        func walk(_ l: CALayer) {
            if let text = l as? CATextLayer {
                let string = (text.string as? String) ?? (text.string as? NSAttributedString)?.string ?? ""
                let font = (text.font as? CTFont).map { CTFontCopyPostScriptName($0) as String } ?? ""
                found.append((string, font))
            }
            for s in l.sublayers ?? [] { walk(s) }
        }
        walk(layer)
        return found
    }

    /// `DictionaryTextProvider`'s keys are a layer's whole keypath or its last name; a legacy provider is asked
    /// with the whole keypath (lottie-ios's AnimationTextProvider.swift documentation).
    @Test func textProvidersReplaceTheText() throws {
        let view = LottieAnimationView(animation: try LottieAnimation.from(data: composition(Self.titled)))
        #expect(texts(in: view.animationLayer).map(\.string) == ["MMM"])
        view.textProvider = DictionaryTextProvider(["Title": "Hello"])
        #expect(texts(in: view.animationLayer).map(\.string) == ["Hello"])
        view.textProvider = DictionaryTextProvider(["Other": "Nope"])
        #expect(texts(in: view.animationLayer).map(\.string) == ["MMM"])
        final class Legacy: LegacyAnimationTextProvider {
            var asked: [String] = []
            func textFor(keypathName: String, sourceText: String) -> String { asked.append(keypathName); return sourceText + "!" }
        }
        let legacy = Legacy()
        view.textProvider = legacy
        #expect(texts(in: view.animationLayer).map(\.string) == ["MMM!"] && legacy.asked == ["Title"])
    }

    /// A font provider's font is the one drawn; nil keeps the file's.
    @Test func fontProvidersChooseTheFont() throws {
        final class Mono: AnimationFontProvider {
            func fontFor(family: String, size: CGFloat) -> CTFont? { CTFontCreateWithName("DejaVuSansMono" as CFString, size, nil) }
        }
        let layer = LottieAnimationLayer(animation: try LottieAnimation.from(data: composition(Self.titled)), fontProvider: Mono())
        #expect(texts(in: layer).first?.font == "DejaVuSansMono")
        layer.fontProvider = DefaultFontProvider()
        #expect(texts(in: layer).first?.font == "DejaVuSans")
    }

    /// Background behaviours (lottie-ios's LottieBackgroundBehavior): the Core Animation engine's default plays on;
    /// stop shows the played range's start, force-finish its end, both telling the completion it did not finish;
    /// pause-and-restore keeps the completion for the playback the foreground resumes.
    @Test func backgroundBehavioursDoWhatTheySay() throws {
        try withManualClock { clock in
            let layer = try player(composition(squareLayer(x: 50, y: 40)))
            #expect(layer.backgroundBehavior == .continuePlaying && LottieBackgroundBehavior.default(for: .mainThread) == .pauseAndRestore)
            var results: [Bool] = []
            var now: CFTimeInterval = 0
            func start() {
                layer.play(fromProgress: 0.2, toProgress: 0.8, loopMode: .playOnce) { results.append($0) }
                now += 0.3
                _ = render(layer, at: now, clock: clock)
            }
            start()
            layer.updateAnimationForBackgroundState()
            #expect(layer.isAnimationPlaying)
            layer.updateAnimationForBackgroundState(backgroundBehavior: .stop)
            #expect(!layer.isAnimationPlaying && abs(layer.currentProgress - 0.2) < 1e-9 && results == [false])
            start()
            layer.updateAnimationForBackgroundState(backgroundBehavior: .forceFinish)
            #expect(abs(layer.currentProgress - 0.8) < 1e-9 && results == [false, false])
            start()
            let paused = layer.currentProgress
            layer.backgroundBehavior = .pauseAndRestore
            layer.updateAnimationForBackgroundState()
            #expect(!layer.isAnimationPlaying && results == [false, false] && abs(layer.currentProgress - paused) < 1e-9)
            layer.updateAnimationForForegroundState(wasWaitingToPlayAnimation: false)
            #expect(layer.isAnimationPlaying)
            now += 5
            _ = render(layer, at: now, clock: clock)
            #expect(results == [false, false, true] && abs(layer.currentProgress - 0.8) < 1e-9, "\(results)")
        }
    }

    /// The view follows UIKit's notifications of the app moving to the background.
    @Test func theViewPausesWhenTheAppMovesToTheBackground() throws {
        try withManualClock { _ in
            let view = LottieAnimationView(animation: try LottieAnimation.from(data: composition(squareLayer(x: 50, y: 40))))
            view.backgroundBehavior = .pause
            view.play()
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
            #expect(!view.isAnimationPlaying)
        }
    }

    /// A fill's colour and opacity, a layer's moving position: the file's values at a frame; a value provider's
    /// value instead once one is set (getOriginalValue still the file's); nil for a keypath naming nothing.
    @Test func valuesAreReadAtAFrame() throws {
        let moving = squareLayer(x: 10, y: 20, extra: #""nm":"Box","ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[60,30]}]}}"#)
            .replacingOccurrences(of: #"{"ty":"fl","#, with: #"{"ty":"fl","nm":"Fill 1","#)
        let view = LottieAnimationView(animation: try LottieAnimation.from(data: composition(moving)))
        #expect(view.getValue(for: "Box.**.Fill 1.Color", atFrame: 0) as? LottieColor == LottieColor(r: 1, g: 0, b: 0, a: 1))
        #expect(view.getValue(for: "**.Fill 1.Opacity", atFrame: 0) as? LottieVector1D == LottieVector1D(100))
        #expect(view.getValue(for: "Box.Transform.Position", atFrame: 30) as? LottieVector3D == LottieVector3D(x: 30, y: 15, z: 0))
        view.currentFrame = 45
        let now = try #require(view.getValue(for: "Box.Transform.Position", atFrame: nil) as? LottieVector3D)
        #expect(abs(now.x - 45) < 1e-6 && abs(now.y - 22.5) < 1e-6, "\(now)")
        view.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 1)), keypath: "**.Fill 1.Color")
        #expect(view.getValue(for: "**.Fill 1.Color", atFrame: 0) as? LottieColor == LottieColor(r: 0, g: 0, b: 1, a: 1))
        #expect(view.getOriginalValue(for: "**.Fill 1.Color", atFrame: 0) as? LottieColor == LottieColor(r: 1, g: 0, b: 0, a: 1))
        #expect(view.valueProviders.count == 1)
        #expect(view.getValue(for: "Nothing.Here", atFrame: 0) == nil)
    }

    /// Removing a value provider shows the file's colour again; switching a node off hides it.
    @Test func providersComeOffAndNodesSwitchOff() throws {
        try withManualClock { clock in
            let layer = try player(composition(squareLayer(x: 50, y: 40, size: 20, extra: #""nm":"Box","ks":{}"#)))
            layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 1)), keypath: "**.Color")
            #expect(!isRed(render(layer, at: 0, clock: clock), 50, 40))
            layer.removeValueProvider(for: "**.Color")
            #expect(isRed(render(layer, at: 0, clock: clock), 50, 40))
            layer.setNodeIsEnabled(isEnabled: false, keypath: "Box")
            #expect(isClear(render(layer, at: 0, clock: clock), 50, 40))
            layer.setNodeIsEnabled(isEnabled: true, keypath: "Box")
            #expect(isRed(render(layer, at: 0, clock: clock), 50, 40))
        }
    }

    /// A point converted into a layer's space: the layer "Box" sits at (30, 20) in a 100 × 80 composition shown
    /// at its own size, so the view's (35, 25) is the layer's (5, 5); a keypath naming nothing answers nil.
    @Test func pointsConvertIntoALayersSpace() throws {
        let view = LottieAnimationView(animation: try LottieAnimation.from(data: composition(
            squareLayer(x: 0, y: 0, extra: #""nm":"Box","ks":{"p":{"a":0,"k":[30,20]}}"#))))
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        view.layoutIfNeeded()
        let point = try #require(view.convert(CGPoint(x: 35, y: 25), toLayerAt: "Box"))
        #expect(abs(point.x - 5) < 1e-9 && abs(point.y - 5) < 1e-9, "\(point)")
        #expect(view.convert(CGPoint(x: 1, y: 1), toLayerAt: "Missing") == nil)
    }

    /// lottie-ios masks the animation to its bounds by default: a square placed left of a 50 × 40 composition,
    /// shown at its own size in the middle of a 100 × 80 layer (x 25…75), shows only when
    /// `maskAnimationToBounds` is off.
    @Test func drawingIsCutToTheCompositionByDefault() throws {
        try withManualClock { clock in
            let document = String(decoding: composition(squareLayer(x: -10, y: 20, size: 16)), as: UTF8.self)
                .replacingOccurrences(of: #""w":100,"h":80"#, with: #""w":50,"h":40"#)
            let layer = try player(Data(document.utf8))
            layer.contentMode = .center
            layer.layoutIfNeeded()
            #expect(layer.maskAnimationToBounds)
            // The square (composition x −18…−2, y 12…28) lands at layer x 7…23, y 32…48.
            #expect(isClear(render(layer, at: 0, clock: clock), 15, 40))
            layer.maskAnimationToBounds = false
            #expect(isRed(render(layer, at: 0, clock: clock), 15, 40))
            #expect(isClear(render(layer, at: 0, clock: clock), 3, 40))
        }
    }

    /// Caches: a second load of the same file is the same animation; without a cache, a new one; the LRU cache
    /// forgets the least recently used beyond its size.
    @Test func animationCachesKeepLoadedFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-cache-\(UUID().uuidString).json")
        try composition(squareLayer(x: 50, y: 40)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let cache = DefaultAnimationCache()
        let a = try #require(LottieAnimation.filepath(file.path, animationCache: cache))
        #expect(LottieAnimation.filepath(file.path, animationCache: cache) === a)
        #expect(LottieAnimation.filepath(file.path, animationCache: nil) !== a)
        cache.cacheSize = 1
        cache.setAnimation(a, forKey: "other")
        #expect(cache.animation(forKey: file.path) == nil && cache.animation(forKey: "other") === a)
        cache.clearCache()
        #expect(cache.animation(forKey: "other") == nil)
    }

    /// The playback mode last asked for, `pause(at:)` and `play(_:)`; `respectAnimationFrameRate`, which
    /// lottie-ios's Core Animation engine does not support, logs and reads false.
    @Test func playbackModesAreReported() throws {
        try withManualClock { _ in
            var logged: [String] = []
            let logger = LottieLogger(assertionFailure: { message, _, _ in logged.append(message()) })
            let view = LottieAnimationView(animation: try LottieAnimation.from(data: composition(squareLayer(x: 50, y: 40))), logger: logger)
            #expect(view.currentPlaybackMode == nil && view.currentRenderingEngine == .coreAnimation)
            view.pause(at: .frame(15))
            #expect(view.currentPlaybackMode == .paused(at: .frame(15)) && view.currentFrame == 15)
            view.play(.fromProgress(0, toProgress: 0.5, loopMode: .loop))
            #expect(view.currentPlaybackMode == .playing(.fromProgress(0, toProgress: 0.5, loopMode: .loop)) && view.isAnimationPlaying)
            view.stop()
            #expect(!view.isAnimationPlaying)
            view.respectAnimationFrameRate = true
            #expect(!view.respectAnimationFrameRate && logged.count == 1)
        }
    }
}

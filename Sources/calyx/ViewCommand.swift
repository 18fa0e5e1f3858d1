import ArgumentParser
import CalyxHost
import CalyxGallery
import Foundation
import Lottie
import QuartzCore

/// `calyx view <scene | file.json | file.lottie>`: plays a scene live in a window, from the start again after each
/// pass; or a Lottie file, looping, with keys to pause it and step through its frames.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Play a scene or a Lottie file in a window (SDL2), looping.",
        discussion: """
            The scene is drawn on a render thread at the screen's refresh rate; the window follows resizing (the \
            scene stays at the top left at its own size, scaled by --scale). Close the window, or press Ctrl-C, to \
            stop. Without a display (no DISPLAY; try xvfb-run) it says so and exits with status 1; `calyx render` \
            exports the same scene headlessly.

            A Lottie file (.json or .lottie) plays looping at its own size times --scale. Keys: space pauses and \
            plays on; left and right arrows step one frame back or on (pausing); home and end go to the first and \
            last frame.

            Examples:
              calyx view worm
              calyx view cube --scale 3 --seconds 10
              calyx view animation.json --scale 1
            """)

    @Argument(help: "The scene to play (see `calyx list`), or a Lottie file (.json or .lottie).")
    var scene: String

    @Option(help: "Points shown per scene point.")
    var scale: Double = 2

    @Option(help: "Close the window after this many seconds (by default it stays open until closed).")
    var seconds: Double?

    func run() throws {
        if LottieExport.isLottieFile(scene) { return try runLottie() }
        guard let entry = Gallery.scene(named: scene) else {
            throw ValidationError("no scene '\(scene)' and no Lottie file there; see `calyx list`")
        }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale takes a number from 0 to 16") }
        let root = CALayer()
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var content = entry.build()
        let size = CGSize(width: content.bounds.width * scale, height: content.bounds.height * scale)
        root.frame = CGRect(origin: .zero, size: size)
        func place(_ layer: CALayer) {
            layer.anchorPoint = .zero
            layer.position = .zero
            layer.transform = CATransform3DMakeScale(scale, scale, 1)
            root.addSublayer(layer)
        }
        place(content)
        let window = try openWindow(root, title: "calyx — \(entry.name)", size: size)
        // Each pass starts a fresh copy of the scene at the current media time.
        let pass = entry.duration + 0.5
        var passStart = Date()
        var pending = entry.changes.sorted { $0.time < $1.time }[...]
        try runUntilClosed(window) {
            // The scene's changes at their times into the pass (transitions start from what is on screen).
            while let change = pending.first, Date().timeIntervalSince(passStart) >= change.time {
                change.apply(content)
                pending.removeFirst()
            }
            if Date().timeIntervalSince(passStart) >= pass {
                content.removeFromSuperlayer()
                content = entry.build()
                place(content)
                passStart = Date()
                pending = entry.changes.sorted { $0.time < $1.time }[...]
            }
        }
    }

    /// Plays the Lottie file `scene` looping in a window, with the viewer's keys.
    private func runLottie() throws {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale takes a number from 0 to 16") }
        let animation: LottieAnimation, images: AnimationImageProvider
        do {
            (animation, images) = try LottieExport.load(scene)
        } catch let error as LottieError {
            // (Not a usage error: say what is wrong with the file, without the usage text.)
            FileHandle.standardError.write(Data("Error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        let size = CGSize(width: max(animation.size.width * scale, 1), height: max(animation.size.height * scale, 1))
        let root = CALayer()
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.frame = CGRect(origin: .zero, size: size)
        let player = LottieAnimationLayer(animation: animation, imageProvider: images)
        player.frame = root.bounds
        root.addSublayer(player)
        let controls = LottieViewerControls(player: player)
        controls.playLooping()
        let window = try openWindow(root, title: "calyx — \(URL(fileURLWithPath: scene).lastPathComponent)", size: size)
        window.onKey = { key in
            switch key {
            case .space: controls.togglePlaying()
            case .left: controls.step(by: -1)
            case .right: controls.step(by: 1)
            case .home: controls.go(toEnd: false)
            case .end: controls.go(toEnd: true)
            default: break
            }
        }
        // (The player keeps its own size while the window is resized; it stays at the top left.)
        try runUntilClosed(window)
    }

    /// A window showing `root`; without a display (or when the window cannot be made) it says why and exits
    /// with status 1.
    private func openWindow(_ root: CALayer, title: String, size: CGSize) throws -> HostWindow {
        do {
            return try HostWindow(layer: root, title: title, size: size)
        } catch let error as HostWindowError {
            FileHandle.standardError.write("calyx view: \(error)\n".data(using: .utf8)!)
            throw ExitCode(1)
        }
    }

    /// Runs the window's events, calling `eachTurn` after each turn, until it is closed or `--seconds` pass; then
    /// closes it, exiting with status 1 if its display went away.
    private func runUntilClosed(_ window: HostWindow, eachTurn: () -> Void = {}) throws {
        let started = Date()
        while window.isOpen, seconds.map({ Date().timeIntervalSince(started) < $0 }) ?? true {
            window.processEvents(waitingUpTo: 0.004)
            eachTurn()
        }
        window.close()
        if window.displayWasLost {
            FileHandle.standardError.write("calyx view: the display went away; the window is closed\n".data(using: .utf8)!)
            throw ExitCode(1)
        }
    }
}

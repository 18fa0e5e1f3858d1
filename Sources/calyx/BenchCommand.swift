import ArgumentParser
import CalyxGallery
import CalyxHost
import Foundation
import QuartzCore

/// `calyx bench [scene…]`: how fast the gallery's scenes draw and export on this machine.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the gallery's scenes: frames per second through a whole export (drawing and encoding).",
        discussion: """
            Each scene is drawn frame by frame by CARenderer at --scale for one pass at --fps, then exported to \
            --format. Lines read `bench: <name> <value> <unit>`. Build with `swift build -c release` for figures \
            worth comparing; `make bench` measures the engine itself.
            """)

    @Argument(help: "Scenes to time (see `calyx list`); by default all of them.")
    var scenes: [String] = []

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "The export format timed: gif, webp, apng, mp4 or webm.")
    var format: String = "mp4"

    func run() throws {
        guard let exportFormat = AnimationExportFormat(rawValue: format), exportFormat != .png else {
            throw ValidationError("--format takes gif, webp, apng, mp4 or webm")
        }
        let chosen = try scenes.isEmpty ? Gallery.scenes : scenes.map { name in
            guard let scene = Gallery.scene(named: name) else { throw ValidationError("no scene '\(name)'; see `calyx list`") }
            return scene
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wall = ContinuousClock()
        var totalFrames = 0, totalSeconds = 0.0
        for scene in chosen {
            let options = AnimationExportOptions(scale: CGFloat(scale), framesPerSecond: fps, duration: scene.duration,
                                                 backgroundColor: CGColor(gray: 1, alpha: 1))
            let frames = max(1, Int((scene.duration * fps).rounded(.up)))
            let file = directory.appendingPathComponent("\(scene.name).\(exportFormat.rawValue)")
            let elapsed = try wall.measure { try scene.export(to: file, format: exportFormat, options: options) }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            totalFrames += frames; totalSeconds += seconds
            print("bench: scene.\(scene.name).\(exportFormat.rawValue).fps \(String(format: "%.1f", Double(frames) / seconds)) fps")
        }
        print("bench: scenes.\(exportFormat.rawValue).fps \(String(format: "%.1f", Double(totalFrames) / max(totalSeconds, 1e-9))) fps")
        print("\(chosen.count) scenes, \(totalFrames) frames at \(Int(Gallery.stageSize * scale)) px square, exported to \(exportFormat.rawValue) in \(String(format: "%.2f", totalSeconds)) s")
    }
}

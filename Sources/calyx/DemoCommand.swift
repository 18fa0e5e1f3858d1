import ArgumentParser
import CalyxHost
import Foundation
import QuartzCore

/// `calyx demo`: renders the showcase into a folder and prints the paths it wrote.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the CoreGraphics showcase, a Core Animation filmstrip and each scene's animated GIF into a folder.")

    @Option(name: .shortAndLong, help: "Folder to write into (created if missing).")
    var output: String = "out"

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let showcase = folder.appendingPathComponent("showcase.png")
        try Showcase.render().writePNG(to: showcase)
        print(showcase.path)
        let filmstrip = folder.appendingPathComponent("animation.png")
        try AnimationFilmstrip.render().writePNG(to: filmstrip)
        print(filmstrip.path)
        // Each scene of `calyx list` as an animated GIF on white (`calyx render` makes larger ones).
        for scene in SceneCatalog.scenes {
            let gif = folder.appendingPathComponent("\(scene.name).gif")
            var options = AnimationExportOptions(scale: 1, framesPerSecond: 20, duration: scene.duration,
                                                 backgroundColor: CGColor(gray: 1, alpha: 1))
            options.startTime = 0
            try CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
                try AnimationExporter(layer: scene.build(), options: options).export(to: gif)
            }
            print(gif.path)
        }
    }
}

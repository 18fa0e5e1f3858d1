import ArgumentParser
import Foundation

/// `calyx demo`: renders the showcase into a folder and prints the paths it wrote.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the CoreGraphics showcase and a Core Animation filmstrip into a folder.")

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
    }
}

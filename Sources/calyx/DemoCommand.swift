import ArgumentParser
import CalyxGallery
import CalyxHost
import Foundation
import QuartzCore

/// `calyx demo [scene…]`: renders the showcase and the gallery into a folder and prints what it wrote.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the CoreGraphics showcase, a Core Animation filmstrip and the gallery (GIF, MP4 and WebM per scene, and index.html).",
        discussion: """
            With scene names, renders only those scenes (and a page of them). Open the printed index.html in a \
            browser to see every scene with what it demonstrates.
            """)

    @Argument(help: "Scenes to render (see `calyx list`); by default all of them.")
    var scenes: [String] = []

    @Option(name: .shortAndLong, help: "Folder to write into (created if missing).")
    var output: String = "out"

    @Option(help: "Frames per second of the gallery's files.")
    var fps: Double = 20

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var chosen = Gallery.scenes
        if !scenes.isEmpty {
            chosen = try scenes.map { name in
                guard let scene = Gallery.scene(named: name) else { throw ValidationError("no scene '\(name)'; see `calyx list`") }
                return scene
            }
        } else {
            let showcase = folder.appendingPathComponent("showcase.png")
            try Showcase.render().writePNG(to: showcase)
            print(showcase.path)
            let filmstrip = folder.appendingPathComponent("animation.png")
            try AnimationFilmstrip.render().writePNG(to: filmstrip)
            print(filmstrip.path)
        }
        // Each scene at twice its size, as an animated GIF and as H.264 and VP9 video, on white; each frame is
        // drawn once for the three files.
        let options = AnimationExportOptions(scale: 2, framesPerSecond: fps, backgroundColor: CGColor(gray: 1, alpha: 1))
        for scene in chosen {
            let files = ["gif", "mp4", "webm"].map { folder.appendingPathComponent("\(scene.name).\($0)") }
            try scene.export(to: files, options: options)
            print(folder.appendingPathComponent("\(scene.name).{gif,mp4,webm}").path)
        }
        let page = folder.appendingPathComponent("index.html")
        try GalleryPage.html(for: chosen, framesPerSecond: fps).write(to: page, atomically: true, encoding: .utf8)
        print("The gallery: \(page.path)")
    }
}

import ArgumentParser
import CalyxGallery

/// `calyx list`: the gallery's scenes, by chapter.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scenes calyx can play and render.")

    func run() {
        let width = Gallery.scenes.map(\.name.count).max() ?? 0
        var chapter = ""
        for scene in Gallery.scenes {
            if scene.chapter != chapter {
                chapter = scene.chapter
                print("\n\(chapter)")
            }
            print("  " + scene.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scene.summary)
        }
    }
}

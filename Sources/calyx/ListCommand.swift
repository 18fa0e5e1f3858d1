import ArgumentParser

/// `calyx list`: the scenes `calyx render` knows.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scenes calyx can render.")

    func run() {
        let width = SceneCatalog.scenes.map(\.name.count).max() ?? 0
        for scene in SceneCatalog.scenes {
            print(scene.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scene.summary)
        }
    }
}

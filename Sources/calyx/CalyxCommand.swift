import ArgumentParser

/// The `calyx` command line.
@main
struct CalyxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calyx",
        abstract: "Core Animation for Linux: render Calyx scenes headless.",
        subcommands: [DemoCommand.self, ListCommand.self, RenderCommand.self])
}

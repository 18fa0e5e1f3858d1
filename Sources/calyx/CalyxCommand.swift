import ArgumentParser

/// The `calyx` command line.
@main
struct CalyxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calyx",
        abstract: "Core Animation for Linux: play Calyx scenes in a window, render them headless, or port iOS sources.",
        subcommands: [DemoCommand.self, ListCommand.self, RenderCommand.self, ViewCommand.self, InfoCommand.self, BenchCommand.self, PortCommand.self])
}

import Foundation
import PackagePlugin

/// Gives the gallery its scenes' builder sources at build time: runs `gallery-sources` over the target's scene
/// files and compiles the Swift file it writes into the target, so the code panels show the code that built each
/// frame, never a copy that could drift.
@main
struct GallerySourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let scenes = target.sourceFiles(withSuffix: "swift").map(\.url).filter { $0.path.contains("/Scenes/") }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GalleryBuilderSources.swift")
        return [.buildCommand(displayName: "Extracting the gallery's scene builders",
                              executable: try context.tool(named: "gallery-sources").url,
                              arguments: [output.path] + scenes.map(\.path),
                              inputFiles: scenes, outputFiles: [output])]
    }
}

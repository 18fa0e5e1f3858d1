import ArgumentParser
import CalyxPort
import Foundation

/// `calyx port <files or folders…>`: rewrites iOS animation sources so they build on Linux against Calyx.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite iOS Swift sources for Linux: @objc and #selector to closures, init(layer:), #keyPath, os(iOS).",
        discussion: """
            Parses each .swift file (folders are searched, skipping .build and hidden folders) and rewrites only what \
            Linux cannot build, keeping everything else as written. Prints a unified diff by default; --write edits \
            the files in place. What it cannot rewrite is listed as `file:line:column: warning: …` on standard error; \
            --strict then exits with status 1. docs/porting.md says what each rewrite does and what is left by hand.
            """)

    @Argument(help: "Swift files or folders of them.")
    var paths: [String]

    @Flag(help: "Edit the files in place instead of printing a diff.")
    var write = false

    @Flag(help: "Print a unified diff (the default).")
    var diff = false

    @Flag(help: "Exit with status 1 when something is left to port by hand.")
    var strict = false

    func validate() throws {
        if write && diff { throw ValidationError("--write and --diff are alternatives") }
    }

    func run() throws {
        let files = try paths.flatMap(Self.swiftFiles(at:))
        guard !files.isEmpty else { throw ValidationError("no .swift files in \(paths.joined(separator: ", "))") }
        let sources = try files.map { path -> (path: String, text: String) in
            do { return (path, try String(contentsOfFile: path, encoding: .utf8)) }
            catch { throw ValidationError("cannot read \(path): \(error.localizedDescription)") }
        }
        let ported = SourcePorter.port(sources)
        for file in ported where file.changed {
            if write {
                do { try file.ported.write(toFile: file.path, atomically: true, encoding: .utf8) }
                catch { throw ValidationError("cannot write \(file.path): \(error.localizedDescription)") }
            } else {
                print(UnifiedDiff.make(from: file.original, to: file.ported, path: file.path), terminator: "")
            }
        }
        let findings = ported.flatMap(\.findings)
        for finding in findings { FileHandle.standardError.write(Data("\(finding)\n".utf8)) }
        let changed = ported.filter(\.changed).count
        FileHandle.standardError.write(Data("calyx port: \(ported.count) files, \(changed) \(write ? "rewritten" : "to rewrite"), \(findings.count) left by hand\n".utf8))
        if strict && !findings.isEmpty { throw ExitCode.failure }
    }

    /// `path` itself if it is a file, or every .swift file under it.
    static func swiftFiles(at path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("no such file or folder: \(path)")
        }
        guard isDirectory.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == ".build" { walker.skipDescendants(); continue }
            if name.hasSuffix(".swift") { found.append((path as NSString).appendingPathComponent(relative)) }
        }
        return found.sorted()
    }
}

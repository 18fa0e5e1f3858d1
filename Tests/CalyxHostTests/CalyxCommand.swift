import Foundation

/// The `calyx` executable built beside the tests, run as a user runs it.
enum CalyxCommand {
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calyx")

    struct Run { let status: Int32; let errors: String; var output = "" }

    /// Runs `calyx` with `arguments` (under a file-size limit through `prlimit` when one is given) and answers its
    /// exit status and what it wrote on standard error (and on standard output, when `capturingOutput`: for
    /// commands that print little, as both pipes are read one after the other).
    static func run(_ arguments: [String], fileSizeLimit: Int? = nil, capturingOutput: Bool = false) throws -> Run {
        let process = Process()
        if let limit = fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--fsize=\(limit)", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        let errors = Pipe()
        process.standardError = errors
        let output = Pipe()
        process.standardOutput = capturingOutput ? output : FileHandle.nullDevice
        try process.run()
        let printed = capturingOutput ? String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, errors: text, output: printed)
    }
}

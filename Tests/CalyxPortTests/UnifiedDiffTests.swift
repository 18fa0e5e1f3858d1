import CalyxPort
import Foundation
import Testing

/// The diff `calyx port` prints, checked against GNU diff's `diff -u` on the same texts (diffutils is part of
/// every Debian system): same hunks, same ranges, same lines.
@Suite struct UnifiedDiffTests {
    func gnuDiff(_ old: String, _ new: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a"), b = directory.appendingPathComponent("b")
        try old.write(to: a, atomically: true, encoding: .utf8)
        try new.write(to: b, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", a.path, b.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Drop the two header lines (they carry paths and times).
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
    }

    func ours(_ old: String, _ new: String) -> String {
        UnifiedDiff.make(from: old, to: new, path: "f").split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
    }

    static let lines: [String] = (1...20).map { "line \($0)" }
    static let original: String = text(lines)

    static func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    /// The original with the lines at `offsets` replaced.
    static func replacing(_ offsets: Set<Int>, with make: (Int) -> String) -> String {
        var changed = lines
        for offset in offsets { changed[offset] = make(offset) }
        return text(changed)
    }

    static let cases: [(String, String)] = [
        ("one line changed in the middle", replacing([9]) { _ in "changed" }),
        ("inserted at the start", text(["new"] + lines)),
        ("removed at the end", text(Array(lines.dropLast(2)))),
        ("two distant changes", replacing([2, 17]) { "x\($0)" }),
        ("two near changes share a hunk", replacing([5, 10]) { "x\($0)" }),
        ("a line split in two", replacing([7]) { _ in "a\nb" }),
        ("the last line loses its newline", String(original.dropLast())),
        ("the last line changes and loses its newline", String(replacing([19]) { _ in "end" }.dropLast())),
    ]

    @Test(arguments: cases)
    func matchesGNUDiff(_ name: String, _ changed: String) throws {
        #expect(ours(Self.original, changed) == (try gnuDiff(Self.original, changed)), "\(name)")
    }

    @Test func identicalTextsHaveNoDiff() {
        #expect(UnifiedDiff.make(from: "a\n", to: "a\n", path: "f").isEmpty)
    }
}

/// A unified diff (`diff -u`'s format, three lines of context) between two texts, from the standard library's
/// `CollectionDifference` over their lines.
public enum UnifiedDiff {
    private enum Step { case same(Int, Int), removed(Int), inserted(Int) }

    public static func make(from old: String, to new: String, path: String) -> String {
        let oldLines = lines(of: old), newLines = lines(of: new)
        let oldUnterminated = !old.isEmpty && !old.hasSuffix("\n"), newUnterminated = !new.isEmpty && !new.hasSuffix("\n")
        guard old != new else { return "" }
        // A last line without its newline differs from the same line with one, as in GNU diff.
        func keyed(_ lines: [String], unterminated: Bool) -> [String] {
            unterminated ? lines.dropLast() + [lines[lines.count - 1] + "\u{0}"] : lines
        }
        let difference = keyed(newLines, unterminated: newUnterminated).difference(from: keyed(oldLines, unterminated: oldUnterminated))
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < oldLines.count || j < newLines.count {
            if i < oldLines.count, removed.contains(i) { steps.append(.removed(i)); i += 1 }
            else if j < newLines.count, inserted.contains(j) { steps.append(.inserted(j)); j += 1 }
            else { steps.append(.same(i, j)); i += 1; j += 1 }
        }
        let (oldName, newName) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        let context = 3
        let changed = steps.indices.filter { if case .same = steps[$0] { return false }; return true }
        var hunkStart = 0
        while hunkStart < changed.count {
            var hunkEnd = hunkStart
            while hunkEnd + 1 < changed.count, changed[hunkEnd + 1] - changed[hunkEnd] <= 2 * context + 1 { hunkEnd += 1 }
            let first = max(0, changed[hunkStart] - context), last = min(steps.count - 1, changed[hunkEnd] + context)
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0, body = ""
            var positioned = false
            for step in steps[first...last] {
                switch step {
                case .same(let a, let b):
                    if !positioned { oldStart = a; newStart = b; positioned = true }
                    oldCount += 1; newCount += 1; body += " \(oldLines[a])\n"
                    if a == oldLines.count - 1, oldUnterminated { body += noNewline }
                case .removed(let a):
                    if !positioned { oldStart = a; newStart = Self.newPosition(before: step, in: steps); positioned = true }
                    oldCount += 1; body += "-\(oldLines[a])\n"
                    if a == oldLines.count - 1, oldUnterminated { body += noNewline }
                case .inserted(let b):
                    if !positioned { newStart = b; oldStart = Self.oldPosition(before: step, in: steps, at: first); positioned = true }
                    newCount += 1; body += "+\(newLines[b])\n"
                    if b == newLines.count - 1, newUnterminated { body += noNewline }
                }
            }
            output += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n" + body
            hunkStart = hunkEnd + 1
        }
        return output
    }

    private static let noNewline = "\\ No newline at end of file\n"

    /// A text's lines; a final newline ends the last line rather than starting an empty one.
    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The new-text line index a hunk starting with a removal begins at.
    private static func newPosition(before step: Step, in steps: [Step]) -> Int {
        var count = 0
        for s in steps {
            if case .removed(let a) = s, case .removed(let b) = step, a == b { return count }
            if case .same = s { count += 1 } else if case .inserted = s { count += 1 }
        }
        return count
    }

    /// The old-text line index a hunk starting with an insertion begins at.
    private static func oldPosition(before step: Step, in steps: [Step], at index: Int) -> Int {
        var count = 0
        for s in steps[..<index] {
            if case .same = s { count += 1 } else if case .removed = s { count += 1 }
        }
        return count
    }
}

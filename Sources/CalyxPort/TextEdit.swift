import SwiftSyntax

/// One replacement in a file's text, addressed by UTF-8 offsets. Rewrites are edits to the original text rather
/// than rebuilt syntax trees, so everything they do not touch — comments, spacing, line breaks — stays byte for
/// byte as it was.
struct TextEdit: Equatable {
    let range: Range<Int>
    let replacement: String

    /// Replaces `node`'s text (its surrounding trivia stays).
    static func replace(_ node: some SyntaxProtocol, with text: String) -> TextEdit {
        TextEdit(range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
                 replacement: text)
    }

    static func insert(_ text: String, at position: AbsolutePosition) -> TextEdit {
        TextEdit(range: position.utf8Offset..<position.utf8Offset, replacement: text)
    }

    /// Removes `node`: the whole line when `node` is alone on it, otherwise the node and the spaces after it.
    static func remove(_ node: some SyntaxProtocol, in text: [UInt8]) -> TextEdit {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09 { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < text.count, text[lineEnd] == 0x20 || text[lineEnd] == 0x09 { lineEnd += 1 }
        let aloneOnLine = (lineStart == 0 || text[lineStart - 1] == 0x0A) && lineEnd < text.count && text[lineEnd] == 0x0A
        if aloneOnLine { return TextEdit(range: lineStart..<lineEnd + 1, replacement: "") }
        return TextEdit(range: start..<lineEnd, replacement: "")
    }
}

extension Array where Element == TextEdit {
    /// Applies the edits that do not overlap an earlier one (by position). Answers the new text and whether some
    /// edits were held back for another round, where they are found again on the edited text.
    func applied(to text: String) -> (text: String, heldBack: Bool) {
        var bytes = [UInt8](text.utf8)
        var taken: [TextEdit] = []
        var heldBack = false
        for edit in sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            if let last = taken.last, edit.range.lowerBound < last.range.upperBound
                || (edit.range.lowerBound == last.range.lowerBound && edit != last) {
                heldBack = true
                continue
            }
            if taken.last != edit { taken.append(edit) }
        }
        for edit in taken.reversed() {
            bytes.replaceSubrange(edit.range, with: [UInt8](edit.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), heldBack)
    }
}

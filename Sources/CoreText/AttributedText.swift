/// Text and its attributes as a plain value: what Calyx lays out and draws.
///
/// Foundation on Linux never frees the attribute storage of an `NSAttributedString` it creates (about 350 bytes
/// each, measured), so Calyx makes none of its own: strings handed in are read once into this value, and every
/// internal step — a frame's substring, a text layer's string in its font, a render copy of a mutable string —
/// works on it instead. Ranges and lengths are in UTF-16 units, as `NSString`'s.
package struct AttributedText: @unchecked Sendable {
    /// One range of text with the same attributes.
    package struct Run {
        package var range: NSRange
        package var attributes: [NSAttributedString.Key: Any]
    }

    package let string: String
    /// The runs in order, covering the whole text (none for empty text).
    package let runs: [Run]
    /// The length in UTF-16 units.
    package let length: Int

    /// The text of `attributed` with its attributes as they are now.
    package init(_ attributed: NSAttributedString) {
        string = attributed.string
        length = attributed.length
        var runs: [Run] = []
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
            runs.append(Run(range: range, attributes: attributes))
        }
        self.runs = runs
    }

    /// `string` with `attributes` throughout.
    package init(string: String, attributes: [NSAttributedString.Key: Any] = [:]) {
        self.string = string
        length = string.utf16.count
        runs = length > 0 ? [Run(range: NSRange(location: 0, length: length), attributes: attributes)] : []
    }

    private init(string: String, runs: [Run], length: Int) {
        self.string = string; self.runs = runs; self.length = length
    }

    /// The text of `text` when it is a string or an attributed string (a `CATextLayer`'s `string`, a CoreText
    /// argument); nil for anything else.
    package init?(any text: Any?) {
        switch text {
        case let value as AttributedText: self = value
        case let attributed as NSAttributedString: self.init(attributed)
        case let plain as String: self.init(string: plain)
        case let plain as NSString: self.init(string: String(describing: plain))
        default: return nil
        }
    }

    /// The attribute `key` at UTF-16 offset `location` (nil outside the text).
    package func attribute(_ key: NSAttributedString.Key, at location: Int) -> Any? {
        runs.first { NSLocationInRange(location, $0.range) }?.attributes[key]
    }

    /// The part of the text in `range` (clamped to the text), its runs cut to it and moved to start at 0.
    package func substring(_ range: NSRange) -> AttributedText {
        let start = min(max(range.location, 0), length)
        let end = min(max(start + max(range.length, 0), start), length)
        guard start > 0 || end < length else { return self }
        let utf16 = string.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: start), to = utf16.index(utf16.startIndex, offsetBy: end)
        let text = String(utf16[from..<to]) ?? String(string[from..<to])
        let cut: [Run] = runs.compactMap { run in
            let lower = max(run.range.location, start), upper = min(NSMaxRange(run.range), end)
            guard lower < upper else { return nil }
            return Run(range: NSRange(location: lower - start, length: upper - lower), attributes: run.attributes)
        }
        return AttributedText(string: text, runs: cut, length: end - start)
    }

    /// The text with attribute `key` in every run replaced by what `transform` makes of it (nil removes it).
    package func mappingAttribute(_ key: NSAttributedString.Key, _ transform: (Any?) -> Any?) -> AttributedText {
        let mapped = runs.map { run in
            var attributes = run.attributes
            attributes[key] = transform(run.attributes[key])
            return Run(range: run.range, attributes: attributes)
        }
        return AttributedText(string: string, runs: mapped, length: length)
    }

    /// The text as a new `NSAttributedString` (for API that hands one out).
    package func makeAttributedString() -> NSAttributedString {
        let result = NSMutableAttributedString(string: string)
        for run in runs { result.setAttributes(run.attributes, range: run.range) }
        return result
    }
}

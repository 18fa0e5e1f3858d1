/// Lays an attributed string out into frames: lines wrapped at words to a path's width, stacked from the top.
public final class CTFramesetter: @unchecked Sendable {
    let text: AttributedText
    init(string: NSAttributedString) { text = AttributedText(string) }

    /// The substring for `range` (length 0: to the end), clamped to the string.
    func substring(_ range: CFRange) -> AttributedText {
        let start = min(max(range.location, 0), text.length)
        let length = range.length <= 0 ? text.length - start : min(range.length, text.length - start)
        return text.substring(NSRange(location: start, length: length))
    }
}

/// Lines of text placed inside a path's bounding box.
public final class CTFrame: @unchecked Sendable {
    let layout: TextLayout
    /// How many of the layout's lines fit in the frame's height.
    let visibleLineCount: Int
    let bounds: CGRect
    let stringOffset: Int
    /// The shape the frame's text was laid out in.
    public let path: CGPath

    init(layout: TextLayout, bounds: CGRect, path: CGPath, stringOffset: Int) {
        self.layout = layout; self.bounds = bounds; self.path = path; self.stringOffset = stringOffset
        // Apple keeps only lines whose bottom lies within the frame.
        var count = 0
        for line in layout.lines where line.baseline + line.descent <= bounds.height + 0.001 { count += 1 }
        visibleLineCount = count
    }

    /// Baseline origin of line `i` relative to the frame's bottom-left (y up).
    func origin(ofLine i: Int) -> CGPoint {
        let line = layout.lines[i]
        return CGPoint(x: line.x, y: bounds.height - line.baseline)
    }
}

/// A framesetter laying out `string`.
public func CTFramesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTFramesetter {
    CTFramesetter(string: string)
}

/// A frame for `range` of the string inside `path`'s bounding box (only rectangular frames are supported:
/// other paths use their bounding box).
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ range: CFRange, _ path: CGPath, _ attributes: CFDictionary?) -> CTFrame {
    let bounds = path.boundingBoxOfPath.isNull ? .zero : path.boundingBoxOfPath
    let layout = TextLayout(framesetter.substring(range), width: bounds.width)
    return CTFrame(layout: layout, bounds: bounds, path: path, stringOffset: max(range.location, 0))
}

/// The size the text needs within `constraints` (a width of `CGFloat.greatestFiniteMagnitude` means no
/// wrapping; lines beyond the height are left out); `fitRange` receives the range that fits.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ range: CFRange, _ attributes: CFDictionary?, _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let sub = framesetter.substring(range)
    let layout = TextLayout(sub, width: constraints.width)
    var height: CGFloat = 0, width: CGFloat = 0, fitted = 0
    for line in layout.lines {
        let bottom = line.baseline + line.descent
        if bottom > constraints.height + 0.001 { break }
        height = bottom; width = max(width, line.x + line.width)
        fitted = line.range.location + line.range.length
    }
    fitRange?.pointee = CFRange(location: max(range.location, 0), length: fitted)
    return CGSize(width: width, height: height)
}

/// The frame's lines, top to bottom.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray {
    (0..<frame.visibleLineCount).map { CTLine(layout: frame.layout, index: $0) } as NSArray
}

/// Baseline origins of the lines in `range` (length 0: all), relative to the frame's bottom-left (y up).
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let start = max(range.location, 0)
    let end = range.length == 0 ? frame.visibleLineCount : min(frame.visibleLineCount, start + range.length)
    for (k, i) in (start..<max(start, end)).enumerated() { origins[k] = frame.origin(ofLine: i) }
}

/// The UTF-16 range of the string that the frame shows.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange {
    guard frame.visibleLineCount > 0 else { return CFRange(location: frame.stringOffset, length: 0) }
    let last = frame.layout.lines[frame.visibleLineCount - 1].range
    return CFRange(location: frame.stringOffset, length: last.location + last.length)
}

/// The shape the frame's text was laid out in.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// Draws every visible line of the frame.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    for i in 0..<frame.visibleLineCount {
        let o = frame.origin(ofLine: i)
        frame.layout.drawLine(i, at: CGPoint(x: frame.bounds.minX + o.x, y: frame.bounds.minY + o.y), in: context)
    }
}

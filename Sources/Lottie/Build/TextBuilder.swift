import Foundation
import QuartzCore
import CoreText

/// A text layer as `CATextLayer`s: one per line of each document, as wide as its text, its baseline on the
/// layer's line (the first at the layer's origin, each next one line height lower), starting there for
/// left-justified text, ending there for right-justified and centred on it for centred text, in the document's
/// font, size and fill colour, with its tracking (thousandths of an em, as Core Text's kern after each
/// character) and its stroke (a width in points, drawn over the fill as a negative `strokeWidth` percentage of
/// the size). A document that changes at a keyframe is a set of lines shown only until the next one. (Text
/// boxes and animators are not drawn.)
struct TextBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap
    /// The text layer's keypath (its composition's layers' names and its own), which text providers are asked by.
    var keypath: [String] = []

    /// At most this many lines are drawn from one document.
    static let maximumLines = 256

    func addText(_ text: TextModel, to node: CALayer) {
        for (index, entry) in text.documents.enumerated() {
            let lines = lineLayers(entry.document)
            guard text.documents.count > 1 else { node.addSublayer(lines); continue }
            let end = index + 1 < text.documents.count ? text.documents[index + 1].frame : .infinity
            let start = index == 0 ? -Double.infinity : entry.frame
            if let visibility = builder.timeline.visibility(inPoint: start, outPoint: end, composition: time) {
                lines.add(visibility, forKey: "lottie.visibility")
            }
            node.addSublayer(lines)
        }
    }

    private func lineLayers(_ document: TextModel.Document) -> CALayer {
        let group = LayerTreeBuilder.spaceLayer()
        let size = CGFloat(Self.finite(document.size, 16_384))
        let font = builder.fontProvider.fontFor(family: document.fontName, size: size) ?? CTFont(name: document.fontName, size: size)
        let ascent = CTFontGetAscent(font), descent = CTFontGetDescent(font)
        // (The text provider may replace the document's text, as lottie-ios's Core Animation engine asks it.)
        let layerKeypath = AnimationKeypath(keys: keypath)
        let text = builder.textProvider.resolvedText(for: layerKeypath, sourceText: document.text)
        let scale = (builder.textProvider as? TextContentsScaleProvider)?.contentsScale(for: layerKeypath)
        let lines = text.components(separatedBy: CharacterSet(charactersIn: "\r\n\u{3}")).prefix(Self.maximumLines)
        let attributes = Self.attributes(of: document, font: font)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let layer = CATextLayer()
            let text = NSAttributedString(string: line, attributes: attributes)
            layer.string = attributes.count > 2 ? text : line
            layer.font = font
            layer.fontSize = CGFloat(document.size)
            layer.foregroundColor = attributes[NSAttributedString.Key(kCTForegroundColorAttributeName)].map { $0 as! CGColor }
            layer.contentsScale = scale.map { $0.isFinite ? min(max($0, 0.25), 8) : 2 } ?? 2
            // The layer is as wide as the line's text (measured by Core Text, tracking and stroke included), placed
            // by the justification.
            let measured = CTLineCreateWithAttributedString(text)
            let outline = CGFloat(document.strokeColor == nil ? 0 : Self.finite(document.strokeWidth, 1_000))
            let width = ceil(CGFloat(CTLineGetTypographicBounds(measured, nil, nil, nil)) + outline) + 2
            let x: CGFloat = switch document.justification {
            case 1: -width
            case 2: -width / 2
            default: 0
            }
            layer.alignmentMode = [1: .right, 2: .center][document.justification] ?? .left
            layer.anchorPoint = .zero
            let baseline = CGFloat(index) * CGFloat(document.lineHeight)
            layer.frame = CGRect(x: x, y: baseline - ascent, width: width, height: ascent + descent)
            group.addSublayer(layer)
        }
        return group
    }

    /// The line's text attributes: font and fill colour, and tracking and a stroke when the document has them.
    static func attributes(of document: TextModel.Document, font: CTFont) -> [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key(kCTFontAttributeName): font,
            NSAttributedString.Key(kCTForegroundColorAttributeName): document.fillColor.map { ShapeBuilder.color(Numbers($0)) }
                ?? CGColor(gray: 0, alpha: 1),
        ]
        let size = max(finite(document.size, 16_384), 0)
        let tracking = finite(document.tracking, 100_000) / 1000 * size
        if tracking != 0 { attributes[.kern] = tracking }
        if let stroke = document.strokeColor, document.strokeWidth > 0, size > 0 {
            attributes[.strokeColor] = ShapeBuilder.color(Numbers(stroke))
            attributes[.strokeWidth] = -finite(document.strokeWidth, 1_000) / size * 100
        }
        return attributes
    }

    static func finite(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
}

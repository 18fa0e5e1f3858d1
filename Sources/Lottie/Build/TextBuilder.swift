import Foundation
import QuartzCore
import CoreText

/// A text layer as `CATextLayer`s: one per line of each document, as wide as its text, its baseline on the
/// layer's line (the first at the layer's origin, each next one line height lower), starting there for
/// left-justified text, ending there for right-justified and centred on it for centred text, in the document's
/// font, size and fill colour. A document that changes at a keyframe is a set of lines shown only until the
/// next one. (Tracking, strokes, text boxes and animators are not drawn.)
struct TextBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap

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
        let font = CTFont(name: document.fontName, size: CGFloat(document.size))
        let ascent = CTFontGetAscent(font), descent = CTFontGetDescent(font)
        let lines = document.text.components(separatedBy: CharacterSet(charactersIn: "\r\n\u{3}")).prefix(Self.maximumLines)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let layer = CATextLayer()
            layer.string = line
            layer.font = font
            layer.fontSize = CGFloat(document.size)
            layer.foregroundColor = document.fillColor.map { ShapeBuilder.color(Numbers($0)) } ?? CGColor(gray: 0, alpha: 1)
            layer.contentsScale = 2
            // The layer is as wide as the line's text (measured by Core Text), placed by the justification.
            let measured = CTLineCreateWithAttributedString(NSAttributedString(
                string: line, attributes: [NSAttributedString.Key(kCTFontAttributeName): font]))
            let width = ceil(CGFloat(CTLineGetTypographicBounds(measured, nil, nil, nil))) + 2
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
}

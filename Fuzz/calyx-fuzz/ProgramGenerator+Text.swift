import CoreGraphics
import CoreText
import UIKit

extension ProgramGenerator {
    /// A label with hostile text, sizes and settings joins a view, is measured, cross-fades to attributed text in a
    /// transition, and its text is also drawn and measured through UIKit's string drawing into a hostile rectangle.
    mutating func labelCall(_ a: Int, duration: Generated<Double>) -> ProgramCall {
        let text = values.attributedString(), size = values.number(-5, 200), fit = values.size(), rect = values.rect()
        let lines = values.int(-1...4), breaking = values.int(0...6), alignment = values.int(0...5)
        let shrink = values.number(-1, 2), weight = values.number(-2, 2), options = values.int(0...63)
        let source = "let l = UILabel(frame: \(rect.source)); l.font = .systemFont(ofSize: \(size.source), weight: .init(\(weight.source))); l.numberOfLines = \(lines); l.lineBreakMode = \(breaking); l.textAlignment = \(alignment); l.adjustsFontSizeToFitWidth = true; l.minimumScaleFactor = \(shrink.source); l.text = \"Calyx label\"; V[\(a)].addSubview(l); _ = l.sizeThatFits(\(fit.source)); UIView.transition(with: l, duration: \(duration.source), options: .transitionCrossDissolve) { l.attributedText = \(text.source) }; text.draw(with: \(rect.source), options: \(options)); text.boundingRect(with: \(fit.source), options: \(options))"
        return ProgramCall(source: source) { w in
            let label = UILabel(frame: rect.value)
            label.font = .systemFont(ofSize: CGFloat(size.value), weight: UIFont.Weight(CGFloat(weight.value)))
            label.numberOfLines = lines
            label.lineBreakMode = NSLineBreakMode(rawValue: breaking) ?? .byWordWrapping
            label.textAlignment = NSTextAlignment(rawValue: alignment) ?? .natural
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = CGFloat(shrink.value)
            label.text = "Calyx label"
            w.view(a)?.addSubview(label)
            w.views.append(label); w.layers.append(label.layer)
            w.observe(label.sizeThatFits(fit.value))
            w.observe(label.intrinsicContentSize)
            UIView.transition(with: label, duration: duration.value, options: .transitionCrossDissolve, animations: {
                label.attributedText = text.value
            }, completion: { _ in w.completions += 1 })
            let drawingOptions = NSStringDrawingOptions(rawValue: options)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { _ in
                text.value.draw(with: rect.value, options: drawingOptions, context: nil)
                text.value.string.draw(at: rect.value.origin, withAttributes: [.font: label.font as Any])
            }
            w.observe(image.size)
            w.observe(text.value.boundingRect(with: fit.value, options: drawingOptions, context: nil))
            w.observe(label.textRect(forBounds: rect.value, limitedToNumberOfLines: lines))
        }
    }
}

import CoreGraphics
import QuartzCore
import CoreText
import Foundation

/// A generated value with the Swift source that makes it, so a failing program prints as code.
struct Generated<T> {
    let value: T
    let source: String
}

/// Ordinary values most of the time, and the hostile ones the public API must survive: zero, negatives, huge
/// magnitudes, NaN and infinities.
struct HostileValues {
    var rng: SplitMix

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ options: [T]) -> T { options[int(0...options.count - 1)] }

    /// A number: ordinary in [lo, hi] with probability 0.7, otherwise an edge case.
    mutating func number(_ lo: Double = -50, _ hi: Double = 100) -> Generated<Double> {
        if chance(0.7) {
            let v = (Double.random(in: lo...hi, using: &rng) * 100).rounded() / 100
            return Generated(value: v, source: "\(v)")
        }
        return pick([
            Generated(value: 0, source: "0"), Generated(value: -1, source: "-1"),
            Generated(value: 1e12, source: "1e12"), Generated(value: -1e12, source: "-1e12"),
            Generated(value: 1e300, source: "1e300"), Generated(value: 1e-300, source: "1e-300"),
            Generated(value: .nan, source: ".nan"), Generated(value: .infinity, source: ".infinity"),
            Generated(value: -.infinity, source: "-.infinity"),
            Generated(value: .greatestFiniteMagnitude, source: ".greatestFiniteMagnitude"),
        ])
    }

    mutating func point() -> Generated<CGPoint> {
        let x = number(), y = number()
        return Generated(value: CGPoint(x: x.value, y: y.value), source: "CGPoint(x: \(x.source), y: \(y.source))")
    }

    mutating func size() -> Generated<CGSize> {
        let w = number(0, 60), h = number(0, 60)
        return Generated(value: CGSize(width: w.value, height: h.value), source: "CGSize(width: \(w.source), height: \(h.source))")
    }

    mutating func rect() -> Generated<CGRect> {
        if chance(0.05) { return Generated(value: .null, source: "CGRect.null") }
        if chance(0.05) { return Generated(value: .infinite, source: "CGRect.infinite") }
        let o = point(), s = size()
        return Generated(value: CGRect(origin: o.value, size: s.value), source: "CGRect(origin: \(o.source), size: \(s.source))")
    }

    mutating func transform() -> Generated<CATransform3D> {
        switch int(0...4) {
        case 0:
            let a = number(-7, 7)
            return Generated(value: CATransform3DMakeRotation(CGFloat(a.value), 0, 0, 1), source: "CATransform3DMakeRotation(\(a.source), 0, 0, 1)")
        case 1:
            let a = number(-7, 7), y = number(-1, 1)
            return Generated(value: CATransform3DMakeRotation(CGFloat(a.value), 1, CGFloat(y.value), 0),
                             source: "CATransform3DMakeRotation(\(a.source), 1, \(y.source), 0)")
        case 2:
            let x = number(-3, 3), y = number(-3, 3)
            return Generated(value: CATransform3DMakeScale(CGFloat(x.value), CGFloat(y.value), 1),
                             source: "CATransform3DMakeScale(\(x.source), \(y.source), 1)")
        case 3:
            let d = number(-0.05, 0.05), a = number(-3, 3)
            var t = CATransform3DMakeRotation(CGFloat(a.value), 0, 1, 0); t.m34 = CGFloat(d.value)
            return Generated(value: t, source: "{ var t = CATransform3DMakeRotation(\(a.source), 0, 1, 0); t.m34 = \(d.source); return t }()")
        default:
            let x = number(), y = number(), z = number(-20, 20)
            return Generated(value: CATransform3DMakeTranslation(CGFloat(x.value), CGFloat(y.value), CGFloat(z.value)),
                             source: "CATransform3DMakeTranslation(\(x.source), \(y.source), \(z.source))")
        }
    }

    mutating func color() -> Generated<CGColor?> {
        if chance(0.1) { return Generated(value: nil, source: "nil") }
        let r = number(0, 1), g = number(0, 1), b = number(0, 1), a = number(0, 1)
        return Generated(value: CGColor(red: CGFloat(r.value), green: CGFloat(g.value), blue: CGFloat(b.value), alpha: CGFloat(a.value)),
                         source: "CGColor(red: \(r.source), green: \(g.source), blue: \(b.source), alpha: \(a.source))")
    }

    /// A path built by a few hostile calls (arcs of any sweep, tangent arcs, rects, curves).
    mutating func path() -> Generated<CGPath> {
        let path = CGMutablePath()
        var lines = ["let p = CGMutablePath()"]
        for _ in 0..<int(1...5) {
            switch int(0...6) {
            case 0:
                let p = point(); path.move(to: p.value); lines.append("p.move(to: \(p.source))")
            case 1:
                let p = point(); path.addLine(to: p.value); lines.append("p.addLine(to: \(p.source))")
            case 2:
                let c = point(), r = number(0, 30), s = number(-7, 7), e = number(-7, 7), cw = chance(0.5)
                path.addArc(center: c.value, radius: CGFloat(r.value), startAngle: CGFloat(s.value), endAngle: CGFloat(e.value), clockwise: cw)
                lines.append("p.addArc(center: \(c.source), radius: \(r.source), startAngle: \(s.source), endAngle: \(e.source), clockwise: \(cw))")
            case 3:
                let c = point(), r = number(0, 30), s = number(-7, 7), d = number(-20, 20)
                path.addRelativeArc(center: c.value, radius: CGFloat(r.value), startAngle: CGFloat(s.value), delta: CGFloat(d.value))
                lines.append("p.addRelativeArc(center: \(c.source), radius: \(r.source), startAngle: \(s.source), delta: \(d.source))")
            case 4:
                let a = point(), b = point(), r = number(0, 20)
                path.addArc(tangent1End: a.value, tangent2End: b.value, radius: CGFloat(r.value))
                lines.append("p.addArc(tangent1End: \(a.source), tangent2End: \(b.source), radius: \(r.source))")
            case 5:
                let r = rect(); path.addRect(r.value); lines.append("p.addRect(\(r.source))")
            default:
                let e = point(), c1 = point(), c2 = point()
                path.addCurve(to: e.value, control1: c1.value, control2: c2.value)
                lines.append("p.addCurve(to: \(e.source), control1: \(c1.source), control2: \(c2.source))")
            }
        }
        if chance(0.3) { path.closeSubpath(); lines.append("p.closeSubpath()") }
        return Generated(value: path, source: "{ " + lines.joined(separator: "; ") + "; return p }()")
    }

    mutating func image() -> Generated<CGImage> {
        let w = int(1...12), h = int(1...12)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: w / 2 + 1, height: h))
        return Generated(value: ctx.makeImage()!, source: "image(width: \(w), height: \(h))")
    }

    /// A value of any type, for keys that may not take it: what a hostile `setValue(_:forKey:)` passes.
    mutating func anyValue() -> Generated<Any?> {
        switch int(0...12) {
        case 0, 1: let n = number(); return Generated(value: CGFloat(n.value), source: "CGFloat(\(n.source))")
        case 2: let n = number(); return Generated(value: NSNumber(value: n.value), source: "NSNumber(value: \(n.source))")
        case 3: let p = point(); return Generated(value: p.value, source: p.source)
        case 4: let s = size(); return Generated(value: s.value, source: s.source)
        case 5: let r = rect(); return Generated(value: r.value, source: r.source)
        case 6: let t = transform(); return Generated(value: t.value, source: t.source)
        case 7: let c = color(); return Generated(value: c.value, source: c.source)
        case 8: let p = path(); return Generated(value: p.value, source: p.source)
        case 9: let i = image(); return Generated(value: i.value, source: i.source)
        case 10:
            let n = int(0...4)
            let list = (0..<n).map { _ in number(0, 10) }
            return Generated(value: list.map { NSNumber(value: $0.value) }, source: "[" + list.map(\.source).joined(separator: ", ") + "] as [NSNumber]")
        case 11: let s = pick(["", "hello", "resizeAspectFill", "center", "ü€𝄞", "forwards"]); return Generated(value: s, source: "\"\(s)\"")
        default:
            let options: [Generated<Any?>] = [Generated(value: nil, source: "nil"), Generated(value: NSNull() as Any?, source: "NSNull()"),
                                              Generated(value: true as Any?, source: "true"), Generated(value: [Any]() as Any?, source: "[Any]()")]
            return pick(options)
        }
    }

    /// A value that fits `key` most of the time (what a real program would set), else any value.
    mutating func value(forKey key: String) -> Generated<Any?> {
        guard chance(0.8) else { return anyValue() }
        switch key {
        case "bounds", "frame", "contentsRect", "contentsCenter": let r = rect(); return Generated(value: r.value, source: r.source)
        case "position", "anchorPoint", "startPoint", "endPoint", "emitterPosition": let p = point(); return Generated(value: p.value, source: p.source)
        case "shadowOffset", "emitterSize": let s = size(); return Generated(value: s.value, source: s.source)
        case "transform", "sublayerTransform", "instanceTransform": let t = transform(); return Generated(value: t.value, source: t.source)
        case "backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor", "foregroundColor", "instanceColor":
            let c = color(); return Generated(value: c.value, source: c.source)
        case "path", "shadowPath": let p = path(); return Generated(value: p.value, source: p.source)
        case "contents": let i = image(); return Generated(value: i.value, source: i.source)
        case "colors":
            let list = (0..<int(0...4)).map { _ in color() }
            return Generated(value: list.compactMap(\.value), source: "[" + list.map(\.source).joined(separator: ", ") + "].compactMap { $0 }")
        case "string":
            if chance(0.4) { let a = attributedString(); return Generated(value: a.value, source: a.source) }
            let s = pick(["Hi", "", "Calyx wraps text", "𝄞"]); return Generated(value: s, source: "\"\(s)\"")
        case "instanceCount": let n = pick([0, 1, 3, 12, -5, 100_000]); return Generated(value: n, source: "\(n)")
        case "lineDashPattern", "locations":
            let list = (0..<int(0...4)).map { _ in number(0, 10) }
            return Generated(value: list.map { NSNumber(value: $0.value) }, source: "[" + list.map(\.source).joined(separator: ", ") + "] as [NSNumber]")
        default: let n = number(); return Generated(value: CGFloat(n.value), source: "CGFloat(\(n.source))")
        }
    }

    /// Attributed text with hostile attributes: font sizes, paragraph spacing, indents, line heights, stroke
    /// widths, kerning and baseline offsets from the hostile numbers, over one or two runs.
    mutating func attributedString() -> Generated<NSAttributedString> {
        let text = pick(["Calyx wraps\ntext", "ffi fl", "\t𝄞\tü", "", "a b c d e f g h i j k l m n o p"])
        let size = number(-5, 200), spacing = number(-20, 40), indent = number(-20, 60), height = number(-5, 80)
        let stroke = number(-10, 10), kern = number(-5, 5), offset = number(-20, 20)
        let alignment = int(0...4), breaking = int(0...5), ligature = int(0...2)
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = NSTextAlignment(rawValue: alignment) ?? .natural
        paragraph.lineBreakMode = NSLineBreakMode(rawValue: breaking) ?? .byWordWrapping
        paragraph.lineSpacing = CGFloat(spacing.value); paragraph.paragraphSpacing = CGFloat(spacing.value)
        paragraph.firstLineHeadIndent = CGFloat(indent.value); paragraph.headIndent = CGFloat(indent.value / 2)
        paragraph.tailIndent = CGFloat(-indent.value); paragraph.minimumLineHeight = CGFloat(height.value)
        paragraph.maximumLineHeight = CGFloat(height.value / 2); paragraph.lineHeightMultiple = CGFloat(spacing.value / 10)
        let string = NSMutableAttributedString(string: text, attributes: [
            .font: CTFontCreateWithName("Liberation Sans" as CFString, CGFloat(size.value), nil),
            .paragraphStyle: paragraph, .kern: kern.value, .ligature: ligature,
        ])
        let half = NSRange(location: 0, length: (text as NSString).length / 2)
        string.addAttributes([.strokeWidth: stroke.value, .strokeColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                              .baselineOffset: offset.value, .underlineStyle: 1, .strikethroughStyle: 2,
                              .backgroundColor: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)], range: half)
        let source = "attributed(\(text.debugDescription), size: \(size.source), spacing: \(spacing.source), indent: \(indent.source), height: \(height.source), stroke: \(stroke.source), kern: \(kern.source), offset: \(offset.source), alignment: \(alignment), breaking: \(breaking), ligature: \(ligature))"
        return Generated(value: string, source: source)
    }
}

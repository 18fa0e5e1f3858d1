import CoreGraphics
import CoreText
import ImageIO

/// The CoreGraphics showcase: six panels, each exercising one family of the API the way iOS code calls it.
enum Showcase {
    static let panelSize = CGSize(width: 320, height: 320)
    static let columns = 3

    /// Panel titles and the code that draws each into a `panelSize` area whose origin is its bottom-left.
    static let panels: [(String, @Sendable (CGContext) -> Void)] = [
        ("Paths", ShowcasePanels.paths),
        ("Strokes: caps, joins, dashes", ShowcasePanels.strokes),
        ("Gradients", ShowcasePanels.gradients),
        ("Images", ShowcasePanels.images),
        ("Text", ShowcasePanels.text),
        ("Clipping and shadows", ShowcasePanels.clippingAndShadows),
    ]

    /// Draws every panel into one image.
    static func render() -> CGImage {
        let rows = (panels.count + columns - 1) / columns
        let width = Int(panelSize.width) * columns, height = Int(panelSize.height) * rows
        let context = CGContext.canonicalBitmap(width: width, height: height)!
        context.setFillColor(CGColor(gray: 0.96, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        for (index, (title, draw)) in panels.enumerated() {
            let origin = CGPoint(x: CGFloat(index % columns) * panelSize.width,
                                 y: CGFloat(rows - 1 - index / columns) * panelSize.height)
            context.saveGState()
            context.translateBy(x: origin.x, y: origin.y)
            context.clip(to: CGRect(origin: .zero, size: panelSize))
            drawFrame(title: title, in: context)
            draw(context)
            context.restoreGState()
        }
        return context.makeImage()!
    }

    /// The panel's card and its title along the top.
    static func drawFrame(title: String, in context: CGContext) {
        let card = CGRect(origin: .zero, size: panelSize).insetBy(dx: 6, dy: 6)
        context.setFillColor(CGColor.white)
        context.addPath(CGPath(roundedRect: card, cornerWidth: 12, cornerHeight: 12, transform: nil))
        context.fillPath()
        let attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName("Helvetica-Bold" as CFString, 15, nil)]
        context.textPosition = CGPoint(x: 20, y: panelSize.height - 32)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: title, attributes: attributes)), context)
    }
}

extension CGImage {
    /// Writes the image as PNG through ImageIO.
    func writePNG(to url: URL) throws {
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        CGImageDestinationAddImage(destination, self, nil)
        guard CGImageDestinationFinalize(destination) else { throw CocoaError(.fileWriteUnknown) }
    }
}

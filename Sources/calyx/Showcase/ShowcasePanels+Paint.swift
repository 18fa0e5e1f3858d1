import CoreGraphics
import CoreText

extension ShowcasePanels {
    /// Linear (with and without extension), radial and conic gradients.
    static func gradients(_ c: CGContext) {
        let sunset = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB),
                                colors: [accent, CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1), violet] as CFArray,
                                locations: [0, 0.5, 1])!
        c.saveGState()
        c.clip(to: CGRect(x: 20, y: 200, width: 280, height: 60))
        c.drawLinearGradient(sunset, start: CGPoint(x: 60, y: 0), end: CGPoint(x: 260, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()

        c.drawRadialGradient(sunset, startCenter: CGPoint(x: 80, y: 110), startRadius: 0,
                             endCenter: CGPoint(x: 80, y: 110), endRadius: 65, options: [])
        c.saveGState()
        c.addEllipse(in: CGRect(x: 175, y: 45, width: 130, height: 130))
        c.clip()
        let wheel = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                                                         CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 1, alpha: 1),
                                                         CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 1, alpha: 1),
                                                         CGColor(red: 1, green: 0, blue: 0, alpha: 1)] as CFArray, locations: nil)!
        c.drawConicGradient(wheel, center: CGPoint(x: 240, y: 110), angle: 0)
        c.restoreGState()
    }

    /// An image drawn by a bitmap context, then drawn scaled (smooth and nearest), tiled and cropped.
    static func images(_ c: CGContext) {
        let tile = CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        tile.setFillColor(teal); tile.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        tile.setFillColor(accent); tile.fill(CGRect(x: 0, y: 4, width: 4, height: 4)); tile.fill(CGRect(x: 4, y: 0, width: 4, height: 4))
        tile.setFillColor(CGColor.white); tile.fillEllipse(in: CGRect(x: 2, y: 2, width: 4, height: 4))
        let image = tile.makeImage()!

        c.interpolationQuality = .high
        c.draw(image, in: CGRect(x: 20, y: 160, width: 130, height: 110))
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 170, y: 160, width: 130, height: 110))
        c.saveGState()
        c.clip(to: CGRect(x: 20, y: 20, width: 130, height: 120))
        c.draw(image, in: CGRect(x: 20, y: 20, width: 24, height: 24), byTiling: true)
        c.restoreGState()
        if let corner = image.cropping(to: CGRect(x: 0, y: 0, width: 4, height: 4)) {
            c.draw(corner, in: CGRect(x: 170, y: 20, width: 130, height: 120))
        }
        c.interpolationQuality = .default
    }

    /// A styled line and a wrapped paragraph laid out by the framesetter.
    static func text(_ c: CGContext) {
        let headline = NSMutableAttributedString(string: "Calyx draws text",
                                                 attributes: [.font: CTFontCreateWithName("Helvetica-Bold" as CFString, 26, nil)])
        headline.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName), value: accent, range: NSRange(location: 6, length: 5))
        headline.addAttribute(.underlineStyle, value: CTUnderlineStyle.single.rawValue, range: NSRange(location: 12, length: 4))
        c.textPosition = CGPoint(x: 22, y: 240)
        CTLineDraw(CTLineCreateWithAttributedString(headline), c)

        let body = "CoreText on Pango and HarfBuzz: kerning, ligatures, fallback for ✓ ∑ λ and wrapping at word boundaries "
            + "inside a frame. Fonts are pinned so every machine renders the same pixels."
        let paragraph = NSAttributedString(string: body, attributes: [.font: CTFontCreateWithName("Times" as CFString, 16, nil),
                                                                      NSAttributedString.Key(kCTForegroundColorAttributeName): ink])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(paragraph), CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 22, y: 20, width: 276, height: 200), transform: nil), nil)
        CTFrameDraw(frame, c)
    }

    /// A path clip, an image-mask clip, and shadows (offset and blurred).
    static func clippingAndShadows(_ c: CGContext) {
        c.saveGState()
        c.addEllipse(in: CGRect(x: 20, y: 150, width: 120, height: 120))
        c.clip()
        for i in 0..<12 {
            c.setFillColor(i % 2 == 0 ? accent : violet)
            c.fill(CGRect(x: 20 + CGFloat(i) * 10, y: 150, width: 10, height: 120))
        }
        c.restoreGState()

        let mask = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        let fade = CGGradient(colorsSpace: nil, colors: [CGColor.white, CGColor.black] as CFArray, locations: nil)!
        mask.drawLinearGradient(fade, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 64, y: 0), options: [])
        c.saveGState()
        c.clip(to: CGRect(x: 170, y: 150, width: 130, height: 120), mask: mask.makeImage()!)
        c.setFillColor(teal); c.fill(CGRect(x: 170, y: 150, width: 130, height: 120))
        c.restoreGState()

        c.saveGState()
        c.setShadow(offset: CGSize(width: 8, height: -8), blur: 12, color: CGColor(gray: 0, alpha: 0.5))
        c.setFillColor(CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1))
        c.addPath(CGPath(roundedRect: CGRect(x: 30, y: 35, width: 110, height: 80), cornerWidth: 14, cornerHeight: 14, transform: nil))
        c.fillPath()
        c.setShadow(offset: .zero, blur: 18, color: accent)
        c.setStrokeColor(ink); c.setLineWidth(5)
        c.strokeEllipse(in: CGRect(x: 190, y: 40, width: 90, height: 75))
        c.restoreGState()
    }
}

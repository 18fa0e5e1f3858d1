import CoreText

/// Draws `contents` images with `contentsGravity`, `contentsRect`, `contentsCenter` and `contentsScale` (semantics §9.9).
struct ContentsPainter {
    let context: CGContext

    func draw(_ image: CGImage, of layer: CALayer) {
        // contentsRect selects part of the image, in unit coordinates with the origin at the image's top-left.
        guard let part = ContentsPainter.part(of: image, selectedBy: layer.contentsRect) else { return }
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        let size = CGSize(width: CGFloat(part.width) / scale, height: CGFloat(part.height) / scale)
        // "top" is maximum y unless the contents are flipped (semantics §9.9): on iOS's y-down screen, `.top`
        // content sits at the visual bottom, as Apple's does.
        let rect = ContentsPainter.placement(of: size, in: layer.bounds, gravity: layer.contentsGravity,
                                             flipped: layer.contentsAreFlipped())
        let ctx = context
        ctx.saveGState()
        ctx.interpolationQuality = layer.magnificationFilter == .nearest ? .none : .default
        if CALayerRootIsFlipped != layer.contentsAreFlipped() {
            // Images are drawn upright in a y-up space; where the layer's space runs down on screen (iOS, unless
            // geometry-flipped an odd number of times), flip around the rect so that they stay upright.
            ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        if let slices = ContentsPainter.nineSlices(of: (part.width, part.height), center: layer.contentsCenter, scale: scale, into: rect) {
            for slice in slices { if let piece = part.cropping(to: slice.source) { ctx.draw(piece, in: slice.destination) } }
        } else {
            ctx.draw(part, in: rect)
        }
        ctx.restoreGState()
    }

    /// The nine pieces of a `contentsCenter` grid (semantics §9.9: after contentsRect, before gravity): corners
    /// keep their size in points (pixels ÷ `scale`), edges stretch along their edge, the centre both ways; where
    /// `rect` is smaller than the fixed parts, they shrink proportionally and the centre vanishes. A centre of
    /// zero width or height is one pixel. Sources are pixel rects (y down from the image's top); destinations
    /// are in a y-up drawing space with the image's top at `rect.maxY`, as `CGContext.draw` places images.
    /// Nil when the centre is the whole image (plain stretching) or not a usable rect.
    static func nineSlices(of size: (width: Int, height: Int), center: CGRect, scale: CGFloat,
                           into rect: CGRect) -> [(source: CGRect, destination: CGRect)]? {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        // (Foundation traps on non-finite rects in standardized/intersection: check first.)
        guard center != unit, [center.origin.x, center.origin.y, center.size.width, center.size.height].allSatisfy(\.isFinite),
              size.width > 0, size.height > 0 else { return nil }
        let c = center.standardized.intersection(unit)
        guard !c.isNull else { return nil }
        /// Source cuts along one axis (pixels) and the destination cuts (points, increasing).
        func cuts(_ lo: CGFloat, _ hi: CGFloat, _ pixels: Int, _ start: CGFloat, _ length: CGFloat) -> (source: [CGFloat], destination: [CGFloat]) {
            let n = CGFloat(pixels)
            var a = (lo * n).rounded(), b = (hi * n).rounded()
            if b - a < 1 { a = min(a, n - 1); b = a + 1 }  // a zero-size centre is one pixel
            let first = a / scale, last = (n - b) / scale
            let k = first + last > length && first + last > 0 ? length / (first + last) : 1
            return ([0, a, b, n], [start, start + first * k, start + length - last * k, start + length])
        }
        let columns = cuts(c.minX, c.maxX, size.width, rect.minX, rect.width)
        let rows = cuts(c.minY, c.maxY, size.height, 0, rect.height)
        var slices: [(source: CGRect, destination: CGRect)] = []
        for i in 0..<3 {
            for j in 0..<3 {
                let source = CGRect(x: columns.source[i], y: rows.source[j],
                                    width: columns.source[i + 1] - columns.source[i], height: rows.source[j + 1] - rows.source[j])
                // Row j counts down from the image's top, which sits at rect.maxY.
                let top = rect.maxY - rows.destination[j], bottom = rect.maxY - rows.destination[j + 1]
                let destination = CGRect(x: columns.destination[i], y: bottom,
                                         width: columns.destination[i + 1] - columns.destination[i], height: top - bottom)
                guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { continue }
                slices.append((source, destination))
            }
        }
        return slices
    }

    /// The part of `image` a `contentsRect` selects (unit coordinates, origin at the image's top left): the
    /// image itself for the unit rect; nil when nothing is left.
    static func part(of image: CGImage, selectedBy unit: CGRect) -> CGImage? {
        if unit == CGRect(x: 0, y: 0, width: 1, height: 1) { return image }
        return image.cropping(to: CGRect(x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                                         width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height)))
    }

    /// Where content of `size` goes in `bounds` under `gravity`. "top" means maximum y and "bottom" minimum y;
    /// when the contents are `flipped` (`contentsAreFlipped()`), the other way round (semantics §9.9).
    static func placement(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity, flipped: Bool) -> CGRect {
        let b = bounds
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return b }
            let sx = b.width / size.width, sy = b.height / size.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        default:
            let name = gravity.rawValue.lowercased()
            var x = b.midX - size.width / 2, y = b.midY - size.height / 2
            if name.contains("left") { x = b.minX }
            if name.contains("right") { x = b.maxX - size.width }
            let top = flipped ? b.minY : b.maxY - size.height
            let bottom = flipped ? b.maxY - size.height : b.minY
            if name.hasPrefix("top") { y = top }
            if name.hasPrefix("bottom") { y = bottom }
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}

/// Draws a `CAShapeLayer`: fill, then the stroke trimmed to [strokeStart, strokeEnd] of the path's length.
struct ShapePainter {
    let context: CGContext

    func draw(_ shape: CAShapeLayer) {
        guard let path = shape.path, !path.isEmpty else { return }
        let ctx = context
        if let fill = shape.fillColor {
            ctx.setFillColor(fill)
            ctx.addPath(path)
            ctx.fillPath(using: shape.fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let stroke = shape.strokeColor, shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart else { return }
        let trimmed = shape.strokeStart <= 0 && shape.strokeEnd >= 1 ? path : path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
        ctx.saveGState()
        ctx.setStrokeColor(stroke)
        ctx.setLineWidth(shape.lineWidth)
        ctx.setMiterLimit(shape.miterLimit)
        ctx.setLineCap(shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt)
        ctx.setLineJoin(shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter)
        if let dashes = shape.lineDashPattern, !dashes.isEmpty {
            ctx.setLineDash(phase: shape.lineDashPhase, lengths: dashes.map { CGFloat($0.doubleValue) })
        }
        ctx.addPath(trimmed)
        ctx.strokePath()
        ctx.restoreGState()
    }
}

/// Draws a `CAGradientLayer` over its background: axial between the unit points, radial as an ellipse centred
/// on `startPoint` reaching `endPoint`, conic about `startPoint` starting toward `endPoint` (semantics §9.4).
struct GradientPainter {
    let context: CGContext

    func draw(_ layer: CAGradientLayer) {
        guard let colors = layer.colors?.compactMap({ ($0 as? CGColorConvertible)?.cgColor }), !colors.isEmpty else { return }
        var locations = layer.locations?.map { CGFloat($0.doubleValue) }
        if locations?.count != colors.count { locations = nil }
        guard let gradient = locations.map({ CGGradient(colorsSpace: nil, colors: colors as NSArray, locations: $0) })
                ?? CGGradient(colorsSpace: nil, colors: colors as NSArray, locations: nil) else { return }
        let b = layer.bounds
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let start = point(layer.startPoint), end = point(layer.endPoint)
        let ctx = context
        ctx.saveGState()
        // (Square corners clip to a rectangle, which keeps the context's plain fast paths: CGContext+DirectGradient.)
        if layer.cornerRadius > 0 { ctx.addPath(LayerShape.roundedBounds(of: layer)); ctx.clip() } else { ctx.clip(to: b) }
        switch layer.type {
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0 || ry > 0 else { break }
            let r = max(rx, ry)
            let sx = rx > 0 ? rx / r : 1e-6, sy = ry > 0 ? ry / r : 1e-6
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: sx, y: sy)
            // The focus in the circle's space, kept inside it (a focus on or past the rim has no cone to draw).
            var focus = CGPoint(x: layer.focalOffset.x * b.width / sx, y: layer.focalOffset.y * b.height / sy)
            let reach = hypot(focus.x, focus.y)
            if !reach.isFinite { focus = .zero } else if reach > 0.99 * r { focus = focus * (0.99 * r / reach) }
            ctx.drawRadialGradient(gradient, startCenter: focus, startRadius: 0, endCenter: .zero, endRadius: r,
                                   options: [.drawsAfterEndLocation])
        case .conic:
            ctx.drawConicGradient(gradient, center: start, angle: atan2(end.y - start.y, end.x - start.x))
        default:
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        ctx.restoreGState()
    }
}

/// Draws a `CATextLayer`: the first line at the top, wrapped to the width when `isWrapped`, aligned and
/// truncated as set, plain strings in `font`, `fontSize` and `foregroundColor` (semantics §9.3).
struct TextPainter {
    let context: CGContext

    func draw(_ layer: CATextLayer) {
        // (Plain strings take the layer's font, size and colour; no NSAttributedString is made, see AttributedText.)
        let attributed: AttributedText
        if let frozen = layer.frozenString {
            attributed = frozen
        } else if let a = layer.string as? NSAttributedString {
            attributed = AttributedText(a)
        } else if let s = layer.string as? String ?? (layer.string as? NSString).map({ String(describing: $0) }) {
            let fontName = (layer.font as? CTFont)?.requestedName ?? (layer.font as? String) ?? (layer.font as? NSString).map { String(describing: $0) } ?? "Helvetica"
            var attributes: [NSAttributedString.Key: Any] = [.font: CTFont(name: fontName, size: layer.fontSize)]
            if let color = layer.foregroundColor { attributes[NSAttributedString.Key(kCTForegroundColorAttributeName)] = color }
            attributed = AttributedText(string: s, attributes: attributes)
        } else {
            return
        }
        let alignment: TextLayout.Alignment = switch layer.alignmentMode {
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .left: .left
        default: .natural
        }
        let truncation: TextLayout.Truncation = switch layer.truncationMode {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: .none
        }
        let b = layer.bounds
        let needsWidth = layer.isWrapped || truncation != .none || alignment != .natural && alignment != .left
        let layout = TextLayout(attributed, width: needsWidth ? b.width : nil, alignment: alignment,
                                truncation: truncation, singleLine: !layer.isWrapped)
        let ctx = context
        ctx.saveGState()
        if CALayerRootIsFlipped != layer.contentsAreFlipped() {
            // Text reads upright, as images do (see ContentsPainter).
            ctx.translateBy(x: 0, y: b.minY + b.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        for line in layout.lines {
            // Baselines measured down from the top edge (the visual top).
            let origin = CGPoint(x: b.minX + line.x, y: b.maxY - line.baseline)
            layout.drawLine(line.index, at: origin, in: ctx)
        }
        ctx.restoreGState()
    }
}

/// Where a layer's own content can draw, in its bounds space: its bounds, and, unless `masksToBounds` clips
/// them, a shape layer's filled and stroked path and `contents` placed by a gravity that overflows (an image with
/// `resizeAspectFill`, or `center` on a smaller layer). On Apple's, these draw outside the bounds; a shape layer
/// added with zero bounds and a path anywhere (a very common way to build one) is drawn whole.
enum LayerContentExtent {
    static func of(_ layer: CALayer) -> CGRect {
        let bounds = layer.bounds
        guard !layer.masksToBounds else { return bounds }
        var extent = bounds.width > 0 && bounds.height > 0 ? bounds : CGRect.null
        if let shape = layer as? CAShapeLayer, let path = shape.path, !path.isEmpty {
            extent = extent.union(pathExtent(of: shape, path: path))
        }
        if let image = LayerPainter.contentsImage(layer.contents),
           let part = ContentsPainter.part(of: image, selectedBy: layer.contentsRect) {
            let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
            let size = CGSize(width: CGFloat(part.width) / scale, height: CGFloat(part.height) / scale)
            let placed = ContentsPainter.placement(of: size, in: bounds, gravity: layer.contentsGravity,
                                                   flipped: layer.contentsAreFlipped())
            if placed.isFiniteValue, placed.width > 0, placed.height > 0 { extent = extent.union(placed) }
        }
        return extent.isNull ? bounds : extent
    }

    /// The filled path's bounding box, and the stroked part's grown by the stroke's reach: half the line width,
    /// times the miter limit for miter joins (the furthest a miter can reach) or √2 for square caps. A stroke
    /// trimmed by `strokeStart`/`strokeEnd` reaches only as far as its part of the path (an arc a loading
    /// indicator grows round its circle needs no raster of the whole circle).
    private static func pathExtent(of shape: CAShapeLayer, path: CGPath) -> CGRect {
        let box = path.boundingBoxOfPath
        guard box.isFiniteValue, !box.isNull else { return .null }
        guard shape.strokeColor != nil, shape.lineWidth > 0, shape.lineWidth.isFinite else { return box }
        let filled = shape.fillColor.map { $0.alpha > 0 } ?? false ? box : CGRect.null
        guard shape.strokeEnd > shape.strokeStart else { return filled }
        let trims = shape.strokeStart > 0 || shape.strokeEnd < 1
        let strokedBox = trims ? path.trimmed(from: shape.strokeStart, to: shape.strokeEnd).boundingBoxOfPath : box
        guard strokedBox.isFiniteValue, !strokedBox.isNull else { return filled }
        let half = shape.lineWidth / 2
        let miter = shape.lineJoin == .miter ? max(shape.miterLimit.isFinite ? shape.miterLimit : 10, 1) : 1
        let cap: CGFloat = shape.lineCap == .square ? 2.squareRoot() : 1
        let reach = half * max(miter, cap) + 1
        return filled.union(strokedBox.insetBy(dx: -reach, dy: -reach))
    }
}

/// What a layer's own content needs of the compositor, apart from where it is shown: where it can draw, whether
/// it draws at all, and the limits on its raster's scale.
struct ContentFacts {
    let includeBorder: Bool
    let extent: CGRect
    let drawsOwnContent: Bool
    let bitmapResolution: CGFloat?
    let trilinear: Bool
    let minificationBias: Float
    let contentsFlipped: Bool

    init(_ layer: CALayer, includeBorder: Bool) {
        self.includeBorder = includeBorder
        let b = LayerContentExtent.of(layer)
        extent = b
        drawsOwnContent = b.width > 0 && b.height > 0 && [b.minX, b.minY, b.width, b.height].allSatisfy(\.isFinite)
            && LayerGeometry.drawsOwnContent(layer, includeBorder: includeBorder)
        bitmapResolution = LayerGeometry.bitmapResolution(of: layer, includeBorder: includeBorder)
        trilinear = layer.minificationFilter == .trilinear
        minificationBias = layer.minificationFilterBias
        contentsFlipped = layer.contentsAreFlipped()
    }
}

/// Measurements of projected layers.
enum LayerGeometry {
    /// Sibling indices in drawing order, back to front: by zPosition, model order among equals. Siblings are
    /// usually in order already (all at zPosition 0), which one pass finds without sorting.
    static func drawingOrder(of zPositions: [CGFloat]) -> [Int] {
        reorderedDrawing(count: zPositions.count) { zPositions[$0] } ?? Array(zPositions.indices)
    }

    /// Sibling indices in drawing order when that differs from model order; nil when the siblings are in order
    /// already, found in one pass that builds no arrays (the compositor asks this for every layer, every frame).
    static func reorderedDrawing(count: Int, zPosition z: (Int) -> CGFloat) -> [Int]? {
        var i = 1
        while i < count, z(i - 1) <= z(i) { i += 1 }
        guard i < count else { return nil }
        return (0..<count).sorted { (z($0), $0) < (z($1), $1) }
    }

    /// The shoelace area of a quad (positive when wound as the layer's own corners are, y down).
    static func signedArea(_ q: [CGPoint]) -> CGFloat {
        (0..<q.count).reduce(0) { acc, i in let a = q[i], b = q[(i + 1) % q.count]; return acc + a.x * b.y - b.x * a.y } / 2
    }

    /// Where a layer sits in its superlayer's space: its bounds space (origin at `bounds.origin`) through its
    /// frame transform (anchor point, transform, position).
    static func placement(of layer: CALayer) -> CATransform3D {
        let b = layer.bounds
        return layer.frameTransform.translatedFirst(x: -b.minX, y: -b.minY, z: 0)
    }

    /// The layer's sublayerTransform applied about its anchor point (Q27), as a map in its own space.
    static func pivotedSublayerTransform(of layer: CALayer) -> CATransform3D {
        guard !CATransform3DIsIdentity(layer.sublayerTransform) else { return CATransform3DIdentity }
        let pivot = CGPoint(x: layer.bounds.minX + layer.anchorPoint.x * layer.bounds.width,
                            y: layer.bounds.minY + layer.anchorPoint.y * layer.bounds.height)
        return layer.sublayerTransform.translatedFirst(x: -pivot.x, y: -pivot.y, z: 0).translatedLast(x: pivot.x, y: pivot.y, z: 0)
    }

    /// `r` with its edges clamped to ±10⁹ (far outside any bitmap); null when any coordinate is NaN.
    static func finite(_ r: CGRect) -> CGRect { r.clampingEdges(to: 1e9) ?? .null }

    /// `rect` grown to the grid of `1 / scale` points (its edges at whole texels of a raster at `scale` cornered
    /// at the space's origin); `rect` itself when it is not finite.
    static func aligned(_ rect: CGRect, toGridOf scale: CGFloat) -> CGRect {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return rect }
        return CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
    }

    /// The smallest power of two ≥ `x`. (A tolerance keeps float noise around a power of two, such as
    /// 1.0000000000000002, from flipping it to the next one.) At most 2⁶⁴, far past any raster: an infinite or
    /// overflowing scale would make the loops that halve a scale until a raster fits run forever.
    static func powerOfTwo(atLeast x: CGFloat) -> CGFloat { pow(2, min((log2(x) - 1e-6).rounded(.up), 64)) }

    /// The whole pixels `rect` (the layer's space) covers under `m` when `m` is affine; nil for a perspective
    /// map or one that leaves no finite, non-empty box.
    static func pixelBox(of rect: CGRect, under m: Homography) -> CGRect? {
        guard m.isAffine else { return nil }
        let mapped = rect.applying(m.affine)
        // `integral` traps on non-finite rects on Linux.
        guard [mapped.minX, mapped.minY, mapped.maxX, mapped.maxY].allSatisfy(\.isFinite) else { return nil }
        let box = mapped.integral
        return box.isEmpty ? nil : box
    }

    /// Bitmap pixels per point when the layer draws nothing but its `contents` bitmap (no background, border,
    /// rounded corners or drawing of its own class); nil otherwise.
    static func bitmapResolution(of layer: CALayer, includeBorder: Bool) -> CGFloat? {
        guard type(of: layer) == CALayer.self, let image = LayerPainter.contentsImage(layer.contents),
              layer.backgroundColor.map({ $0.alpha == 0 }) ?? true, layer.cornerRadius == 0,
              !includeBorder || layer.borderWidth == 0,
              // Nearest-neighbour magnification needs the raster at screen resolution (blits are bilinear).
              layer.magnificationFilter != .nearest else { return nil }
        let r = layer.contentsRect
        let across = CGFloat(image.width) * max(r.width, 0) / layer.bounds.width
        let down = CGFloat(image.height) * max(r.height, 0) / layer.bounds.height
        // Resizing gravities stretch the bitmap (the finer axis bounds them all); the others draw it at
        // contentsScale pixels per point.
        let resolution = max(across, down, layer.contentsScale, 1 / 64)
        return resolution.isFinite ? resolution : nil
    }

    /// Whether the layer itself draws anything (a plain container with no background, contents or border
    /// draws nothing: no raster, no blit).
    static func drawsOwnContent(_ layer: CALayer, includeBorder: Bool) -> Bool {
        if layer is CAShapeLayer || layer is CAGradientLayer || layer is CATextLayer { return true }
        // (Other subclasses, custom ones included, draw through `contents`.)
        if let background = layer.backgroundColor, background.alpha > 0 { return true }
        if layer.contents != nil { return true }
        if includeBorder, layer.borderWidth > 0, let color = layer.borderColor, color.alpha > 0 { return true }
        return false
    }

    /// The raster scale of a trilinear-minified bitmap: the on-screen scale halved for each unit of `bias`
    /// (−16…16; non-finite counts as 0), rounded to a sixteenth of an octave so that small changes of scale reuse
    /// the raster, and at least 1/64.
    static func minifiedScale(onScreen: CGFloat, bias: Float) -> CGFloat {
        let b = bias.isFinite ? CGFloat(min(max(bias, -16), 16)) : 0
        let octaves = (log2(max(onScreen, 1 / 64)) - b) * 16
        return max(pow(2, octaves.rounded() / 16), 1 / 64)
    }

    /// How many pixels one unit of the rect spans on screen at most (along its projected edges).
    static func onScreenScale(of r: CGRect, under h: Homography) -> CGFloat {
        // A layer with empty bounds (a container whose sublayers draw, as Lottie's are) is measured by a unit
        // square at its origin: its map's scale, not 1, or a group of it would be pictured at one pixel a point
        // however far it is zoomed.
        let r = r.width > 0 && r.height > 0 ? r : CGRect(origin: r.isNull ? .zero : r.origin, size: CGSize(width: 1, height: 1))
        guard let q = h.quad(r) else { return 1 }
        func d(_ a: CGPoint, _ b: CGPoint) -> CGFloat { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        return max(max(d(q[0], q[1]), d(q[3], q[2])) / r.width, max(d(q[0], q[3]), d(q[1], q[2])) / r.height)
    }
}

/// Conservative pixel extents of painter-drawn subtrees (sublayers may overflow their parent, shape paths and
/// overflowing contents their layer's bounds; shadows spread).
enum LayerExtent {
    static func pixels(of layer: CALayer, layerToPixel m: CGAffineTransform) -> CGRect {
        var box = CGRect.null
        func include(_ l: CALayer, _ toRoot: CGAffineTransform) {
            let spread = l.shadowOpacity > 0 ? 3 * l.shadowRadius + max(abs(l.shadowOffset.width), abs(l.shadowOffset.height)) : 0
            if !drawsNothingInItsBounds(l) {
                box = box.union(LayerContentExtent.of(l).insetBy(dx: -spread, dy: -spread).applying(toRoot))
            }
            // Sublayers are placed in this layer's (possibly mirrored) bounds space.
            let sublayersToRoot = l.geometryFlip.map { $0.concatenating(toRoot) } ?? toRoot
            for child in l.sublayerStorage {
                let childToParent = LayerGeometry.placement(of: child).twoDimensionalPart
                include(child, childToParent.concatenating(sublayersToRoot))
            }
        }
        include(layer, .identity)
        return box.isNull ? .null : box.applying(m).insetBy(dx: -2, dy: -2)
    }

    /// Whether a layer adds nothing of its own to what its subtree draws: a plain layer with no background,
    /// contents (not even a video's, which arrive as it plays) or border, no shadow and no filters (a container,
    /// as every Lottie layer and group is). Its bounds are then no part of the extent — a composition-sized
    /// container of one small shape would otherwise be pictured, cleared and blended whole.
    static func drawsNothingInItsBounds(_ layer: CALayer) -> Bool {
        layer.compositorKind == .plain && !layer.hasTimedContents && layer.shadowOpacity <= 0 && layer.filters == nil
            && layer.backgroundFilters == nil && !LayerGeometry.drawsOwnContent(layer, includeBorder: true)
    }
}

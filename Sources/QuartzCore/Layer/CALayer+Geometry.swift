extension CALayer {
    /// The layer's rectangle in its superlayer: the axis-aligned bounding box of `bounds` transformed about the
    /// anchor point and placed at `position` (semantics §9.8; with perspective, the corners are divided by w,
    /// Q26). Setting it sets `bounds.size` (keeping `bounds.origin`) and `position`, inverting the transform.
    public var frame: CGRect {
        get {
            let size = bounds.size
            if CATransform3DIsIdentity(transform) {
                return CGRect(x: position.x - anchorPoint.x * size.width, y: position.y - anchorPoint.y * size.height,
                              width: size.width, height: size.height)
            }
            let m = frameTransform
            let corners = [CGPoint.zero, CGPoint(x: size.width, y: 0), CGPoint(x: 0, y: size.height),
                           CGPoint(x: size.width, y: size.height)].map { m.project($0).point }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            let r = newValue.standardized
            guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
            var size = r.size
            var center = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            if !CATransform3DIsIdentity(transform) {
                // The frame is the transformed box: undo the transform's linear part on the size and its
                // translation on the position (exact for scales and translations, as Apple's).
                let t = transform
                if t.m11 != 0 && t.m22 != 0 { size = CGSize(width: r.width / abs(t.m11), height: r.height / abs(t.m22)) }
                center = CGPoint(x: r.minX + anchorPoint.x * r.width - t.m41, y: r.minY + anchorPoint.y * r.height - t.m42)
            }
            bounds = CGRect(origin: bounds.origin, size: size)
            position = center
        }
    }

    /// Maps the layer's own (bounds-origin-relative) points into its superlayer: `T(−anchor) · transform ·
    /// T(position, zPosition)` with row vectors (semantics §10.5).
    var frameTransform: CATransform3D {
        let b = bounds, a = anchorPoint, p = position
        return transform.translatedFirst(x: -a.x * b.width, y: -a.y * b.height, z: -anchorPointZ)
            .translatedLast(x: p.x, y: p.y, z: zPosition)
    }

    /// Maps a point in the layer's coordinate space (bounds space) to its superlayer's.
    func pointToSuperlayer(_ p: CGPoint) -> CGPoint {
        // A flipped layer's bounds space runs the other way up within its bounds (isGeometryFlipped).
        let local = CGPoint(x: p.x - bounds.minX, y: isGeometryFlipped ? bounds.maxY - p.y : p.y - bounds.minY)
        var inParent = frameTransform.project(local).point
        if let parent = parentStorage {  // (a mask lies in its host's space, outside the sublayerTransform)
            // The parent's sublayerTransform applies about its anchor point (Q27), after its bounds offset.
            if !CATransform3DIsIdentity(parent.sublayerTransform) {
                let pivot = CGPoint(x: parent.bounds.minX + parent.anchorPoint.x * parent.bounds.width,
                                    y: parent.bounds.minY + parent.anchorPoint.y * parent.bounds.height)
                let m = CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0).concatenating(parent.sublayerTransform)
                    .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
                inParent = m.project(inParent).point
            }
        }
        return inParent
    }

    /// Maps a point in the superlayer's space into this layer's bounds space (nil when not invertible).
    func pointFromSuperlayer(_ p: CGPoint) -> CGPoint? {
        var m = frameTransform
        if let parent = parentStorage, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let pivot = CGPoint(x: parent.bounds.minX + parent.anchorPoint.x * parent.bounds.width,
                                y: parent.bounds.minY + parent.anchorPoint.y * parent.bounds.height)
            m = m.concatenating(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0)).concatenating(parent.sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
        }
        // Invert the 2-D part of the projection (the z = 0 plane).
        let a = CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42)
        guard a.a * a.d - a.b * a.c != 0, m.m14 == 0, m.m24 == 0 else {
            let inverse = CATransform3DInvert(m)
            guard inverse != m else { return nil }
            return fromFrameOrigin(inverse.project(p).point)
        }
        return fromFrameOrigin(p.applying(a.inverted()))
    }

    /// A bounds-origin-relative point (what frameTransform maps) back in bounds space, flipped within the bounds
    /// when isGeometryFlipped.
    private func fromFrameOrigin(_ q: CGPoint) -> CGPoint {
        CGPoint(x: q.x + bounds.minX, y: isGeometryFlipped ? bounds.maxY - q.y : q.y + bounds.minY)
    }

    /// The mirror of the layer's bounds space within its bounds (y ↦ minY + maxY − y) when isGeometryFlipped,
    /// else nil: the first step from a flipped layer's bounds space toward its superlayer.
    var geometryFlip: CGAffineTransform? {
        guard isGeometryFlipped else { return nil }
        return CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: bounds.minY + bounds.maxY)
    }

    /// The chain from the root down to `self`.
    var ancestry: [CALayer] {
        var chain: [CALayer] = []
        var current: CALayer? = self
        while let c = current { chain.append(c); current = c.superlayer }
        return chain.reversed()
    }

    /// The work of `convert` (declared in the class, so subclasses can override it).
    func convertImplementation(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        pointFromShared(layer.map { $0.pointToShared(point) } ?? point)
    }

    /// The work of `convert` (declared in the class, so subclasses can override it).
    func convertImplementation(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let shared = pointToShared(point)
        return layer.map { $0.pointFromShared(shared) } ?? shared
    }

    /// The work of `convert` (declared in the class, so subclasses can override it).
    func convertImplementation(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        CGRect.enclosing(corners(of: rect).map { convert($0, from: layer) })
    }

    /// The work of `convert` (declared in the class, so subclasses can override it).
    func convertImplementation(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        CGRect.enclosing(corners(of: rect).map { convert($0, to: layer) })
    }

    private func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    /// This layer's point in the space its root is placed in (through every layer's geometry, the root's too).
    private func pointToShared(_ p: CGPoint) -> CGPoint {
        var point = p
        var current: CALayer? = self
        while let layer = current {
            point = layer.pointToSuperlayer(point)
            current = layer.superlayer
        }
        return point
    }

    /// The inverse: a point of the roots' shared space in this layer's space.
    private func pointFromShared(_ p: CGPoint) -> CGPoint {
        var point = p
        for layer in ancestry {
            point = layer.pointFromSuperlayer(point) ?? point
        }
        return point
    }

    /// The furthest descendant (front-most first, by zPosition then order) containing `p`, given in the
    /// superlayer's space; hidden layers and their subtrees are skipped; `masksToBounds` clips the search.
    func hitTestImplementation(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0 else { return nil }
        guard let local = superlayer == nil ? pointFromSuperlayerOrSelf(p) : pointFromSuperlayer(p) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        // Front to back: the reverse of drawing order. (Over a copy of the list: an overridden hitTest(_:) may
        // change the sublayers.)
        let sublayers = sublayerStorage
        for i in LayerGeometry.drawingOrder(of: sublayers.map(\.zPosition)).reversed() {
            if let hit = sublayers[i].hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    private func pointFromSuperlayerOrSelf(_ p: CGPoint) -> CGPoint? { pointFromSuperlayer(p) }

    /// The work of `affineTransform` (declared in the class, so subclasses can override it).
    func affineTransformImplementation() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// The work of `setAffineTransform` (declared in the class, so subclasses can override it).
    func setAffineTransformImplementation(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The work of `contentsAreFlipped` (declared in the class, so subclasses can override it).
    func contentsAreFlippedImplementation() -> Bool {
        if superlayer == nil, let ancestors = ancestorsFlipGeometry { return ancestors != isGeometryFlipped }
        // (Odd flips along the chain to the root, walked without building it: the compositor asks this of layers
        // every frame.)
        var flipped = false
        var current: CALayer? = self
        while let layer = current { flipped = flipped != layer.isGeometryFlipped; current = layer.superlayer }
        return flipped
    }
}

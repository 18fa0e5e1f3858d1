/// `CATransformLayer` subtrees: their layers share the 3-D space of the nearest plain ancestor instead of being
/// flattened into the transform layer, so they are drawn in depth order, not tree order (semantics §10, CSS
/// `transform-style: preserve-3d`). Each plain layer in the subtree is a plane, recorded as usual (flattening its
/// own sublayers); planes are ordered by a binary space partition that splits planes piercing each other
/// (PlaneSplitting.swift), each piece drawn clipped to its part of the plane. Where that cannot be used — a
/// plane reaching behind the eye, or more planes than the partition takes — they sort whole, by the depth of
/// their centres.
extension FrameCompositor {
    /// One plain layer inside a transform-layer subtree.
    struct DepthPlane {
        let node: RenderTree.Node
        let parentTime: CFTimeInterval
        /// The layer's state at this time (evaluated once, handed to `record`).
        let frame: RenderTree.Node.Frame
        /// The layer's space to the flattening ancestor's 3-D space (perspective included).
        let chain: CATransform3D
        /// Opacity inherited from the transform layers above it (its own is applied when recorded).
        let alpha: Double
        /// The centre's z after the perspective divide: larger is nearer the viewer.
        let depth: Double
        /// The replicator instance colour it is drawn with, if any.
        var tint: InstanceTint? = nil
    }

    /// Records the subtree of the transform layer `node`, whose space maps by `chain` into the 3-D space of the
    /// plain layer that `plane` maps to pixels.
    func recordDepthSorted(_ node: RenderTree.Node, parentTime: CFTimeInterval, chain: CATransform3D, plane m: Homography,
                           alpha: Double, frame: RenderTree.Node.Frame, seen: inout Set<ObjectIdentifier>) {
        var planes: [DepthPlane] = []
        gatherPlanes(node, parentTime: parentTime, frame: frame, chain: chain, alpha: alpha, into: &planes, seen: &seen)
        recordInDepthOrder(planes, plane: m, seen: &seen)
    }

    /// The instances of a replicator with `preservesDepth`: every instance's sublayers are planes of the
    /// replicator's own 3-D space, drawn in depth order and flattened into its plane (`m`).
    func recordPreservingDepth(_ node: RenderTree.Node, replicator: CAReplicatorLayer, localTime: CFTimeInterval,
                               layerToPixel m: Homography, alpha: Double, seen: inout Set<ObjectIdentifier>) {
        let sublayerTransform = LayerGeometry.pivotedSublayerTransform(of: replicator)
        var planes: [DepthPlane] = []
        for instance in Self.instances(of: replicator) where instance.alpha > 0 {
            let time = localTime - instance.delay, tint = instance.tint.combined(with: currentTint)
            let start = planes.count
            for childNode in node.children {
                let childFrame = childNode.frameLayer(parentTime: time), child = childFrame.layer
                let chain = LayerGeometry.placement(of: child).concatenating(instance.transform).concatenating(sublayerTransform)
                gatherPlanes(childNode, parentTime: time, frame: childFrame, chain: chain, alpha: alpha * instance.alpha,
                             into: &planes, seen: &seen)
            }
            for i in start..<planes.count { planes[i].tint = tint }
        }
        recordInDepthOrder(planes, plane: m, seen: &seen)
    }

    /// Records planes back to front: by the partition when it can be used, else whole, by the depth of their
    /// centres (equal depths keep their order).
    private func recordInDepthOrder(_ planes: [DepthPlane], plane m: Homography, seen: inout Set<ObjectIdentifier>) {
        if recordSplit(planes, plane: m, seen: &seen) { return }
        let order = planes.indices.sorted { (planes[$0].depth, $0) < (planes[$1].depth, $1) }
        for i in order { recordPlane(planes[i], plane: m, seen: &seen) }
    }

    /// One plane as a layer of its own, in its instance's colour.
    private func recordPlane(_ p: DepthPlane, plane m: Homography, seen: inout Set<ObjectIdentifier>) {
        let outer = currentTint
        defer { currentTint = outer }
        if p.tint != nil { currentTint = p.tint }
        record(p.node, parentTime: p.parentTime, isRoot: false,
               layerToPixel: Homography(flattening: p.chain).concatenating(m), alpha: p.alpha, frame: p.frame, seen: &seen)
    }

    /// Records the planes piece by piece in partition order; false (recording nothing) when the partition
    /// cannot be used.
    private func recordSplit(_ planes: [DepthPlane], plane m: Homography, seen: inout Set<ObjectIdentifier>) -> Bool {
        guard planes.count > 1, planes.count <= PlaneSplitting.limit, let pixelToPlane = m.inverted else { return false }
        // Each plane's bounds after the perspective divide (all in front of the eye).
        var polygons: [[SIMD3<Double>]] = []
        for p in planes {
            let b = p.frame.layer.bounds
            var corners: [SIMD3<Double>] = []
            for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
                let c = CATransform3DApply(p.chain, x: x, y: y, z: 0)
                let point = SIMD3(c.x / c.w, c.y / c.w, c.z / c.w)
                guard c.w > 0, point.x.isFinite, point.y.isFinite, point.z.isFinite else { return false }
                corners.append(point)
            }
            polygons.append(corners)
        }
        guard let pieces = PlaneSplitting.order(polygons) else { return false }
        // Each plane is recorded once; its entries are then placed, clipped, for each of its pieces.
        var entries: [[Entry]] = []
        for p in planes {
            let start = list.count
            recordPlane(p, plane: m, seen: &seen)
            entries.append(Array(list[start...]))
            list.removeSubrange(start...)
        }
        for piece in pieces {
            guard !piece.halfSpaces.isEmpty else { list.append(contentsOf: entries[piece.polygon]); continue }
            guard let clip = Self.pixelClip(piece, polygon: polygons[piece.polygon], pixelToPlane: pixelToPlane) else { continue }
            list.append(contentsOf: entries[piece.polygon].map { $0.clipped(to: clip) })
        }
        return true
    }

    /// A piece's half-spaces as half-planes of the frame: within the piece's own plane P, the condition
    /// n·p + d ≥ 0 of a splitting plane is linear in the ancestor plane's (x, y) once P's z is substituted, and
    /// stays linear in pixels through the inverse of the ancestor plane's map. Nil for a plane seen edge-on.
    private static func pixelClip(_ piece: PlaneSplitting.Piece, polygon: [SIMD3<Double>], pixelToPlane k: Homography) -> PixelClip? {
        guard let own = PlaneSplitting.plane(of: polygon), abs(own.normal.z) > 1e-9 else { return nil }
        let p = own.normal, pd = own.d
        let lines = piece.halfSpaces.map { q -> PixelClip.Line in
            let s = q.normal.z / p.z
            let (a, b, c) = (q.normal.x - s * p.x, q.normal.y - s * p.y, q.d - s * pd)
            let m = k.m
            return PixelClip.Line(a: m.0 * a + m.1 * b + m.2 * c, b: m.3 * a + m.4 * b + m.5 * c, c: m.6 * a + m.7 * b + m.8 * c)
        }
        return PixelClip(lines: lines)
    }

    private func gatherPlanes(_ node: RenderTree.Node, parentTime: CFTimeInterval, frame: RenderTree.Node.Frame,
                              chain: CATransform3D, alpha: Double, into planes: inout [DepthPlane], seen: inout Set<ObjectIdentifier>) {
        let (layer, localTime, _) = frame
        guard layer.compositorKind == .transform else {
            let b = layer.bounds
            let c = CATransform3DApply(chain, x: b.midX, y: b.midY, z: 0)
            let depth = c.w > 0 && (c.z / c.w).isFinite ? c.z / c.w : -.infinity
            planes.append(DepthPlane(node: node, parentTime: parentTime, frame: frame, chain: chain, alpha: alpha, depth: depth))
            return
        }
        guard LayerDrawingPlan(layer).isVisible else { return }
        seen.insert(node.id)
        // A transform layer's opacity applies to each of its layers separately (it has no group to fade).
        let alpha = alpha * Double(layer.opacity)
        var sublayerTransform = LayerGeometry.pivotedSublayerTransform(of: layer)
        if let flip = layer.geometryFlip { sublayerTransform = sublayerTransform.concatenating(CATransform3DMakeAffineTransform(flip)) }
        for childNode in node.children {
            let childFrame = childNode.frameLayer(parentTime: localTime), child = childFrame.layer
            let childChain = LayerGeometry.placement(of: child).concatenating(sublayerTransform).concatenating(chain)
            gatherPlanes(childNode, parentTime: localTime, frame: childFrame, chain: childChain, alpha: alpha,
                         into: &planes, seen: &seen)
        }
    }
}

/// (x, y, z, 1) · t, homogeneous (row vectors).
func CATransform3DApply(_ t: CATransform3D, x: CGFloat, y: CGFloat, z: CGFloat) -> (x: Double, y: Double, z: Double, w: Double) {
    (x * t.m11 + y * t.m21 + z * t.m31 + t.m41, x * t.m12 + y * t.m22 + z * t.m32 + t.m42,
     x * t.m13 + y * t.m23 + z * t.m33 + t.m43, x * t.m14 + y * t.m24 + z * t.m34 + t.m44)
}

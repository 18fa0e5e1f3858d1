/// `CATransformLayer` subtrees: their layers share the 3-D space of the nearest plain ancestor instead of being
/// flattened into the transform layer, so they are drawn in depth order, not tree order (semantics §10, CSS
/// `transform-style: preserve-3d`). Each plain layer in the subtree is a plane; planes are sorted back to front
/// by the depth of their centres and each is then recorded as usual (flattening its own sublayers).
/// Planes that intersect are not split yet: they sort whole, by centre.
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
    }

    /// Records the subtree of the transform layer `node`, whose space maps by `chain` into the 3-D space of the
    /// plain layer that `plane` maps to pixels.
    func recordDepthSorted(_ node: RenderTree.Node, parentTime: CFTimeInterval, chain: CATransform3D, plane m: Homography,
                           alpha: Double, frame: RenderTree.Node.Frame, seen: inout Set<ObjectIdentifier>) {
        var planes: [DepthPlane] = []
        gatherPlanes(node, parentTime: parentTime, frame: frame, chain: chain, alpha: alpha, into: &planes, seen: &seen)
        // Back to front; equal depths keep tree order.
        let order = planes.indices.sorted { (planes[$0].depth, $0) < (planes[$1].depth, $1) }
        for i in order {
            let p = planes[i]
            record(p.node, parentTime: p.parentTime, isRoot: false,
                   layerToPixel: Homography(flattening: p.chain).concatenating(m), alpha: p.alpha, frame: p.frame, seen: &seen)
        }
    }

    private func gatherPlanes(_ node: RenderTree.Node, parentTime: CFTimeInterval, frame: RenderTree.Node.Frame,
                              chain: CATransform3D, alpha: Double, into planes: inout [DepthPlane], seen: inout Set<ObjectIdentifier>) {
        let (layer, localTime, _) = frame
        guard layer is CATransformLayer else {
            let b = layer.bounds
            let c = CATransform3DApply(chain, x: b.midX, y: b.midY, z: 0)
            let depth = c.w > 0 && (c.z / c.w).isFinite ? c.z / c.w : -.infinity
            planes.append(DepthPlane(node: node, parentTime: parentTime, frame: frame, chain: chain, alpha: alpha, depth: depth))
            return
        }
        guard !layer.isHidden, layer.opacity > 0, layer.opacity.isFinite else { return }
        seen.insert(node.id)
        // A transform layer's opacity applies to each of its layers separately (it has no group to fade).
        let alpha = alpha * Double(layer.opacity)
        let sublayerTransform = LayerGeometry.pivotedSublayerTransform(of: layer)
        for childNode in node.children {
            let childFrame = childNode.frameLayer(parentTime: localTime), child = childFrame.layer
            let childChain = CATransform3DMakeTranslation(-child.bounds.minX, -child.bounds.minY, 0)
                .concatenating(child.frameTransform).concatenating(sublayerTransform).concatenating(chain)
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

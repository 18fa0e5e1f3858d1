/// `CAReplicatorLayer` (semantics §9.5): the sublayers are recorded `instanceCount` times. Instance k is placed
/// by the instance transform applied k times about the replicator's centre, runs its animations k ×
/// `instanceDelay` behind, and is coloured by `instanceColor` plus k steps of the colour offsets: the alpha
/// multiplies its opacity, the colour multiplies the colours of its content (a tinted copy of each raster,
/// kept while used). Instances flatten into the replicator's plane, or with `preservesDepth` are drawn by depth
/// (FrameCompositor+DepthSort.swift).
extension FrameCompositor {
    /// One instance of a replicator's sublayers.
    struct ReplicatorInstance {
        /// In the replicator's space, applied to each sublayer's placement.
        let transform: CATransform3D
        /// How far behind the replicator's local time the instance runs.
        let delay: Double
        let tint: InstanceTint
        let alpha: Double
    }

    /// Instances beyond this many are not drawn (a bad `instanceCount` must not stall the frame).
    static let maximumInstances = 4096

    static func instances(of replicator: CAReplicatorLayer) -> [ReplicatorInstance] {
        let count = min(max(replicator.instanceCount, 0), maximumInstances)
        guard count > 0 else { return [] }
        let b = replicator.bounds
        // "Relative to the center of the replicator layer."
        let step = CATransform3DMakeTranslation(-b.midX, -b.midY, 0).concatenating(replicator.instanceTransform)
            .concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0))
        let base = (replicator.instanceColor ?? CGColor.white).rgba
        let offsets = (r: Double(replicator.instanceRedOffset), g: Double(replicator.instanceGreenOffset),
                       b: Double(replicator.instanceBlueOffset), a: Double(replicator.instanceAlphaOffset))
        let delay = replicator.instanceDelay.isFinite ? replicator.instanceDelay : 0
        func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
        var transform = CATransform3DIdentity
        var result: [ReplicatorInstance] = []
        result.reserveCapacity(count)
        for k in 0..<count {
            let s = Double(k)
            let tint = InstanceTint(r: unit(base.r + s * offsets.r), g: unit(base.g + s * offsets.g), b: unit(base.b + s * offsets.b))
            result.append(ReplicatorInstance(transform: transform, delay: s * delay, tint: tint, alpha: unit(base.a + s * offsets.a)))
            transform = transform.concatenating(step)
        }
        return result
    }

    /// `image` with its colour channels multiplied by the current instance tint (the image itself when there is
    /// none), from the cache of this frame and the last.
    func tinted(_ image: PixelBuffer) -> PixelBuffer { tinted(image, by: currentTint) }

    /// `image` with its colour channels multiplied by `tint`.
    func tinted(_ image: PixelBuffer, by tint: InstanceTint?) -> PixelBuffer {
        guard let tint, !tint.isWhite else { return image }
        let key = TintKey(image: ObjectIdentifier(image), tint: tint)
        rasters.usedTints.insert(key)
        // The entry holds its source too, so the source's address cannot be reused by another image meanwhile.
        if let cached = rasters.tinted[key], cached.source === image { return cached.tinted }
        guard let copy = image.multiplyingColour(r: tint.r, g: tint.g, b: tint.b) else { return image }
        rasters.tinted[key] = (image, copy)
        return copy
    }
}

/// A replicator instance's colour multiplier (its alpha goes into the opacity).
struct InstanceTint: Hashable {
    var r, g, b: Double
    var isWhite: Bool { r >= 1 && g >= 1 && b >= 1 }
    /// Nested replicators multiply.
    func combined(with outer: InstanceTint?) -> InstanceTint {
        guard let outer else { return self }
        return InstanceTint(r: r * outer.r, g: g * outer.g, b: b * outer.b)
    }
}

struct TintKey: Hashable {
    let image: ObjectIdentifier
    let tint: InstanceTint
}

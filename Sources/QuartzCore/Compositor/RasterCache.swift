import CoreGraphics

extension FrameCompositor {
    /// The pictures a compositor keeps from frame to frame, each under the signature of what made it, so a layer
    /// that only moves, turns or fades is never drawn again. Entries of layers a frame no longer reached are
    /// dropped after it (`prune(keeping:)`).
    struct RasterCache {
        /// Each layer's own content raster (or a group's picture), by layer.
        var content: [ObjectIdentifier: CachedContent] = [:]
        /// Replicator instances' tinted copies of rasters, and the tints the frame used.
        var tinted: [TintKey: (source: PixelBuffer, tinted: PixelBuffer)] = [:]
        var usedTints = Set<TintKey>()
        /// Particle images resampled for their cells' filters (FrameCompositor+Emitters.swift).
        var particleLevels: [ParticleLevelKey: (source: PixelBuffer, image: PixelBuffer, texel: CGFloat)] = [:]
        /// Pictures of clipping layers' rounded or turned bounds (FrameCompositor+Clips.swift).
        var clipPictures: [ObjectIdentifier: ClipRaster] = [:]
        /// The map each layer's content was last placed by: a layer placed as it was last time is standing
        /// still, and its raster is drawn in the frame's pixels.
        var placements: [ObjectIdentifier: Homography] = [:]
        /// What each animated shape layer showed last frame (its content signature): a path that changes from
        /// frame to frame is drawn straight into the frame, one that holds keeps a raster
        /// (FrameCompositor+DirectShapes.swift).
        var shownContent: [ObjectIdentifier: Int] = [:]

        /// Forgets what belongs to layers outside `seen`, and tinted copies the frame did not use.
        mutating func prune(keeping seen: Set<ObjectIdentifier>) {
            tinted.keepOnly(usedTints)
            usedTints.removeAll(keepingCapacity: true)
            content.keepOnly(seen)
            clipPictures.keepOnly(seen)
            placements.keepOnly(seen)
            shownContent.keepOnly(seen)
        }
    }
}

extension Dictionary {
    /// Drops the entries whose keys `kept` lacks. (Every frame prunes its caches, and nearly every frame drops
    /// nothing: then the dictionary is only looked through, not rebuilt.)
    mutating func keepOnly(_ kept: Set<Key>) {
        guard keys.contains(where: { !kept.contains($0) }) else { return }
        self = filter { kept.contains($0.key) }
    }
}

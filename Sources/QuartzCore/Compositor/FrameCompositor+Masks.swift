/// Mask layers as display-list state. A masked layer records its subtree as usual; then its mask's subtree is
/// recorded into a picture — one cached raster when the mask draws one blit (a shape, gradient or image), else a
/// surface the mask's entries are composited into — and the masked entries take that picture as a coverage
/// mask. One masked blit takes it directly; several are first composited into a surface of their own, since a
/// soft mask must fade the finished picture, not each piece (fading each would let overlapped pieces show
/// through). Surfaces lie in the frame's pixels and are recomposited only where their entries changed, so a
/// mask that moves costs one masked blit a frame, whatever it masks.
extension FrameCompositor {
    /// A surface entries are composited into: its compositor (which remembers what it drew, to redraw only the
    /// damage), its bitmap, and the picture last taken from it.
    final class Surface {
        let compositor = FrameCompositor()
        var context: CGContext?
        var rect = CGRect.null
        var picture: PixelBuffer?
        var version = 0
        /// The picture read as coverage another way than by alpha (``MaskReading``), and what it was read from.
        var reread: (picture: PixelBuffer, version: Int, reading: MaskReading)?
    }

    /// Which of a masked layer's two surfaces: what it draws, or its mask's picture.
    struct SurfaceKey: Hashable { let layer: ObjectIdentifier; let isMask: Bool }

    /// Masks the entries `layer` recorded from `start` on by its mask (`node.mask`), recorded now from the
    /// layer's space (`own`, after any geometry flip) and read as `reading` says; false when they cannot be masked this way (a backdrop
    /// among them), so the caller draws the layer as a group instead.
    func applyMask(of node: RenderTree.Node, reading: MaskReading, localTime: CFTimeInterval, layerToPixel own: Homography, from start: Int,
                   seen: inout Set<ObjectIdentifier>) -> Bool {
        guard let maskNode = node.mask else { return true }
        guard list[start...].allSatisfy({ if case .backdrop = $0.operation { false } else { true } }) else { return false }
        // The mask's subtree, from the masked layer's bounds space, in no replicator colour of ours.
        let maskFrame = maskNode.frameLayer(parentTime: localTime)
        let maskToPixel = Homography(flattening: LayerGeometry.placement(of: maskFrame.layer)).concatenating(own)
        let maskStart = list.count
        let tint = currentTint
        currentTint = nil
        // (A mask of one blit is taken as the coverage picture itself: its shapes keep their rasters.)
        let clippedAbove = insideClipOrMask
        insideClipOrMask = true
        record(maskNode, parentTime: localTime, isRoot: false, layerToPixel: maskToPixel, alpha: 1, frame: maskFrame, seen: &seen)
        insideClipOrMask = clippedAbove
        currentTint = tint
        let maskEntries = Array(list[maskStart...])
        list.removeSubrange(maskStart...)
        guard maskEntries.allSatisfy({ if case .backdrop = $0.operation { false } else { true } }) else { return false }
        guard start < list.count else { return true }
        // A mask that draws nothing hides everything it masks.
        // (An inverted reading covers where the mask draws nothing, so its picture spans the masked entries too.)
        let span = reading.coversUndrawnArea ? list[start...].reduce(CGRect.null) { $0.union($1.box) } : .null
        guard let mask = coverage(of: maskEntries, key: SurfaceKey(layer: node.id, isMask: true), reading: reading, spanning: span) else {
            if !reading.coversUndrawnArea { list.removeSubrange(start...) }
            return true
        }
        let state = ClipState(rect: nil, masks: [mask], paths: [])
        if list.count - start == 1, case .blit = list[start].operation, list[start].clipState?.paths.isEmpty ?? true {
            list[start] = list[start].under(state)
            return true
        }
        let masked = Array(list[start...])
        list.removeSubrange(start...)
        guard let picture = composite(masked, key: SurfaceKey(layer: node.id, isMask: false)) else { return true }
        list.append(Entry(key: node.id, appearance: picture.appearance, box: picture.box,
                          operation: .blit(image: picture.image, toPixel: picture.toPixel, opacity: 1)).under(state))
        return true
    }

    /// The coverage mask that `entries` (a mask's) draw, read as `reading` says: the one blit's raster when they
    /// are one unclipped blit laid over (not added) read by alpha, else a surface they are composited into (at
    /// least over `span`). Nil when it covers nothing on screen.
    private func coverage(of entries: [Entry], key: SurfaceKey, reading: MaskReading, spanning span: CGRect) -> CoverageMask? {
        if reading != .alpha {
            guard let picture = composite(entries, key: key, spanning: span), let surface = surfaces[key] else { return nil }
            let read: PixelBuffer
            if let reread = surface.reread, reread.version == surface.version, reread.reading == reading {
                read = reread.picture
            } else {
                guard let converted = Self.coverage(of: picture.image, readAs: reading) else { return nil }
                surface.reread = (converted, surface.version, reading)
                read = converted
            }
            var h = Hasher()
            h.combine(picture.appearance); h.combine(reading)
            return CoverageMask(image: read, toPixel: picture.toPixel, opacity: 1, signature: h.finalize())
        }
        if entries.count == 1, entries[0].clipState == nil,
           case .blit(let image, let toPixel, let opacity, nil, .normal) = entries[0].operation {
            surfaces[key] = nil
            return CoverageMask(image: image, toPixel: toPixel, opacity: opacity, signature: ObjectIdentifier(image).hashValue)
        }
        guard let picture = composite(entries, key: key) else { return nil }
        return CoverageMask(image: picture.image, toPixel: picture.toPixel, opacity: 1, signature: picture.appearance)
    }

    /// `entries` composited into the surface `key` covering their reach on the frame; nil when that is empty.
    /// The surface is redrawn only where the entries' appearances changed since it was last drawn.
    private func composite(_ entries: [Entry], key: SurfaceKey, spanning span: CGRect = .null)
        -> (image: PixelBuffer, toPixel: Homography, box: CGRect, appearance: Int)? {
        let frame = CGRect(origin: .zero, size: frameSize)
        let reach = entries.reduce(span) { $0.union($1.box) }.intersection(frame).integral
        guard !reach.isNull, reach.width >= 1, reach.height >= 1 else { surfaces[key] = nil; return nil }
        let surface = surfaces[key] ?? Surface()
        surfaces[key] = surface
        let nested = surface.compositor
        nested.threads = threads
        nested.frameSize = reach.size
        nested.list.removeAll(keepingCapacity: true)
        for entry in entries {
            guard let moved = entry.translated(dx: -reach.minX, dy: -reach.minY) else { return nil }
            nested.list.append(moved)
        }
        var damage = nested.settleDamage(frame: CGRect(origin: .zero, size: reach.size))
        let keepsPicture = surface.rect == reach && surface.context != nil && surface.picture != nil
        if surface.rect != reach || surface.context == nil {
            guard let width = CalyxLimits.pixels(reach.width, scale: 1), let height = CalyxLimits.pixels(reach.height, scale: 1),
                  let context = CGContext.canonicalBitmap(width: width, height: height) else { return nil }
            surface.context = context
            surface.rect = reach
            surface.picture = nil
            damage = CGRect(origin: .zero, size: reach.size)
        }
        if !damage.isNull || surface.picture == nil, let context = surface.context {
            nested.execute(into: context, region: damage.isNull ? CGRect(origin: .zero, size: reach.size) : damage,
                           damageOnly: keepsPicture && !damage.isNull)
            surface.picture = Self.picture(of: context)
            surface.version &+= 1
        }
        guard let picture = surface.picture else { return nil }
        var h = Hasher()
        h.combine(ObjectIdentifier(surface)); h.combine(surface.version); h.combine(reach)
        return (picture, Homography(CGAffineTransform(translationX: reach.minX, y: reach.minY)), reach, h.finalize())
    }

    /// `picture` (premultiplied BGRA) with each texel's alpha replaced by its coverage read as `reading` says
    /// (the colour channels are not read as coverage).
    static func coverage(of picture: PixelBuffer, readAs reading: MaskReading) -> PixelBuffer? {
        guard let out = PixelBuffer(width: picture.width, height: picture.height, margin: picture.margin) else { return nil }
        for row in 0..<picture.height {
            let source = picture.bytes.advanced(by: row * picture.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let target = out.bytes.advanced(by: row * out.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<picture.width {
                let i = 4 * x
                var value: Int
                switch reading {
                case .alpha, .invertedAlpha:
                    value = Int(source[i + 3])
                case .luminance, .invertedLuminance:
                    // Rec. 709 weights ×65,536 on premultiplied B, G, R (so clear reads as black).
                    value = (4_731 * Int(source[i]) + 46_871 * Int(source[i + 1]) + 13_933 * Int(source[i + 2]) + 32_768) >> 16
                }
                if reading.coversUndrawnArea { value = 255 - value }
                let v = UInt8(min(max(value, 0), 255))
                target[i] = v; target[i + 1] = v; target[i + 2] = v; target[i + 3] = v
            }
        }
        return out
    }

    /// A copy of a canonical bitmap's pixels with the margin the wide span kernels read into.
    private static func picture(of context: CGContext) -> PixelBuffer? {
        guard let buffer = PixelBuffer(width: context.width, height: context.height, margin: 2) else { return nil }
        context.withCanonicalPixels { pixels, stride in
            for row in 0..<context.height {
                buffer.bytes.advanced(by: row * buffer.bytesPerRow).copyMemory(from: pixels.advanced(by: row * stride),
                                                                               byteCount: context.width * 4)
            }
        }
        return buffer
    }
}

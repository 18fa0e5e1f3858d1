/// Composites a render tree into a bitmap, frame after frame.
///
/// A frame is built as a display list: each layer's own content — background, `contents`, shape, gradient or
/// text, and its border when it has no sublayers — is rasterized once into a cached image keyed by what affects
/// those pixels (so a layer that only moves, turns or fades is never redrawn) and recorded as a blit with the
/// layer's homography (its 4×4 chain flattened onto its parent's plane) and opacity. `CATransformLayer`
/// subtrees are recorded in depth order (FrameCompositor+DepthSort.swift); replicator instances and emitter
/// particles in +Replicators.swift and +Emitters.swift (each layer class's kind: Kinds/). Entries under clipping or
/// masked layers carry those clips and masks as state (ClipState.swift, +Clips.swift, +Masks.swift). Layers whose
/// subtree must become one image first — shadows of a subtree, group opacity, filters, `shouldRasterize` — are
/// groups (+Groups.swift). Comparing the list with the previous frame's gives the damage: only that rectangle is
/// cleared and redrawn. Blits run in horizontal bands across all cores: pixman for whole-pixel
/// translations, our span compositor otherwise.
package final class FrameCompositor {
    // (Its stored state is read and written thousands of times a frame, by one thread at a time — the renderer's —
    // and never by overlapping accesses, so it goes unchecked: dynamic exclusivity checks were a twentieth of the
    // Lottie benchmark's frames.)
    struct CachedContent {
        let signature: Int; let image: PixelBuffer; let scale: CGFloat
        /// Where the image's corner lies in the layer's space (groups cover their subtree's extent).
        var origin = CGPoint.zero
        /// Set when the raster was drawn in the frame's pixels, under the layer's map of that frame (which its
        /// signature holds): where its top-left texel lies on the frame, a whole pixel.
        var pixelOrigin: CGPoint? = nil
        /// The contents the raster was drawn from, kept alive while it is cached: signatures know contents by
        /// identity, and a picture that was freed could leave a new one (a video's next frame, a redraw) at
        /// its address.
        var contentsSource: AnyObject? = nil
    }

    /// One entry of the display list.
    enum Operation {
        /// A cached raster placed by `toPixel` at `opacity`, drawn only inside `clip` when there is one (a split
        /// piece of a plane, PlaneSplitting.swift).
        case blit(image: PixelBuffer, toPixel: Homography, opacity: Double, clip: PixelClip? = nil, blend: LayerBlendMode = .normal)
        /// Drawing through the CGContext (snapshot painter, borders over sublayers). `direct`, when given, draws the
        /// same inside a rectangle of whole pixels without the context's graphics state (a shape drawn straight into
        /// the frame) and answers whether it could; when it cannot, `draw` does.
        case paint((CGContext) -> Void, direct: ((CGContext, CGRect) -> Bool)? = nil)
        /// What is behind a layer, filtered by its `backgroundFilters` (FrameCompositor+Backdrop.swift).
        case backdrop(BackdropJob)
    }

    /// An operation with what identifies its appearance, and the pixels it may touch.
    struct Entry {
        let key: ObjectIdentifier
        let appearance: Int
        /// Pixels the entry may touch: finite (non-finite geometry reaches here as huge or NaN coordinates, and
        /// Foundation traps on those), or null.
        let box: CGRect
        let operation: Operation
        /// The clips and masks of the layers above it (FrameCompositor+Clips.swift, +Masks.swift).
        let clipState: ClipState?

        init(key: ObjectIdentifier, appearance: Int, box: CGRect, operation: Operation, clipState: ClipState? = nil) {
            self.key = key; self.appearance = appearance; self.operation = operation; self.clipState = clipState
            self.box = LayerGeometry.finite(box)
        }

        /// Whether the entry filters what is drawn behind it (`backgroundFilters`).
        var isBackdrop: Bool { if case .backdrop = operation { true } else { false } }

        /// The same operation drawn only inside `clip`.
        func clipped(to clip: PixelClip) -> Entry {
            var h = Hasher()
            h.combine(appearance); h.combine(clip)
            switch operation {
            case .blit(let image, let toPixel, let opacity, let old, let blend):
                let combined = PixelClip(lines: (old?.lines ?? []) + clip.lines)
                return Entry(key: key, appearance: h.finalize(), box: box,
                             operation: .blit(image: image, toPixel: toPixel, opacity: opacity, clip: combined, blend: blend),
                             clipState: clipState)
            case .paint(let draw, _):
                let region = clip.polygon(in: box)
                return Entry(key: key, appearance: h.finalize(), box: box, operation: .paint { ctx in
                    guard let region else { return }
                    ctx.addLines(between: region)
                    ctx.closePath()
                    ctx.clip()
                    draw(ctx)
                }, clipState: clipState)
            case .backdrop:
                return self
            }
        }
    }


    /// The pictures kept from frame to frame: layers' content, tinted copies, resampled particles, clip shapes
    /// (RasterCache.swift).
    @exclusivity(unchecked) var rasters = RasterCache()
    @exclusivity(unchecked) var list: [Entry] = []
    /// The media time of the frame being prepared (what painter-drawn parts of it draw).
    @exclusivity(unchecked) var frameTime: CFTimeInterval = 0
    /// What the rest of this frame may spend on particles: one budget, shared with the compositors of the frame's
    /// groups (they draw parts of the same frame).
    @exclusivity(unchecked) var budget = FrameBudget()
    /// Compositors for the sublayers of groups that need one (three-dimensional, replicated or emitting), by
    /// group layer (they keep their own content caches from frame to frame).
    @exclusivity(unchecked) var groupCompositors: [ObjectIdentifier: FrameCompositor] = [:]
    /// What each static leaf recorded last frame, and the placement it recorded it for.
    private struct LeafRecord {
        let revision: Int; let layerToPixel: Homography; let alpha: Double; let tint: InstanceTint?; let blend: LayerBlendMode
        let entries: [Entry]
    }
    /// The colour of the replicator instance being recorded (nil outside replicators).
    @exclusivity(unchecked) var currentTint: InstanceTint?
    /// The blend mode of a layer above that blends its subtree, which draws one picture, by laying that picture
    /// by the mode instead of making a group picture first (normal everywhere else; FrameCompositor+BlendedPicture.swift).
    @exclusivity(unchecked) var inheritedBlend = LayerBlendMode.normal
    /// The index of the entry last recorded as a shape drawn straight into the frame by `inheritedBlend`.
    @exclusivity(unchecked) var blendedShapeEntry: Int?
    /// Whether an animation may move the sublayers being recorded: an ancestor's placement or bounds is animated.
    @exclusivity(unchecked) private var placementAnimated = false
    /// Whether the sublayers being recorded have a layer of speed zero above them (their time cannot move).
    @exclusivity(unchecked) private var timeStandsStill = false
    /// Whether a layer above the layers being recorded masks them or clips them other than to a rectangle of
    /// whole pixels, or they are a mask's (their entries get clip state that drawing through `CGContext` pays
    /// for, or become a coverage picture: such layers keep their rasters rather than being drawn straight into
    /// the frame).
    @exclusivity(unchecked) var insideClipOrMask = false
    @exclusivity(unchecked) private var leafRecords: [ObjectIdentifier: LeafRecord] = [:]
    /// The layers the last frame reached (kept for its storage: each frame's set is made in it).
    @exclusivity(unchecked) private var seenScratch = Set<ObjectIdentifier>()
    /// Surfaces masked subtrees and masks are composited into (FrameCompositor+Masks.swift).
    @exclusivity(unchecked) var surfaces: [SurfaceKey: Surface] = [:]
    /// Filtered backdrops kept while what is behind them is unchanged, and a count that makes painted entries
    /// behind a backdrop new every frame.
    @exclusivity(unchecked) var backdropResults: [ObjectIdentifier: BackdropResult] = [:]
    @exclusivity(unchecked) var backdropFrameCounter = 0
    /// The frame's size in pixels (what tiled layers show of themselves).
    @exclusivity(unchecked) var frameSize = CGSize.zero
    /// How many times `prepare` has run (what groups showing tiled layers key their pictures by).
    @exclusivity(unchecked) var preparePasses = 0
    /// Tiled layers' tile caches this frame asked for tiles they lack.
    @exclusivity(unchecked) package var tilesAskedFor: [TileCache] = []
    /// How many times a backdrop has been filtered (for tests: a backdrop whose background is unchanged is kept).
    @exclusivity(unchecked) package internal(set) var backdropFilterings = 0
    /// What each layer's entries looked like in the last settled list (what damage is measured against).
    @exclusivity(unchecked) private var damageTracker = DamageTracker()
    /// Scratch space the execution step reuses (FrameCompositor+Pieces.swift).
    @exclusivity(unchecked) var pieceScratch = PieceScratch()
    /// How many times layer content has been rasterized (for tests: a layer that only moves is drawn once).
    @exclusivity(unchecked) package internal(set) var rasterizations = 0
    /// Draws batches of blits in bands across the cores (BandExecutor.swift).
    let bands = BandExecutor()
    /// Threads the frame is split across, as horizontal bands (default: every core).
    package var threads: Int {
        get { bands.threads }
        set { bands.threads = newValue }
    }
    /// Blits everything with pixman (its general path when transformed): the benchmark's baseline.
    package var usesPixmanForEveryBlit: Bool {
        get { bands.usesPixmanForEveryBlit }
        set { bands.usesPixmanForEveryBlit = newValue }
    }

    package init() {}

    /// Builds the display list for `tree` at media time `t`, for a bitmap whose user space is mapped to pixels by
    /// `userToPixel`, and answers the damaged rectangle (in pixels) since the previous frame.
    package func prepare(_ tree: RenderTree, atMediaTime t: CFTimeInterval, userToPixel: CGAffineTransform,
                         size: (width: Int, height: Int)) -> CGRect {
        list.removeAll(keepingCapacity: true)
        frameSize = CGSize(width: size.width, height: size.height)
        tilesAskedFor.removeAll()
        preparePasses &+= 1
        tree.beginFrame()
        frameTime = t
        budget.reset()
        // (Last frame's set, emptied: its storage is sized for the layers a frame reaches, so none is made.)
        var seen = seenScratch
        seenScratch = []
        seen.removeAll(keepingCapacity: true)
        defer { seenScratch = seen }
        if let root = tree.root {
            let bounds = root.frameLayer(parentTime: t).layer.bounds
            let rootTransform = Homography(CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY).concatenating(userToPixel))
            record(root, parentTime: t, isRoot: true, layerToPixel: rootTransform, alpha: 1, seen: &seen)
        }
        prune(keeping: seen)
        let frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        let refilter = settleBackdrops(frame: frame)
        return settleDamage(frame: frame, adding: refilter)
    }

    /// The pixels of `frame` the list draws differently from the last list settled (DamageTracker.swift), plus
    /// `extra`.
    func settleDamage(frame: CGRect, adding extra: CGRect = .null) -> CGRect {
        damageTracker.settle(list, frame: frame, adding: extra)
    }

    /// Forgets caches of layers the frame no longer reached.
    func prune(keeping seen: Set<ObjectIdentifier>) {
        rasters.prune(keeping: seen)
        leafRecords.keepOnly(seen)
        groupCompositors.keepOnly(seen)
        backdropResults.keepOnly(seen)
        if surfaces.keys.contains(where: { !seen.contains($0.layer) }) { surfaces = surfaces.filter { seen.contains($0.key.layer) } }
    }

    /// Draws the prepared list into `context`, clearing and redrawing only `region` (pixels; the damage unless
    /// more is asked for). Falls back to the snapshot painter when the bitmap is not canonical.
    /// `damageOnly`: `region` is the damage the last `prepare` (or `settleDamage`) answered, and `context` holds
    /// the frame drawn before it, so only the damage's separate rectangles need drawing, not all of their bounds.
    package func execute(into context: CGContext, region: CGRect, damageOnly: Bool = false) {
        let clip = region.clampedToPixels(width: context.width, height: context.height)
        guard !clip.isNull, !clip.isEmpty else { return }
        // (A backdrop blurs what is drawn around it, which may lie in another piece not drawn yet: a frame with one
        // draws its damage's bounds in one pass.)
        var parts = pieceScratch.pieces
        pieceScratch.pieces = []
        defer { pieceScratch.pieces = parts }
        parts.removeAll(keepingCapacity: true)
        if damageOnly, damageTracker.pieces.count > 1, !list.contains(where: \.isBackdrop) {
            for piece in damageTracker.pieces {
                let part = piece.intersection(clip)
                if !part.isNull, !part.isEmpty { parts.append(part) }
            }
            DamageTracker.makeDisjoint(&parts, scratch: &pieceScratch.disjoint)
        } else {
            parts.append(clip)
        }
        execute(into: context, pieces: parts)
    }

    /// Where a paint entry's direct drawing may draw inside `clip` (whole pixels) under `state`: all of it with no
    /// state, the part inside the state's rectangle when that is all there is and it lies on whole pixels (a
    /// precomposition's bounds at a whole scale); nil when the state needs the context's clipping.
    static func directRegion(of clip: CGRect, under state: ClipState?) -> CGRect? {
        guard let state else { return clip }
        guard state.masks.isEmpty, state.paths.isEmpty, let rect = state.rect,
              [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ abs($0 - $0.rounded()) <= 1e-6 }) else { return nil }
        let inside = clip.intersection(rect.integral)
        return inside.isNull ? .zero : inside
    }

    /// The frame compositor's two steps at once, for callers that redraw the damage only.
    package func composite(_ tree: RenderTree, atMediaTime t: CFTimeInterval, into context: CGContext) {
        guard context.usesCanonicalPixels else { tree.root?.frameTree(parentTime: t).render(in: context); return }
        let damage = prepare(tree, atMediaTime: t, userToPixel: context.userToPixelTransform, size: (context.width, context.height))
        execute(into: context, region: damage, damageOnly: true)
    }

    // MARK: Building the display list

    /// Records `node`'s subtree. `frame` is the node's state at this time when the caller already evaluated it
    /// (evaluating an animated layer copies it, so it is done once per layer per frame).
    /// `depthPlacement`: the layer's 3-D placement in its parent's space and the parent's plane map, when the
    /// caller knows them (what an emitter that preserves depth needs to place particles off its plane).
    func record(_ node: RenderTree.Node, parentTime: CFTimeInterval, isRoot: Bool, layerToPixel m: Homography,
                alpha: Double, frame: RenderTree.Node.Frame? = nil, depthPlacement: DepthPlacement? = nil,
                seen: inout Set<ObjectIdentifier>) {
        // A frame draws at most `maximumEntries` things: beyond them (thousands of replicas of thousands of
        // layers), the rest of the tree is left out rather than letting one frame take minutes.
        guard list.count < Self.maximumEntries else { return }
        // A static leaf placed exactly as last frame records exactly what it recorded then.
        let isStaticLeaf = !isRoot && node.children.isEmpty && node.mask == nil && node.snapshot.animationEntries.isEmpty
            && !node.snapshot.compositorKind.changesBetweenCommits && !node.snapshot.hasTimedContents
        let lastRecord = isStaticLeaf ? leafRecords[node.id] : nil
        if let last = lastRecord, last.revision == node.revision, last.layerToPixel == m, last.alpha == alpha,
           last.tint == currentTint, last.blend == inheritedBlend {
            list.append(contentsOf: last.entries)
            seen.insert(node.id)
            return
        }
        let firstEntry = list.count
        // (Set below: a leaf an animation moves is placed anew next frame, so its record would not be used.)
        var keepsRecord = isStaticLeaf
        defer {
            if isStaticLeaf, !keepsRecord, lastRecord != nil {
                leafRecords.removeValue(forKey: node.id)
            } else if keepsRecord {
                // (The entries go into the storage of the leaf's last record: a static leaf under a layer that
                // commits move, as a scrubbed player's are, records again every frame.)
                var entries = leafRecords.removeValue(forKey: node.id)?.entries ?? []
                entries.removeAll(keepingCapacity: true)
                entries.append(contentsOf: list[firstEntry...])
                leafRecords[node.id] = LeafRecord(revision: node.revision, layerToPixel: m, alpha: alpha, tint: currentTint,
                                                  blend: inheritedBlend, entries: entries)
            }
        }
        var (layer, localTime, animated) = frame ?? node.frameLayer(parentTime: parentTime)
        // What an animation moves: this layer when its own placement or an ancestor's is animated; its sublayers
        // and mask also when its bounds are (their origin places them) — not when other keys of its raster are (a
        // gradient's points, a shape's path): a mask over a gradient whose colours move stays where it is, and
        // is rastered in place rather than resampled every frame.
        // A layer whose time stands still (its speed or an ancestor's is zero: a paused animation) shows the same
        // frame whatever the clock says, so its animations move nothing and it is rastered in place.
        let placementAnimatedAbove = placementAnimated, timeStoodAbove = timeStandsStill
        timeStandsStill = timeStoodAbove || layer.speed == 0
        let movedByAnimation = !timeStandsStill && (placementAnimatedAbove || animated.contains(.placement))
        keepsRecord = keepsRecord && !movedByAnimation
        placementAnimated = movedByAnimation || (!timeStandsStill && animated.contains(.bounds))
        defer { (placementAnimated, timeStandsStill) = (placementAnimatedAbove, timeStoodAbove) }
        if layer.hasTimedContents, let timed = layer as? CALayerTimedContents {
            // This frame's picture (a video's frame at this media time), on a copy: snapshots stay as committed.
            let copy = layer.engineCopy()
            copy.frameRasterSignature = nil   // (its picture is not what its animations' values say)
            copy.suppressesChangeTracking = true
            copy.contents = timed.timedContents(atMediaTime: frameTime)
            (layer, animated) = (copy, animated.union(.raster))
        }
        if let transition = activeTransition(of: node, layer: layer, localTime: localTime) {
            // (Before the visibility check: a transition may fade a layer in or out of view.)
            recordTransition(transition, node: node, frame: (layer, localTime, animated), layerToPixel: m, inheritedAlpha: alpha)
            seen.insert(node.id)
            return
        }
        let plan = LayerDrawingPlan(layer, hasSublayers: !node.children.isEmpty, hasMask: node.mask != nil)
        guard plan.isVisible else { return }
        let alpha = alpha * Double(layer.opacity)
        // A single-sided layer turned away from the viewer (its corners wound backwards on screen) is hidden.
        if !layer.isDoubleSided, let q = m.quad(layer.bounds), LayerGeometry.signedArea(q) < 0 { return }
        let layerStart = list.count
        // What is behind the layer, filtered, lies under everything the layer draws.
        if plan.filtersBackdrop { recordBackdrop(of: layer, node: node, layerToPixel: m) }
        if layer.compositorKind == .transform {
            // Reached directly (as the root): its own space is the 3-D space its planes share.
            recordDepthSorted(node, parentTime: parentTime, chain: CATransform3DIdentity, plane: m, alpha: alpha / Double(layer.opacity),
                              frame: (layer, localTime, animated), seen: &seen)
            return
        }
        // (A border over sublayers is stroked through the 2-D part of the map: under perspective the painter,
        // whose group picture the blit projects exactly, draws it instead.)
        func recordAsGroup() {
            if isRoot || !recordGroup(node, frame: (layer, localTime, animated), layerToPixel: m, alpha: alpha) {
                recordPainter(node.frameTree((layer, localTime, animated)), id: node.id, isRoot: isRoot, layerToPixel: m, alpha: alpha)
            }
        }
        // Fading a subtree that draws one picture is fading that picture: no group picture is needed (a view at
        // half alpha holding one image, a Lottie layer holding one shape).
        let fadesOnePicture = plan.fadesAsGroup && !plan.castsShadow && !plan.rasterizes && plan.contentBlurRadius == 0
            && !plan.blendsSubtree && !plan.recolors && Self.drawsOnePictureAtMost(node, own: layer)
        // Likewise blending a subtree that draws one picture is blending that picture.
        let blendsOnePicture = blendsOnlyOnePicture(node, own: layer, plan: plan)
        if (plan.compositesAsGroup && !fadesOnePicture && !blendsOnePicture) || (!m.isAffine && plan.drawsBorder && !node.children.isEmpty) {
            seen.insert(node.id)
            recordAsGroup()
            return
        }
        let blendAbove = inheritedBlend
        if blendsOnePicture { inheritedBlend = plan.blendMode }
        defer {
            if blendsOnePicture {
                inheritedBlend = blendAbove
                // (What the subtree recorded must be that one picture, laid by the mode; otherwise it is a group.)
                if !layBlendedPicture(plan.blendMode, from: layerStart) {
                    list.removeSubrange(layerStart...)
                    recordAsGroup()
                }
            }
        }
        seen.insert(node.id)
        // A geometry-flipped layer's own content and sublayers lie in its bounds space mirrored within the bounds.
        let own = layer.geometryFlip.map { Homography($0).concatenating(m) } ?? m
        let hasSublayers = !node.children.isEmpty
        if recordDirectShape(of: layer, node: node, plan: plan, animated: animated, layerToPixel: own, alpha: alpha) {
            // (Drawn straight into the frame: FrameCompositor+DirectShapes.swift.)
        } else if let content = content(of: layer, node: node, animated: animated, movedByAnimation: movedByAnimation,
                                          includeBorder: !hasSublayers, layerToPixel: own) {
            let toPixel = content.pixelOrigin.map { Homography(CGAffineTransform(translationX: $0.x, y: $0.y)) }
                ?? Homography(CGAffineTransform(scaleX: 1 / content.scale, y: 1 / content.scale)
                    .concatenating(CGAffineTransform(translationX: content.origin.x, y: content.origin.y)))
                    .concatenating(own).snappedToWholePixels
            // Content wholly or partly behind the eye is not drawn in this slice.
            if let quad = toPixel.quad(CGRect(x: -1, y: -1, width: content.image.width + 2, height: content.image.height + 2)) {
                let blend = LayerBlendMode(of: layer)
                var h = Hasher()
                h.combine(content.signature); h.combine(toPixel); h.combine(alpha); h.combine(currentTint); h.combine(blend)
                list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                                  operation: .blit(image: tinted(content.image), toPixel: toPixel, opacity: alpha, blend: blend)))
            }
        }
        // What the layer's kind adds (the transform kind returned above; a replicator's instances are how its
        // sublayers are recorded). A tiled layer's tiles are its content, clipped already; particles and sublayers
        // are what `masksToBounds` clips.
        if layer.compositorKind == .tiled, let tiled = layer as? CATiledLayer {
            recordTiles(of: tiled, node: node, layerToPixel: own, alpha: alpha)
        }
        let clipStart = list.count
        if layer.compositorKind == .emitter, let emitter = layer as? CAEmitterLayer {
            let depth = emitter.preservesDepth ? depthPlacement.map { placement in
                DepthPlacement(placement: placement.placement, parentPlane: placement.parentPlane, flip: layer.geometryFlip)
            } : nil
            recordParticles(of: emitter, node: node, localTime: localTime, layerToPixel: own, depth: depth, alpha: alpha)
        }
        if hasSublayers {
            let clippedAbove = insideClipOrMask
            insideClipOrMask = clippedAbove || plan.appliesMask
                || (plan.clipsToBounds && !Self.boundsClipLiesOnWholePixels(of: layer, layerToPixel: own))
            recordSublayers(of: node, layer: layer, localTime: localTime, layerToPixel: own, alpha: alpha, seen: &seen)
            insideClipOrMask = clippedAbove
        }
        // (Clips and masks that cannot be display-list state — around a backdrop — make the layer a group after all.)
        if plan.clipsToBounds, !applyBoundsClip(of: layer, node: node, layerToPixel: own, from: clipStart) {
            list.removeSubrange(layerStart...)
            recordAsGroup()
            return
        }
        defer {
            if plan.appliesMask, !applyMask(of: node, reading: layer.maskReading, localTime: localTime, layerToPixel: own, from: layerStart, seen: &seen) {
                list.removeSubrange(layerStart...)
                recordAsGroup()
            }
        }
        guard hasSublayers else { return }
        if let border = LayerBorder(of: layer) {
            // The border lies above the sublayers.
            var h = Hasher()
            h.combine(own); h.combine(alpha); h.combine(border)
            let affine = own.affine
            list.append(Entry(key: node.id, appearance: h.finalize(), box: layer.bounds.applying(affine).insetBy(dx: -2, dy: -2),
                              operation: .paint { ctx in
                                  ctx.concatenate(affine)
                                  border.stroke(in: ctx, alpha: CGFloat(alpha))
                              }))
        }
    }

    /// Whether `layer` (the node's state now) and its subtree draw at most one picture, so that fading them as
    /// a group and fading that picture alone look the same. Conservative: a descendant with animations counts as
    /// a picture (it may start drawing), and any descendant that makes pictures of its own — a kind other than
    /// plain, a mask, a shadow, filters, rasterizing — answers no.
    static func drawsOnePictureAtMost(_ node: RenderTree.Node, own layer: CALayer) -> Bool {
        var pictures = LayerGeometry.drawsOwnContent(layer, includeBorder: true) ? 1 : 0
        func visit(_ n: RenderTree.Node) -> Bool {
            let l = n.snapshot
            guard l.compositorKind == .plain, n.mask == nil, !LayerDrawingPlan.castsShadow(l), l.filters == nil,
                  l.backgroundFilters == nil, !l.shouldRasterize else { return false }
            if LayerGeometry.drawsOwnContent(l, includeBorder: true) || !l.animationEntries.isEmpty || l.hasTimedContents {
                pictures += 1
            }
            return pictures <= 1 && n.children.allSatisfy(visit)
        }
        return node.children.allSatisfy(visit)
    }

    /// Records `node`'s sublayers, `layer` being the node's state at this time and `m` its space to pixels. This
    /// (plain) layer flattens its sublayers into its plane: each child's 4×4 chain — its own placement, then this
    /// layer's sublayerTransform about the anchor point (Q27) — is projected onto z = 0.
    func recordSublayers(of node: RenderTree.Node, layer: CALayer, localTime: CFTimeInterval, layerToPixel m: Homography,
                         alpha: Double, seen: inout Set<ObjectIdentifier>) {
        guard layer.compositorKind == .replicator, let replicator = layer as? CAReplicatorLayer else {
            recordChildren(of: node, layer: layer, localTime: localTime, instance: CATransform3DIdentity, layerToPixel: m,
                           alpha: alpha, seen: &seen)
            return
        }
        if replicator.preservesDepth {
            recordPreservingDepth(node, replicator: replicator, localTime: localTime, layerToPixel: m, alpha: alpha, seen: &seen)
            return
        }
        let outer = currentTint
        defer { currentTint = outer }
        for instance in Self.instances(of: replicator) where instance.alpha > 0 {
            currentTint = instance.tint.combined(with: outer)
            recordChildren(of: node, layer: layer, localTime: localTime - instance.delay, instance: instance.transform,
                           layerToPixel: m, alpha: alpha * instance.alpha, seen: &seen)
        }
    }

    /// The children of `node`, each placed by its own placement, then `instance` (a replicator's), then this
    /// layer's sublayerTransform.
    private func recordChildren(of node: RenderTree.Node, layer: CALayer, localTime: CFTimeInterval, instance: CATransform3D,
                                layerToPixel m: Homography, alpha: Double, seen: inout Set<ObjectIdentifier>) {
        let pivoted = LayerGeometry.pivotedSublayerTransform(of: layer)
        // (Nearly always the identity both: no product then, for each child below.)
        let sublayerTransform = CATransform3DIsIdentity(instance) ? pivoted : instance.concatenating(pivoted)
        let identity = CATransform3DIsIdentity(sublayerTransform)
        let children = node.children
        guard !children.isEmpty else { return }
        // Children in zPosition order (stable), each placed from this layer's space. (Their frames are kept in
        // scratch space on the stack, not an array: every layer with sublayers does this every frame.)
        withUnsafeTemporaryAllocation(of: RenderTree.Node.Frame.self, capacity: children.count) { frames in
            _ = frames.initialize(from: children.lazy.map { $0.frameLayer(parentTime: localTime) })
            defer { frames.baseAddress?.deinitialize(count: children.count) }
            func recordChild(_ i: Int) {
                let child = frames[i].layer
                let placement = LayerGeometry.placement(of: child)
                let chain = identity ? placement : placement.concatenating(sublayerTransform)
                if child.compositorKind == .transform {
                    recordDepthSorted(children[i], parentTime: localTime, chain: chain, plane: m, alpha: alpha,
                                      frame: frames[i], seen: &seen)
                } else {
                    record(children[i], parentTime: localTime, isRoot: false,
                           layerToPixel: Homography(flattening: chain).concatenating(m), alpha: alpha, frame: frames[i],
                           depthPlacement: DepthPlacement(placement: chain, parentPlane: m), seen: &seen)
                }
            }
            if let order = LayerGeometry.reorderedDrawing(count: children.count, zPosition: { frames[$0].layer.zPosition }) {
                for i in order { recordChild(i) }
            } else {
                for i in children.indices { recordChild(i) }
            }
        }
    }

    /// Records a subtree drawn by the snapshot painter (conservatively: damaged every frame, over the pixels its
    /// subtree's frames and a shadow margin may reach).
    /// (Inside a perspective map the painter draws through its 2-D part: an approximation of this slice.)
    func recordPainter(_ layer: CALayer, id: ObjectIdentifier, isRoot: Bool, layerToPixel h: Homography, alpha: Double) {
        let m = h.affine
        let box = LayerExtent.pixels(of: layer, layerToPixel: m)
        let time = frameTime
        if isRoot {
            list.append(Entry(key: id, appearance: 0, box: box, operation: .paint { ctx in
                ctx.concatenate(m)
                LayerPainter(context: ctx, mediaTime: time).paint(layer, inheritedAlpha: 1, isRoot: true)
            }))
            return
        }
        // The painter places the layer itself from its parent's space: undo this layer's own placement.
        let own = LayerGeometry.placement(of: layer).twoDimensionalPart
        let det = own.a * own.d - own.b * own.c
        guard det != 0, det.isFinite else { return }
        let parentToPixel = own.inverted().concatenating(m)
        let inherited = CGFloat(alpha / Double(layer.opacity))
        list.append(Entry(key: id, appearance: 0, box: box, operation: .paint { ctx in
            ctx.concatenate(parentToPixel)
            LayerPainter(context: ctx, mediaTime: time).paint(layer, inheritedAlpha: inherited, isRoot: false)
        }))
    }

    /// The layer's rasterized content at the scale it appears at, from the cache or drawn now. Unless an
    /// animation changes a content key this frame, the node's revision identifies the content.
    /// `movedByAnimation`: an animation of the layer's placement, or of an ancestor's, moves it.
    private func content(of layer: CALayer, node: RenderTree.Node, animated: AnimatedRoles, movedByAnimation: Bool,
                         includeBorder: Bool, layerToPixel m: Homography) -> CachedContent? {
        let key = node.id
        let facts = contentFacts(of: layer, node: node, animated: animated, includeBorder: includeBorder)
        // The raster covers what the content can draw: the bounds, and what overflows them unclipped.
        let b = facts.extent
        guard facts.drawsOwnContent else { return nil }
        // Raster at least one and a half times finer than the screen, rounded up to a power of two (so small zooms
        // reuse the raster). A raster kept while its layer moves is resampled bilinearly every frame: at the
        // screen's own scale its partly covered edge texels are blurred once more, a pixel wide (a turning shape
        // looked soft beside After Effects' renders and the same shape drawn still); finer, the edges stay close
        // to exact coverage. (Rasters drawn in the frame's pixels do not use this scale.)
        let onScreen = max(LayerGeometry.onScreenScale(of: b, under: m), 1 / 64)
        // (A tolerance keeps float noise around a power of two, such as 1.0000000000000002, from flipping it.)
        var scale = LayerGeometry.powerOfTwo(atLeast: onScreen * Self.keptRasterOversampling)
        // A layer that shows nothing but a bitmap gains nothing from a raster finer than the bitmap: sampling it
        // at the bitmap's own resolution is sharper (one filter, not two) and keeps the texture small.
        if let native = facts.bitmapResolution {
            scale = min(scale, LayerGeometry.powerOfTwo(atLeast: native))
            // Minified: `.linear` samples the bitmap prefiltered to the next power of two above the on-screen scale
            // (a mip level); `.trilinear` prefilters to the on-screen scale itself, shifted by the bias.
            if facts.trilinear, onScreen < native {
                scale = min(scale, LayerGeometry.minifiedScale(onScreen: onScreen, bias: facts.minificationBias))
            }
        }
        // Enormous layers raster coarser rather than not at all: a side of at most `maximumRasterSide` pixels and
        // at most `maximumRasterPixels` in all, so a raster's memory is bounded whatever the layer's size.
        let side = max(b.width, b.height) * scale
        if !(side <= Self.maximumRasterSide) {
            guard side.isFinite else { return nil }
            scale = LayerGeometry.powerOfTwo(atLeast: Self.maximumRasterSide / max(b.width, b.height)) / 2
        }
        let area = b.width * b.height * scale * scale
        if !(area <= Self.maximumRasterPixels) {
            guard area.isFinite else { return nil }
            scale = LayerGeometry.powerOfTwo(atLeast: (Self.maximumRasterPixels / (b.width * b.height)).squareRoot()) / 2
        }
        guard scale.isFinite, scale > 0 else { return nil }
        // A raster drawn again because animations change what it shows, or one of a layer standing still (no
        // animation moves it, and it is placed by the same map as the last time it was drawn, if any), is drawn
        // in the frame's pixels under the layer's map (scaled, turned, skewed, flipped: any affine map), so it is
        // copied rather than resampled: a raster no larger than what shows, a cheaper blit and no filtering blur.
        // A raster kept while the layer moves, turns or zooms (or a replicator draws it in several places) stays
        // in the layer's space at the power of two, drawn once for the whole motion.
        let previousPlacement = rasters.placements.updateValue(m, forKey: key)
        let standsStill = !movedByAnimation && (previousPlacement.map { $0 == m } ?? true)
        var pixelBox: CGRect?
        if animated.contains(.raster) || standsStill, facts.bitmapResolution == nil, let box = LayerGeometry.pixelBox(of: b, under: m),
           max(box.width, box.height) <= Self.maximumRasterSide, box.width * box.height <= Self.maximumRasterPixels {
            pixelBox = box
        }
        var hasher = Hasher()
        if pixelBox != nil { hasher.combine(m) } else { hasher.combine(scale) }
        hasher.combine(includeBorder)
        hasher.combine(facts.contentsFlipped)   // images and text are drawn the other way up
        combineContent(of: layer, node: node, animated: animated, into: &hasher)
        let signature = hasher.finalize()
        if let cached = rasters.content[key], cached.signature == signature { return cached }
        // A raster in the layer's space has its texels on the layer's own grid (corner at whole multiples of
        // 1 / scale), so a layer placed on whole pixels is copied; one cornered at the extent's own fractional
        // origin was resampled by the fraction, blurring every edge off that grid.
        let grid = LayerGeometry.aligned(b, toGridOf: scale)
        let raster = pixelBox.map { rasterize(layer, inPixels: $0, under: m.affine, includeBorder: includeBorder) }
            ?? rasterize(layer, covering: grid, scale: scale, includeBorder: includeBorder)
        guard let raster else { return nil }
        rasterizations += 1
        let entry = CachedContent(signature: signature, image: raster, scale: scale, origin: grid.origin, pixelOrigin: pixelBox?.origin,
                                  contentsSource: layer.contents.map { $0 as AnyObject })
        rasters.content[key] = entry
        return entry
    }

    /// What the layer's own content shows, for a raster's signature: unless an animation changes a content key
    /// this frame, the node's revision identifies it.
    func combineContent(of layer: CALayer, node: RenderTree.Node, animated: AnimatedRoles, into hasher: inout Hasher) {
        if !animated.contains(.raster) {
            hasher.combine(ObjectIdentifier(type(of: layer)))
            hasher.combine(node.revision)
        } else if let known = layer.frameRasterSignature {
            hasher.combine(known)
        } else {
            ContentSignature.combine(layer, into: &hasher)
        }
    }

    /// What follows from the layer's content alone (its extent, whether it draws): a layer whose animations only
    /// place or fade it has the snapshot's content, so this is worked out once per revision.
    func contentFacts(of layer: CALayer, node: RenderTree.Node, animated: AnimatedRoles, includeBorder: Bool) -> ContentFacts {
        let placementOnly = animated.onlyPlaces
        if placementOnly, let known = node.contentFacts, known.includeBorder == includeBorder { return known }
        let facts = ContentFacts(layer, includeBorder: includeBorder)
        if placementOnly { node.contentFacts = facts }
        return facts
    }

    /// The most entries (blits and painted layers) one frame's display list holds.
    static let maximumEntries = 50_000

    /// How much finer than the screen a raster kept in its layer's space is, at least (before the power of two).
    static let keptRasterOversampling: CGFloat = 1.5

    /// The largest raster side in pixels (beyond it layers raster at a coarser scale).
    static let maximumRasterSide: CGFloat = 16384
    /// The most pixels in one raster (32 MiB): a 3840 × 2160 layer at full resolution. Larger layers raster
    /// coarser; before this bound a 16384 × 16384 raster took 1 GiB.
    static let maximumRasterPixels: CGFloat = 8_388_608

    private func rasterize(_ layer: CALayer, covering extent: CGRect, scale: CGFloat, includeBorder: Bool) -> PixelBuffer? {
        guard let canvas = Self.rasterCanvas(covering: extent, scale: scale) else { return nil }
        return paint(layer, into: canvas, includeBorder: includeBorder)
    }

    /// The same drawn in the frame's pixels: `box` (whole pixels) of the layer's own space mapped by `layerToPixel`.
    private func rasterize(_ layer: CALayer, inPixels box: CGRect, under layerToPixel: CGAffineTransform,
                           includeBorder: Bool) -> PixelBuffer? {
        guard let canvas = Self.rasterCanvas(covering: box, scale: 1) else { return nil }
        canvas.context.concatenate(layerToPixel)
        return paint(layer, into: canvas, includeBorder: includeBorder)
    }

    /// The layer's own content (and border when asked) painted into a raster canvas, finished.
    private func paint(_ layer: CALayer, into canvas: RasterCanvas, includeBorder: Bool) -> PixelBuffer? {
        let painter = LayerPainter(context: canvas.context, mediaTime: frameTime)
        painter.paintOwnContent(of: layer, alpha: 1, clips: LayerDrawingPlan(layer).clipsToBounds)
        if includeBorder { LayerBorder(of: layer)?.stroke(in: canvas.context, alpha: 1) }
        return canvas.finish()
    }
}

/// The renderer's own copy of a layer tree: per layer, the copy its last commit took (`committedState`),
/// refreshed only for layers whose committed revision moved since the last sync. The compositor reads
/// snapshots, never the model
/// (design: "the renderer never reads the model"). A sync compares revisions in one pass, and is skipped when no
/// layer anywhere changed or committed since the last (`CALayer.modelGeneration`).
package final class RenderTree {
    /// One layer's snapshot and its children, in model order. (Its state is written by syncs and read by frames, one
    /// thread at a time under the renderer's lock, thousands of times a frame: it goes without dynamic exclusivity
    /// checks.)
    package final class Node {
        let id: ObjectIdentifier
        @exclusivity(unchecked) var revision: Int
        /// The commit's copy of the layer. Other render trees and the model (`committedState`) hold the same
        /// object, so nothing here writes to it.
        @exclusivity(unchecked) private(set) var committed: CALayer
        /// Whether an odd number of the layer's ancestors in this tree flip its geometry.
        @exclusivity(unchecked) private(set) var ancestorsFlipped = false
        /// What this node draws: `committed` itself, or — under flipped ancestors, which a copy with no
        /// superlayer can only learn from `ancestorsFlipGeometry` — this tree's own copy of it that says so.
        @exclusivity(unchecked) private(set) var snapshot: CALayer { didSet { animationPlan = nil; framePool.removeAll(); contentFacts = nil; timing = snapshot.timingSpec } }
        /// The snapshot's own timing (read every frame).
        @exclusivity(unchecked) private(set) var timing: TimingSpec
        /// The frame count of the tree this node belongs to (RenderTree+Frames.swift).
        let clock: FrameClock
        /// Animated copies of the snapshot, reused from frame to frame: the n-th evaluation of this node in a
        /// frame writes into the n-th (a replicator evaluates its sublayers once per instance).
        @exclusivity(unchecked) var framePool: [CALayer] = []
        /// The frame `framePoolUsed` counts evaluations in.
        @exclusivity(unchecked) var framePoolFrame = -1
        @exclusivity(unchecked) var framePoolUsed = 0
        /// The snapshot's animations prepared for the per-frame pass; built on first use.
        @exclusivity(unchecked) var animationPlan: AnimationPlan?
        /// What the compositor learned of the snapshot's own content at its current revision (its raster extent
        /// and scale limits), reused while animations only place or fade the layer.
        @exclusivity(unchecked) var contentFacts: ContentFacts?
        /// For an emitter: its birth rates over time as frames saw them (ParticleSystem.swift).
        @exclusivity(unchecked) var emissionHistory: [ParticleSystem.RatePeriod] = []
        /// The emitter's local time at the last frame that drew its particles.
        @exclusivity(unchecked) var lastParticleTime: Double?
        @exclusivity(unchecked) package internal(set) var children: [Node] = []
        @exclusivity(unchecked) var mask: Node?
        /// For each transition animation (by identity) added since the last sync: the subtree as it was before
        /// (semantics §8: a transition animates from the appearance before the transaction's changes).
        @exclusivity(unchecked) var transitionSources: [ObjectIdentifier: CALayer] = [:]

        init(_ layer: CALayer, clock: FrameClock) {
            id = ObjectIdentifier(layer)
            self.clock = clock
            (committed, revision) = RenderTree.committed(layer)
            snapshot = committed
            timing = snapshot.timingSpec
        }

        /// Draws `state` (a commit's copy) from now on, under ancestors that flip its geometry or not.
        func show(_ state: CALayer, ancestorsFlipped flipped: Bool) {
            guard state !== committed || flipped != ancestorsFlipped else { return }
            committed = state
            ancestorsFlipped = flipped
            guard flipped else { snapshot = state; return }
            let own = state.engineCopy()
            own.ancestorsFlipGeometry = true
            snapshot = own
        }
    }

    package private(set) var root: Node?
    private var nodes: [ObjectIdentifier: Node] = [:]
    /// Counts frames, so frame layers made in one frame are reused in the next.
    let clock = FrameClock()
    /// Snapshots taken so far (for tests: a static tree is snapshotted once).
    package private(set) var snapshotsTaken = 0
    /// Syncs that walked the model (for tests: an unchanged model is not walked).
    package private(set) var walks = 0


    /// What the tree was last synced with: a model at an unchanged generation needs no walk (for 500 static
    /// layers the walk was a twentieth of a frame).
    private weak var syncedModel: CALayer?
    private var syncedStamp: (generation: Int, ancestorsFlipped: Bool)?
    /// Layers committed since the last sync, as the commit log delivered them (RenderTree+Push.swift).
    let committedSinceSync = CommittedLayers()
    /// Layers the last sync visited (for tests and the benchmark: a commit of one property visits one layer).
    package private(set) var lastSyncVisits = 0
    /// Always walks the whole tree (the benchmark's same-run baseline).
    package var alwaysWalksWholeTree = false

    package init() { CommitLog.shared.subscribe(self) }

    /// Brings the tree up to date with `model` (call after committing).
    ///
    /// Like Chromium's push from `Layer` to `LayerImpl`, a sync visits only what its commits changed: the commit
    /// log hands every tree the layers each commit took; the layers this tree holds take up their new copies.
    /// A commit that changed which layers are where (a sublayer list, a mask, `isGeometryFlipped`, which the
    /// descendants' copies depend on) is followed by a walk of the whole tree, which keeps the render tree a
    /// tree — each layer once, no cycles, whatever lists committed at different times say — and forgets layers
    /// that left it.
    package func sync(with model: CALayer) {
        let ancestorsFlipped = model.superlayer.map { $0.contentsAreFlipped() } ?? false
        // (Read before walking: a change made meanwhile leaves the stamp behind, so the next sync walks again.)
        let generation = CALayer.modelGeneration
        let committed = committedSinceSync.take()
        // (A commit bumps the generation as it takes its copies and hands its layers over just after: a sync in
        // between saw the new generation and no layers, and the layers that came next were dropped here by the
        // unchanged generation — a render thread kept drawing the old tree until the next commit. So layers
        // handed over always get their push.)
        if root != nil, syncedModel === model, let stamp = syncedStamp, stamp.generation == generation,
           stamp.ancestorsFlipped == ancestorsFlipped, committed?.isEmpty == true { return }
        walks += 1
        if root != nil, syncedModel === model, syncedStamp?.ancestorsFlipped == ancestorsFlipped, !alwaysWalksWholeTree,
           let changed = committed, pushChanges(changed) {
            // Done: only the committed layers were visited.
        } else {
            var live = Set<ObjectIdentifier>()
            lastSyncVisits = 0
            root = node(for: model, ancestorsFlipped: ancestorsFlipped, live: &live)
            nodes = nodes.filter { live.contains($0.key) }
        }
        syncedModel = model
        syncedStamp = (generation, ancestorsFlipped)
    }

    /// Takes up the new committed copies of `changed` layers that this tree holds; false (a whole walk is
    /// needed) when one of them changed where layers are. Layers this tree does not hold are skipped: a layer
    /// new to the tree arrives with its superlayer's new sublayer list.
    private func pushChanges(_ changed: [ObjectIdentifier]) -> Bool {
        lastSyncVisits = 0
        for id in changed {
            guard let node = nodes[id], let model = node.committed.modelSource, ObjectIdentifier(model) == id else { continue }
            lastSyncVisits += 1
            let revision = Self.committedRevision(of: model)
            guard revision != node.revision else { continue }
            let (state, newRevision) = Self.committed(model)
            let (sublayers, mask) = Self.committedChildren(of: model)
            let sameChildren = sublayers.count == node.children.count
                && zip(sublayers, node.children).allSatisfy { ObjectIdentifier($0) == $1.id }
            guard sameChildren, mask.map(ObjectIdentifier.init) == node.mask?.id,
                  state.isGeometryFlipped == node.committed.isGeometryFlipped else { return false }
            node.captureTransitionSources(changingTo: state)
            node.show(state, ancestorsFlipped: node.ancestorsFlipped)
            node.revision = newRevision
            snapshotsTaken += 1
        }
        return true
    }

    /// What a renderer draws of `layer`, and its revision: the copy taken at its last commit, or (never
    /// committed: a layer at its defaults, or set up entirely inside `render(in:)`-style code) a copy now.
    /// Either holds no sublayers or mask (``committedChildren(of:)`` names them).
    static func committed(_ layer: CALayer) -> (state: CALayer, revision: Int) {
        if let state = layer.committedState { return (state, layer.committedRevision) }
        let state = layer.engineCopy()
        (state.sublayerStorage, state.maskStorage) = ([], nil)
        return (state, layer.revision)
    }

    /// The model layers `layer`'s committed state has as sublayers and mask (read on the committing thread).
    static func committedChildren(of layer: CALayer) -> (sublayers: [CALayer], mask: CALayer?) {
        layer.committedState != nil ? (layer.committedSublayers, layer.committedMask) : (layer.sublayerStorage, layer.maskStorage)
    }

    /// The revision `committed(_:)` would answer, without making a copy.
    static func committedRevision(of layer: CALayer) -> Int {
        layer.committedState != nil ? layer.committedRevision : layer.revision
    }

    private func node(for layer: CALayer, ancestorsFlipped: Bool, live: inout Set<ObjectIdentifier>) -> Node {
        let id = ObjectIdentifier(layer)
        live.insert(id)
        lastSyncVisits += 1
        let node: Node
        if let existing = nodes[id], existing.revision == Self.committedRevision(of: layer) {
            node = existing
            node.show(node.committed, ancestorsFlipped: ancestorsFlipped)
        } else if let existing = nodes[id] {
            let (state, revision) = Self.committed(layer)
            existing.captureTransitionSources(changingTo: state)
            existing.show(state, ancestorsFlipped: ancestorsFlipped)
            existing.revision = revision
            snapshotsTaken += 1
            node = existing
        } else {
            node = Node(layer, clock: clock)
            node.show(node.committed, ancestorsFlipped: ancestorsFlipped)
            nodes[id] = node
            snapshotsTaken += 1
        }
        let flipped = ancestorsFlipped != node.committed.isGeometryFlipped
        // The tree as committed: the layer's committed sublayers and mask (model layers, each drawn from its own
        // committed copy). Lists committed at different times can together name a layer twice, or a layer inside
        // itself (each list was cycle-free when committed, the layers moved since): each layer is taken once,
        // where the walk in model order first meets it.
        let (sublayers, mask) = Self.committedChildren(of: layer)
        node.children = sublayers.compactMap { child in
            live.contains(ObjectIdentifier(child)) ? nil : self.node(for: child, ancestorsFlipped: flipped, live: &live)
        }
        node.mask = mask.flatMap { mask in
            live.contains(ObjectIdentifier(mask)) ? nil : self.node(for: mask, ancestorsFlipped: flipped, live: &live)
        }
        return node
    }
}

extension RenderTree.Node {
    /// A layer as it appears at one time: the (possibly animated) copy, its local time for its children, and the
    /// keys animations changed.
    package typealias Frame = (layer: CALayer, localTime: CFTimeInterval, animated: AnimatedRoles)

    /// Keeps the current (old) subtree for every transition `layer` carries that the old snapshot does not, and
    /// forgets sources of transitions that are gone. Runs before the children are refreshed, so they are old too.
    func captureTransitionSources(changingTo layer: CALayer) {
        let transitions = Set(layer.animationEntries.filter { $0.animation is CATransition }.map { ObjectIdentifier($0.animation) })
        transitionSources = transitionSources.filter { transitions.contains($0.key) }
        let known = Set(snapshot.animationEntries.map { ObjectIdentifier($0.animation) })
        let added = transitions.subtracting(known)
        guard !added.isEmpty else { return }
        let before = frozenTree()
        for id in added { transitionSources[id] = before }
    }

    /// The subtree's committed state with no animations: what a transition starts from.
    func frozenTree() -> CALayer {
        let copy = snapshot.engineCopy()
        copy.animationEntries = []
        copy.sublayerStorage = children.map { $0.frozenTree() }
        copy.maskStorage = mask?.frozenTree()
        return copy
    }

    /// The layer as it appears at media time `t` (its ancestors' timing composed into `parentTime`, the local
    /// time of its parent): the snapshot itself when no animation applies, else a frame layer (a copy of the
    /// snapshot reused from frame to frame) with the animated values laid over it. Also answers the layer's own
    /// local time, which its children's animations run in.
    ///
    /// A frame layer is valid until the tree's next frame (``RenderTree/beginFrame()``).
    package func frameLayer(parentTime: CFTimeInterval) -> Frame {
        let local = timing.layerLocalTime(fromParent: parentTime)
        guard !snapshot.animationEntries.isEmpty else { return (snapshot, local, []) }
        let plan: AnimationPlan
        if let built = animationPlan { plan = built } else { plan = AnimationPlan(for: snapshot); animationPlan = plan }
        guard plan.evaluate(localTime: local) > 0 else { return (snapshot, local, []) }
        let layer = nextFrameLayer()
        plan.assign(to: layer)
        layer.frameRasterSignature = plan.rasterSignature(committedRevision: revision, of: snapshot)
        return (layer, local, plan.animatedRoles)
    }

    /// A presentation-like layer tree of this subtree at a time (for the snapshot painter's fallback).
    func frameTree(parentTime: CFTimeInterval) -> CALayer { frameTree(frameLayer(parentTime: parentTime)) }

    /// The same from this node's already evaluated frame.
    func frameTree(_ frame: Frame) -> CALayer {
        let (layer, local, _) = frame
        // (Always a copy: the frame layer may be reused by a later evaluation in this frame.)
        let copy = layer.engineCopy()
        copy.sublayerStorage = children.map { $0.frameTree(parentTime: local) }
        copy.maskStorage = mask?.frameTree(parentTime: local)
        return copy
    }
}

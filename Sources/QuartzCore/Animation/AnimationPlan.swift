/// A layer's animations prepared for evaluation — the one evaluator behind both a render tree's frames and
/// `presentation()`: a slot per animated property holding the value underneath, and an ``AnimationBatch`` that
/// writes the animated values into those slots. Built once per list of animations (a render-tree snapshot, or a
/// model layer's animations as they stand), so an evaluation needs no dictionaries, key lookups or allocation.
///
/// Animation groups are flattened: each group is a *time source* whose time is worked out from its parent's
/// (the layer's local time, or an enclosing group's) by the group's own timing and timing function, and its
/// children are items of the batch reading that time (NaN while the group has no effect: before it begins or
/// after it ends without filling). A keyframe animation that turns along its path (`rotationMode`) is two items:
/// its value, and the tangent's turn laid over the transform slot in the animation's place among the transform's
/// animations (semantics Q15).
final class AnimationPlan {
    /// Slot i's property name, and the value underneath it.
    let properties: [String]
    /// Slot i's direct writer (nil: a dynamic key, written through key-value storage).
    private let writers: [((CALayer, AnimatableValue) -> Bool)?]
    /// Their roles (what a frame reports as animated).
    let animatedRoles: AnimatedRoles
    /// Whether the layer's class redraws its content as one of these keys changes (`needsDisplay(forKey:)`):
    /// each frame then draws the frame layer anew.
    let redrawsContent: Bool
    private let bases: [AnimatableValue]
    /// The slots whose property draws the layer's own pixels (role `.raster`).
    private let rasterSlots: [Int]
    /// Slots whose property is nil underneath, animated over the stand-in `AnimatableValue.unset(as:)` gives.
    private let unsetSlots: [Bool]
    private let batch: AnimationBatch
    /// Groups' timing, parents before children; source 0 (the layer's local time) has none.
    private let groups: [GroupClock]
    // (Unchecked exclusivity: a plan belongs to one render-tree node or one presentation() call, on one thread,
    // and the dynamic checks on these per-frame buffers showed in the frame's profile.)
    /// Each time source's time in the current evaluation (reused).
    @exclusivity(unchecked) private var times: [Double]
    /// The values of the last evaluation (reused each frame).
    @exclusivity(unchecked) private(set) var values: [AnimatableValue]

    /// How a group's children read time: the group's state at its parent's time, eased by its timing function
    /// (q × d, so the group's curve eases every child: semantics §1.8).
    private struct GroupClock {
        let parent: Int
        let timing: TimingSpec
        let timingFunction: CAMediaTimingFunction?

        func time(atParentTime t: Double) -> Double {
            guard !t.isNaN, let state = timing.state(atParentTime: t) else { return .nan }
            guard let curve = timingFunction, !curve.isLinear else { return state.time }
            return curve.evaluate(state.progress) * timing.duration
        }
    }

    /// A plan for `layer`'s animations that have begun (their begin times stamped by a commit).
    init(for layer: CALayer) {
        var slotOf: [String: Int] = [:]
        var properties: [String] = [], bases: [AnimatableValue] = [], unsetSlots: [Bool] = []
        var items: [AnimationBatch.Item] = [], groups: [GroupClock] = []
        func slot(for property: String, kind: ValueKind) -> Int? {
            if let known = slotOf[property] { return known }
            // A property that is nil underneath animates over a stand-in.
            let set = layer.animatableProperty(named: property)?.value(of: layer)
                ?? layer.dynamicValues[property].flatMap({ AnimatableValue($0, as: inferKind($0)) })
            guard let base = set ?? AnimatableValue.unset(as: kind) else { return nil }
            slotOf[property] = properties.count
            properties.append(property); bases.append(base); unsetSlots.append(set == nil)
            return properties.count - 1
        }
        func add(_ compiled: CompiledAnimation, timeSource: Int) {
            switch compiled.body {
            case .transition:
                break
            case .group(let children):
                groups.append(GroupClock(parent: timeSource, timing: compiled.timing, timingFunction: compiled.timingFunction))
                let source = groups.count
                for child in children { add(child, timeSource: source) }
            case .property(let effect):
                guard let target = slot(for: effect.binding.property, kind: effect.binding.kind) else { return }
                items.append(AnimationBatch.Item(compiled, slot: target, timeGroup: timeSource))
                if effect.rotatesAlongPath, let turned = slot(for: "transform", kind: .transform) {
                    items.append(AnimationBatch.Item(compiled, slot: turned, timeGroup: timeSource, turnsAlongPath: true))
                }
            }
        }
        for entry in layer.animationEntries where !entry.pendingBegin {
            if let compiled = entry.compiled { add(compiled, timeSource: 0) }
        }
        self.properties = properties
        writers = properties.map { layer.animatableProperty(named: $0)?.assignAnimated }
        redrawsContent = layer.redrawsContent(forAnimatedKeys: properties)
        animatedRoles = AnimatedRoles(keys: properties, of: layer).union(redrawsContent ? .raster : [])
        let table = type(of: layer).propertyTable
        rasterSlots = properties.indices.filter { table[properties[$0]]?.role == .raster }
        self.bases = bases
        self.unsetSlots = unsetSlots
        self.groups = groups
        times = Array(repeating: 0, count: groups.count + 1)
        values = bases
        batch = AnimationBatch(items)
    }

    /// Whether the plan animates anything.
    var isEmpty: Bool { properties.isEmpty }

    /// Lays the last evaluation's values over `layer` (a copy of the layer the plan was made for). Every slot is
    /// written, so a layer reused from an earlier frame ends up the same as a fresh copy. With `redraw`, a layer
    /// whose class redraws for these keys draws its content again (the frame layers the compositor reads).
    func assign(to layer: CALayer, redraw: Bool = true) {
        layer.suppressesChangeTracking = true
        for i in properties.indices {
            if unsetSlots[i], values[i].isUnsetStandIn {
                // No animation reached this nil property in this evaluation: it stays nil, as in the model.
                layer.apply([.discrete(DiscreteBox(nil))], to: [properties[i]])
                continue
            }
            if let write = writers[i], write(layer, values[i]) { continue }
            layer.apply([values[i]], to: [properties[i]])
        }
        layer.suppressesChangeTracking = false
        if redraw && redrawsContent { layer.display() }
    }

    /// Evaluates every animation at the layer's local time; answers how many had an effect (the animated
    /// values are then in ``values``). `seed` replaces the value underneath one property (an implicit
    /// animation starting from what was on screen before the model changed).
    @discardableResult
    func evaluate(localTime: Double, seed: (property: String, value: AnimatableValue)? = nil) -> Int {
        values.withUnsafeMutableBufferPointer { slots in
            for i in slots.indices { slots[i] = bases[i] }
        }
        if let seed, let i = properties.firstIndex(of: seed.property) { values[i] = seed.value }
        times.withUnsafeMutableBufferPointer { times in
            times[0] = localTime
            for (i, group) in groups.enumerated() { times[i + 1] = group.time(atParentTime: times[group.parent]) }
        }
        return times.withUnsafeBufferPointer { times in batch.evaluate(parentTimes: times, values: &values) }
    }

    /// A signature of the layer's own pixels after the last evaluation, for a layer committed as `revision`: its
    /// animated raster values decide the picture with the committed layer. Nil when no raster property is
    /// animated, or the class redraws its content for these keys (its drawing code may read anything). Cheaper
    /// than reading every raster property of the frame layer back through its property table, which a shape
    /// whose path moves would otherwise do every frame.
    func rasterSignature(committedRevision revision: Int, of layer: CALayer) -> Int? {
        guard !rasterSlots.isEmpty, !redrawsContent else { return nil }
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(type(of: layer)))
        hasher.combine(revision)
        for i in rasterSlots { values[i].combineForSignature(into: &hasher) }
        return hasher.finalize()
    }

    /// The value of `property` in the last evaluation, if the plan animates it (nil also when it is nil and no
    /// animation reached it).
    func value(of property: String) -> AnimatableValue? {
        guard let i = properties.firstIndex(of: property), !(unsetSlots[i] && values[i].isUnsetStandIn) else { return nil }
        return values[i]
    }
}

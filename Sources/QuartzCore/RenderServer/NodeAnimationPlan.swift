/// One render-tree node's animations prepared for the per-frame pass: a slot per animated property holding the
/// snapshot's value underneath, and an ``AnimationBatch`` that writes the animated values into those slots.
/// Built once per snapshot, so a frame evaluates without dictionaries, key lookups or allocation; only the
/// animated layer copy the compositor reads is made per frame.
///
/// Nodes whose animations need more than one slot per animation (groups, `rotationMode`, which also turns the
/// transform) keep the general path (``RenderTree/Node/frameLayer(parentTime:)``).
final class NodeAnimationPlan {
    /// Slot i's property name, and the snapshot's value of it.
    let properties: [String]
    /// Slot i's direct writer (nil: a dynamic key, written through key-value storage).
    private let writers: [((CALayer, AnimatableValue) -> Bool)?]
    /// Their roles (what a frame reports as animated).
    let animatedRoles: AnimatedRoles
    /// Whether the layer's class redraws its content as one of these keys changes (`needsDisplay(forKey:)`):
    /// each frame then draws the frame layer anew.
    let redrawsContent: Bool
    private let bases: [AnimatableValue]
    /// Slots whose property is nil underneath, animated over the stand-in `AnimatableValue.unset(as:)` gives.
    private let unsetSlots: [Bool]
    private let batch: AnimationBatch
    /// The values of the last evaluation (reused each frame).
    private(set) var values: [AnimatableValue]

    /// A plan for `snapshot`'s active animations, or nil when one of them needs the general path.
    init?(for snapshot: CALayer) {
        var slotOf: [String: Int] = [:]
        var properties: [String] = [], bases: [AnimatableValue] = [], unsetSlots: [Bool] = [], items: [AnimationBatch.Item] = []
        for entry in snapshot.animationEntries where !entry.pendingBegin {
            guard let compiled = entry.compiled else { continue }
            switch compiled.body {
            case .transition: continue
            case .group: return nil
            case .property(let effect):
                if effect.rotatesAlongPath { return nil }
                let property = effect.binding.property
                if slotOf[property] == nil {
                    // As the general path does: a property that is nil underneath animates over a stand-in.
                    let set = snapshot.animatableProperty(named: property)?.value(of: snapshot)
                        ?? snapshot.dynamicValues[property].flatMap({ AnimatableValue($0, as: inferKind($0)) })
                    guard let base = set ?? AnimatableValue.unset(as: effect.binding.kind) else { continue }
                    slotOf[property] = properties.count
                    properties.append(property); bases.append(base); unsetSlots.append(set == nil)
                }
                items.append(AnimationBatch.Item(compiled, slot: slotOf[property]!))
            }
        }
        self.properties = properties
        writers = properties.map { snapshot.animatableProperty(named: $0)?.assignAnimated }
        redrawsContent = snapshot.redrawsContent(forAnimatedKeys: properties)
        animatedRoles = AnimatedRoles(keys: properties, of: snapshot).union(redrawsContent ? .raster : [])
        self.bases = bases
        self.unsetSlots = unsetSlots
        values = bases
        batch = AnimationBatch(items)
    }

    /// Lays the last evaluation's values over `layer` (a frame layer copied from the snapshot). Every slot is
    /// written, so a layer reused from an earlier frame ends up the same as a fresh copy.
    func assign(to layer: CALayer) {
        layer.suppressesChangeTracking = true
        for i in properties.indices {
            if unsetSlots[i], values[i].isUnsetStandIn {
                // No animation reached this nil property in this frame: it stays nil, as in the presentation.
                layer.apply([.discrete(DiscreteBox(nil))], to: [properties[i]])
                continue
            }
            if let write = writers[i], write(layer, values[i]) { continue }
            layer.apply([values[i]], to: [properties[i]])
        }
        layer.suppressesChangeTracking = false
        if redrawsContent { layer.display() }
    }

    /// Evaluates every animation at the layer's local time; answers how many had an effect (the animated
    /// values are then in ``values``).
    func evaluate(localTime: Double) -> Int {
        values.withUnsafeMutableBufferPointer { slots in
            for i in slots.indices { slots[i] = bases[i] }
        }
        return withUnsafePointer(to: localTime) { time in
            batch.evaluate(parentTimes: UnsafeBufferPointer(start: time, count: 1), values: &values)
        }
    }
}

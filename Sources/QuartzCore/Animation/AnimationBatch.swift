/// Evaluates many animations per frame — the render tree's per-frame animation pass.
///
/// Animations are ordered once, when the batch is built, by their evaluation path (vector, transform field,
/// general; with or without a timing function…), so consecutive evaluations take the same branches (interleaved
/// kinds mispredict on every item). Animations that
/// share a target slot keep their relative order, since later ones apply on top of earlier ones (semantics §7).
package final class AnimationBatch {
    /// One animation, the slot it writes, and the parent-time group (a layer) it reads its time from.
    package struct Item {
        /// Not reference-counted: the batch keeps every animation alive (`owners`), and skipping the
        /// retain/release per item per frame is measurable.
        package unowned(unsafe) let animation: CompiledAnimation
        package let slot: Int
        package let timeGroup: Int
        /// Lays the turn along the animation's path over the slot (a transform) instead of writing its value.
        package let turnsAlongPath: Bool
        package init(_ animation: CompiledAnimation, slot: Int, timeGroup: Int = 0, turnsAlongPath: Bool = false) {
            self.animation = animation; self.slot = slot; self.timeGroup = timeGroup; self.turnsAlongPath = turnsAlongPath
        }
    }

    /// What the per-frame loop reads: the item's kernel copied inline (contiguous plain data, no reference
    /// counting), or the animation itself for the general path.
    private struct Entry {
        let kernel: FrameKernel?
        unowned(unsafe) let animation: CompiledAnimation
        let slot: Int
        let timeGroup: Int
        let turnsAlongPath: Bool
        init(_ item: Item) {
            kernel = item.turnsAlongPath ? nil : item.animation.kernel; animation = item.animation; slot = item.slot
            timeGroup = item.timeGroup; turnsAlongPath = item.turnsAlongPath
        }
    }

    /// Items whose slot has a single animation, grouped by path; then items on shared slots, in order.
    private let grouped: [Entry]
    private let ordered: [Entry]
    /// Strong references to every item's animation.
    private let owners: [CompiledAnimation]

    package init(_ items: [Item]) {
        var perSlot: [Int: Int] = [:]
        for item in items { perSlot[item.slot, default: 0] += 1 }
        let (single, shared) = items.reduce(into: ([Item](), [Item]())) { acc, item in
            if perSlot[item.slot] == 1 { acc.0.append(item) } else { acc.1.append(item) }
        }
        grouped = single.enumerated()
            .sorted { (Self.path(of: $0.element), $0.offset) < (Self.path(of: $1.element), $1.offset) }
            .map { Entry($0.element) }
        ordered = shared.map(Entry.init)
        owners = items.map(\.animation)
    }

    package var count: Int { grouped.count + ordered.count }

    private static func path(of item: Item) -> Int { item.turnsAlongPath ? 98 : item.animation.evaluationPath }

    /// Applies every animation at its group's parent time to `values[slot]` (which hold the values underneath
    /// on entry); a NaN time (an animation group with no effect then) skips its animations. Answers how many had
    /// an effect.
    @discardableResult
    package func evaluate(parentTimes: UnsafeBufferPointer<Double>, values: inout [AnimatableValue]) -> Int {
        values.withUnsafeMutableBufferPointer { slots in
            Self.run(grouped, parentTimes, slots) + Self.run(ordered, parentTimes, slots)
        }
    }

    @inline(__always)
    private static func run(_ list: [Entry], _ parentTimes: UnsafeBufferPointer<Double>,
                            _ slots: UnsafeMutableBufferPointer<AnimatableValue>) -> Int {
        list.withUnsafeBufferPointer { entries in
            var applied = 0
            for i in entries.indices {
                let time = parentTimes[entries[i].timeGroup], slot = entries[i].slot
                if time.isNaN { continue }
                let hit = if let kernel = entries[i].kernel {
                    kernel.apply(atParentTime: time, to: &slots[slot])
                } else if entries[i].turnsAlongPath {
                    entries[i].animation.turnAlongPath(atParentTime: time, to: &slots[slot])
                } else {
                    entries[i].animation.apply(atParentTime: time, to: &slots[slot])
                }
                if hit { applied += 1 }
            }
            return applied
        }
    }
}

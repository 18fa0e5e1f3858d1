/// Batches layer-tree changes into atomic updates (semantics §6.1).
///
/// Each thread has a stack of transactions. Changing a layer with none open starts an *implicit* transaction,
/// committed by ``flush()`` or when the thread's run loop next turns. Values set with
/// ``setValue(_:forKey:)`` are scoped: reads find the innermost transaction that set the key. The outermost
/// commit lays out and displays the layers that need it, stamps `beginTime` on animations added with
/// `beginTime == 0`, records each changed layer's committed state (the copy renderers draw from) and hands
/// completion blocks to the event dispatcher.
public final class CATransaction: @unchecked Sendable {
    /// One open transaction.
    final class Scope {
        var values: [String: Any] = [:]
        /// `kCATransactionDisableActions`, kept apart from `values`: set and read at almost every commit (a
        /// player scrubbing sets it every frame), where a dictionary entry cost a string's hash and a box each time.
        var disablesActions: Bool?
        let isImplicit: Bool
        /// Layers changed in this scope's lifetime (shared by nesting: the outermost commits them).
        var layers = LayerRegistry<CALayer>()
        /// Completion blocks with the animations added after each was set.
        var completions: [TransactionCompletion] = []
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// The per-thread stack.
    final class Stack {
        var scopes: [Scope] = []
        /// The alarm that commits at this thread's run loop's next turn (made on the first implicit transaction).
        var commitAlarm: RunLoopAlarm?
        /// Whether the alarm is set.
        var commitScheduled = false
        /// (Released only as the thread exits: see ``RunLoopAlarm/abandon()``.)
        deinit { commitAlarm?.abandon() }
        /// Set while the outermost transaction lays out and displays before committing: a `flush()` from layout or
        /// drawing code then does nothing (the commit under way takes those changes).
        var isLayingOut = false
    }

    private static let stacks = ThreadLocalObject { Stack() }

    static var stack: Stack { stacks.value }

    /// The innermost open transaction, opening an implicit one if none is.
    static var current: Scope {
        if let top = stack.scopes.last { return top }
        let implicit = Scope(isImplicit: true)
        stack.scopes.append(implicit)
        // What the run-loop observer does on Apple platforms: commit when this thread's run loop next turns, whether
        // it runs now or starts later ("committed automatically when the thread's run loop next iterates"). One
        // commit waits per thread, so a thread whose loop never runs holds one timer, not one per transaction.
        // (A timer due at once, not `perform`: on Linux a timer added from inside a block run by `perform` never
        // fires, and commits add the event pump's.)
        let s = stack
        if !s.commitScheduled {
            let alarm = s.commitAlarm ?? RunLoopAlarm(on: .current) { _ in
                let stack = CATransaction.stack
                stack.commitScheduled = false
                stack.commitAlarm?.clear()
                CATransaction.commitImplicit()
            }
            s.commitAlarm = alarm
            s.commitScheduled = true
            alarm.set(Date())
        }
        return implicit
    }

    /// Opens an explicit transaction.
    public class func begin() { stack.scopes.append(Scope(isImplicit: false)) }

    /// Commits the innermost explicit transaction. Its changes join the enclosing transaction if there is one;
    /// the outermost commit applies them. Unbalanced calls are ignored.
    public class func commit() {
        let s = stack
        guard let index = s.scopes.lastIndex(where: { !$0.isImplicit }) else { return }
        // An unbalanced commit from layout or drawing code would commit the transaction already committing.
        guard !(s.isLayingOut && s.scopes.count == 1) else { return }
        // The outermost commit lays its layers out first, while its scope is current (layout's changes join it).
        if s.scopes.count == 1 { layOut(s.scopes[index]) }
        let scope = s.scopes.remove(at: index)
        if let outer = s.scopes.last {
            for layer in scope.layers.entries { outer.register(layer) }
            outer.completions += scope.completions
        } else {
            apply(scope)
        }
    }

    /// Commits the implicit transaction, if one is open and no explicit one is (then it waits for them).
    public class func flush() { commitImplicit() }

    static func commitImplicit() {
        let s = stack
        guard !s.isLayingOut, let first = s.scopes.first, first.isImplicit, s.scopes.count == 1 else { return }
        layOut(first)
        s.scopes.removeAll()
        // Committed now: the commit waiting for the run loop's turn has nothing left to do.
        if s.commitScheduled { s.commitAlarm?.clear(); s.commitScheduled = false }
        apply(first)
    }

    /// Lays out and then displays the transaction's layers that need it before it commits, as Core Animation
    /// does: the installed ``LayoutPasses`` (UIKit's constraint updates), then each flagged layer's
    /// `layoutSublayers` (a view's `layoutSubviews`), shallower layers first, with
    /// further rounds for layers that layout flags (by resizing them), up to a bound that stops a layout loop;
    /// then `displayIfNeeded` for each layer marked by `setNeedsDisplay` (its `draw(in:)` or its delegate's).
    private static func layOut(_ scope: Scope) {
        let s = stack
        s.isLayingOut = true
        defer { s.isLayingOut = false }
        defer {
            var i = 0
            // (Drawing may mark more layers; the registry only grows, so walking it by index sees them too.)
            while i < scope.layers.entries.count {
                let layer = scope.layers.entries[i]
                if layer.needsDisplayFlag { layer.displayIfNeeded() }
                i += 1
            }
        }
        for _ in 0..<32 {
            var flagged = scope.layers.entries.filter(\.needsLayoutFlag)
            guard !flagged.isEmpty else { return }
            // Higher layers' passes first (UIKit's constraint updates); they may flag more layers.
            if LayoutPasses.run(over: flagged) { flagged = scope.layers.entries.filter(\.needsLayoutFlag) }
            // (Each flagged layer alone: `layoutIfNeeded` would also walk every sublayer of a big tree's root.)
            for layer in flagged.map({ ($0, $0.depth) }).sorted(by: { $0.1 < $1.1 }).map(\.0)
            where layer.needsLayoutFlag && !layer.isLayingOut {
                layer.runLayout()
            }
        }
    }

    /// Applies a committed transaction's changes.
    private static func apply(_ scope: Scope) {
        let clock = CAMediaClock.current
        let now = clock.currentTime
        for layer in scope.layers.entries {
            layer.commitPendingAnimations(mediaTime: now)
            // The clock that stamps an animation's begin time delivers its events. (Tracked when added, a layer
            // animated under one clock and committed under another was visited by the first clock's passes,
            // at that clock's time — which removed animations the second had only just started, from whichever
            // thread pumped the first.)
            if layer.awaitsEventTracking {
                layer.awaitsEventTracking = false
                clock.events.track(layer)
            }
            layer.hasBeenCommitted = true
            layer.recordCommittedState()
        }
        CommitLog.publish(scope.layers.entries)
        clock.events.schedule(scope.completions)
        // Animation events and completion blocks are then delivered by the committing thread's run loop.
        RunLoopEventPump.start(for: clock)
    }

    // MARK: Scoped values

    /// The value set for `key` by the innermost transaction that set it.
    public class func value(forKey key: String) -> Any? {
        if key == kCATransactionDisableActions { return disablesActionsNow }
        for scope in stack.scopes.reversed() { if let v = scope.values[key] { return v } }
        return nil
    }

    /// Sets `key` on the innermost transaction (opening an implicit one if needed).
    public class func setValue(_ value: Any?, forKey key: String) {
        if key == kCATransactionDisableActions {
            // (A value that is not a Boolean reads as false, as `disableActions()` always read it.)
            current.disablesActions = value.map { ($0 as? Bool) ?? false }
            return
        }
        current.values[key] = value
    }

    /// The innermost `kCATransactionDisableActions` set, if any.
    private static var disablesActionsNow: Bool? {
        for scope in stack.scopes.reversed() {
            if let v = scope.disablesActions { return v }
        }
        return nil
    }

    /// Duration of implicit animations; 0.25 unless set.
    public class func animationDuration() -> CFTimeInterval { anyToDouble(value(forKey: kCATransactionAnimationDuration)) ?? 0.25 }
    /// The duration of implicit animations in this transaction (0.25 s otherwise).
    public class func setAnimationDuration(_ duration: CFTimeInterval) { setValue(duration, forKey: kCATransactionAnimationDuration) }

    /// Timing function given to animations added in the transaction; nil unless set.
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }
    /// The timing of implicit animations in this transaction.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their actions (implicit animations).
    public class func disableActions() -> Bool { disablesActionsNow ?? false }
    /// Whether changes in this transaction skip their implicit animations.
    public class func setDisableActions(_ flag: Bool) { current.disablesActions = flag }

    /// The block run once every animation added in this transaction after it was set has finished or been
    /// removed — on a later turn, never during the commit (semantics §6.1). Setting another block keeps both.
    public class func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }
    /// A block run once every animation added in this transaction has finished or been removed.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        let scope = current
        scope.values[kCATransactionCompletionBlock] = block
        if let block {
            // The outermost scope owns the completion; nested scopes hand theirs outward at commit.
            scope.completions.append(TransactionCompletion(block: block))
        }
    }

    /// A recursive lock around layer-tree changes from several threads.
    private static let treeLock = NSRecursiveLock()
    /// Takes the lock guarding layer trees across threads.
    public class func lock() { treeLock.lock() }
    /// Releases the lock guarding layer trees.
    public class func unlock() { treeLock.unlock() }
}

/// The transaction value key of the animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction value key of disabling actions.
public let kCATransactionDisableActions = "disableActions"
/// The transaction value key of the timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction value key of the completion block.
public let kCATransactionCompletionBlock = "completionBlock"

extension CATransaction.Scope {
    /// Includes `layer` in the transaction.
    func register(_ layer: CALayer) { layers.insert(layer, for: ObjectIdentifier(layer)) }

    /// Tells completion blocks set so far that `animation` was added (they wait for it).
    func animationAdded(_ animation: CAAnimation) {
        for completion in completions { completion.waitFor(animation) }
    }
}

/// A transaction's completion block and the animations it waits for.
final class TransactionCompletion: @unchecked Sendable {
    let block: () -> Void
    private(set) var pending: [ObjectIdentifier: CAAnimation] = [:]
    /// The thread that set it: only that thread's event passes run it (see AnimationEventDispatcher).
    let owner = OwningThread()
    init(block: @escaping () -> Void) { self.block = block }
    func waitFor(_ animation: CAAnimation) { pending[ObjectIdentifier(animation)] = animation }
    func animationEnded(_ animation: CAAnimation) { pending[ObjectIdentifier(animation)] = nil }
    var isReady: Bool { pending.isEmpty }
}

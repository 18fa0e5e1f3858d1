/// An animation attached to a layer: the caller's object copied, its key, and its compiled form.
struct AnimationEntry {
    let key: String
    let animation: CAAnimation
    /// Nil when the key path does not resolve (the animation is kept but has no effect).
    var compiled: CompiledAnimation?
    /// Waiting for the commit to stamp its begin time.
    var pendingBegin: Bool
    var didStart = false
    /// A finished animation kept on the layer (`isRemovedOnCompletion` false) is reported stopped once.
    var reportedStop = false
    /// Whether anything hears of the animation's end besides a transaction's completion: it is removed when it
    /// ends, or has a delegate. (Read from the copy the layer holds, which nothing changes once added — Apple's
    /// are read-only — once, instead of at every frame's event pass.)
    let endIsNoticed: Bool

    init(key: String, animation: CAAnimation, compiled: CompiledAnimation?, pendingBegin: Bool) {
        self.key = key; self.animation = animation; self.compiled = compiled; self.pendingBegin = pendingBegin
        endIsNoticed = animation.isRemovedOnCompletion || animation.delegate != nil
    }
}

extension CALayer {
    /// The work of `add` (declared in the class, so subclasses can override it).
    func addImplementation(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy, let copy = anim.copy() as? CAAnimation else { return }
        if copy.duration <= 0 || !copy.duration.isFinite && !(copy.duration == .infinity) {
            copy.duration = CATransaction.animationDuration()
        }
        if copy.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        // A transition is always stored under "transition", whatever the caller's key: a layer has at most one.
        let entryKey = copy is CATransition ? kCATransition
            : key ?? "\(CALayer.internalKeyPrefix)unkeyed.\(UInt(bitPattern: ObjectIdentifier(copy).hashValue))"
        if let existing = animationEntries.firstIndex(where: { $0.key == entryKey }) {
            let old = animationEntries.remove(at: existing)
            CAMediaClock.current.events.animationEnded(old.animation, finished: false)
        }
        let compiled = CompiledAnimation(copy, for: self)?.slowed(by: CAMediaClock.current.slowAnimationsFactor)
        animationEntries.append(AnimationEntry(key: entryKey, animation: copy, compiled: compiled, pendingBegin: copy.beginTime == 0))
        forwardToNamedSublayer(copy, key: entryKey)
        markChanged()
        CATransaction.noteAnimationAdded(copy)
        // (Its events are delivered by the clock of the commit that starts it, not the one in effect now: see
        // `CATransaction.apply`.)
        awaitsEventTracking = true
    }

    /// The work of `animation` (declared in the class, so subclasses can override it).
    func animationImplementation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The work of `animationKeys` (declared in the class, so subclasses can override it).
    func animationKeysImplementation() -> [String]? {
        let keys = animationEntries.filter { !$0.key.hasPrefix(CALayer.internalKeyPrefix) }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The work of `removeAnimation` (declared in the class, so subclasses can override it).
    func removeAnimationImplementation(forKey key: String) {
        guard let i = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let entry = animationEntries.remove(at: i)
        removeForwarded(entry)
        markChanged()
        CAMediaClock.current.events.animationEnded(entry.animation, finished: false)
    }

    /// The work of `removeAllAnimations` (declared in the class, so subclasses can override it).
    func removeAllAnimationsImplementation() {
        let removed = animationEntries
        animationEntries.removeAll()
        removed.forEach(removeForwarded)
        if !removed.isEmpty { markChanged() }
        for entry in removed { CAMediaClock.current.events.animationEnded(entry.animation, finished: false) }
    }

    /// Keys Calyx uses for its own bookkeeping; `animationKeys()` leaves them out.
    static let internalKeyPrefix = "calyx."

    /// An animation whose key path is `sublayers.<name>.<rest>` also drives `<rest>` of the named sublayer: a
    /// linked copy is attached there (the parent keeps the original, so it lists and removes it).
    private func forwardToNamedSublayer(_ animation: CAAnimation, key: String) {
        guard let property = animation as? CAPropertyAnimation, let path = property.keyPath,
              let (child, rest) = namedSublayer(in: path), let forwarded = property.copy() as? CAPropertyAnimation else { return }
        forwarded.keyPath = rest
        forwarded.delegate = nil  // the parent's copy reports
        child.add(forwarded, forKey: "\(CALayer.internalKeyPrefix)forwarded.\(key)")
    }

    private func removeForwarded(_ entry: AnimationEntry) {
        guard let path = (entry.animation as? CAPropertyAnimation)?.keyPath, let (child, _) = namedSublayer(in: path) else { return }
        child.animationEntries.removeAll { $0.key == "\(CALayer.internalKeyPrefix)forwarded.\(entry.key)" }
    }

    /// Stamps `beginTime` on animations added with 0: the layer's local time now (semantics §1.6).
    func commitPendingAnimations(mediaTime: CFTimeInterval) {
        guard animationEntries.contains(where: \.pendingBegin) else { return }
        let local = localTime(forMediaTime: mediaTime)
        revision &+= 1
        for i in animationEntries.indices where animationEntries[i].pendingBegin {
            animationEntries[i].animation.beginTime = local
            animationEntries[i].compiled = animationEntries[i].compiled?.withBeginTime(local)
            animationEntries[i].pendingBegin = false
        }
    }
}

extension CATransaction {
    /// Completion blocks already set in open transactions wait for this animation.
    static func noteAnimationAdded(_ animation: CAAnimation) {
        for scope in stack.scopes { scope.animationAdded(animation) }
    }
}

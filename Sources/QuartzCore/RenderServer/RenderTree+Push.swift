/// Tells every render tree which layers each commit took, so a tree's next sync visits those alone.
///
/// Commits happen on whichever thread owns a layer tree; a render tree may belong to another thread (a render
/// server's) or to another tree entirely. The log therefore hands over identities only: a render tree acts on
/// the ones it holds nodes for, reaching the model through its own snapshot's `modelSource`.
final class CommitLog: @unchecked Sendable {
    static let shared = CommitLog()
    private let lock = NSLock()
    private var subscribers: [ObjectIdentifier: WeakCommittedLayers] = [:]
    private struct WeakCommittedLayers { weak var layers: CommittedLayers? }

    func subscribe(_ tree: RenderTree) {
        let layers = tree.committedSinceSync
        lock.withLock {
            subscribers[ObjectIdentifier(layers)] = WeakCommittedLayers(layers: layers)
            // (Drop trees that are gone, now and then, so the table stays the size of the live ones.)
            if subscribers.count > 64, subscribers.count.isMultiple(of: 64) { subscribers = subscribers.filter { $0.value.layers != nil } }
        }
    }

    /// After `layers` took new committed copies (on the committing thread): render trees learn what changed,
    /// and render servers drawing these layers' trees take it up now (the push of Apple's commit).
    static func publish(_ layers: [CALayer]) {
        shared.record(layers)
        CARenderServerRegistry.shared.didCommit(layers)
    }

    /// Hands `layers` to every render tree.
    func record(_ layers: [CALayer]) {
        guard !layers.isEmpty else { return }
        let ids = layers.map(ObjectIdentifier.init)
        let targets = lock.withLock { subscribers.values.compactMap(\.layers) }
        for target in targets { target.append(ids) }
    }
}

/// The layers committed since a render tree last synced (or "too many: walk everything").
final class CommittedLayers: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [ObjectIdentifier] = []
    private var overflowed = true   // a new tree walks everything first

    /// Beyond this many, a whole walk is cheaper than looking each up (and memory stays bounded).
    static let limit = 8192

    func append(_ more: [ObjectIdentifier]) {
        lock.withLock {
            guard !overflowed else { return }
            if ids.count + more.count > Self.limit { overflowed = true; ids = [] } else { ids += more }
        }
    }

    /// The layers committed since the last call, or nil when they were too many to list.
    func take() -> [ObjectIdentifier]? {
        lock.withLock {
            defer { ids = []; overflowed = false }
            return overflowed ? nil : ids
        }
    }
}

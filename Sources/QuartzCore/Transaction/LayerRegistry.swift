/// Layers in the order they were first added, each once. Transactions commit and the event dispatcher visits
/// layers in this order, so what is observable (commit order, delegate callbacks) never depends on the
/// iteration order of a hash table, which Swift seeds differently in every process.
struct LayerRegistry<Entry> {
    private(set) var entries: [Entry] = []
    private var positions: [ObjectIdentifier: Int] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// Adds `entry` for `id`; an entry already there for `id` stays, unless `isStale` says it no longer stands
    /// for a live object (an identifier can be reused once its object is gone), in which case it is replaced.
    mutating func insert(_ entry: Entry, for id: ObjectIdentifier, isStale: (Entry) -> Bool = { _ in false }) {
        if let i = positions[id] {
            if isStale(entries[i]) { entries[i] = entry }
            return
        }
        positions[id] = entries.count
        entries.append(entry)
    }

    /// Drops the entries `drop` answers true for, keeping the others in order.
    mutating func removeAll(where drop: (Entry) -> Bool, id: (Entry) -> ObjectIdentifier) {
        // (Asked at every event pass, which usually drops nothing: the positions are rebuilt only when it did.)
        guard entries.contains(where: drop) else { return }
        entries.removeAll(where: drop)
        positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { (id($0.element), $0.offset) })
    }
}

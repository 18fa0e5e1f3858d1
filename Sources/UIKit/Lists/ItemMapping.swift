import Foundation

/// Where the rows (or items) of a list went in one batch of changes, by UIKit's rule for batch updates:
/// deletions and reloads name positions before the batch, insertions positions after it, moves from before to
/// after; every other row keeps its order, filling the positions left over. Shared by tables and collection
/// views.
struct ItemMapping {
    /// Each surviving row's new position, by its old one.
    var survivors: [IndexPath: IndexPath] = [:]
    /// Each new position's old one, for the rows that survived.
    var origins: [IndexPath: IndexPath] = [:]

    /// The mapping, or nil when the counts do not add up (sections added or removed, or rows missing), where
    /// UIKit raises.
    init?(oldCounts: [Int], newCounts: [Int], deleted: Set<IndexPath>, inserted: Set<IndexPath>, moved: [(from: IndexPath, to: IndexPath)]) {
        guard oldCounts.count == newCounts.count else { return nil }
        let movedFrom = Set(moved.map(\.from)), movedTo = Set(moved.map(\.to))
        for move in moved { survivors[move.from] = move.to; origins[move.to] = move.from }
        for s in 0..<oldCounts.count {
            let kept = (0..<oldCounts[s]).map { IndexPath(row: $0, section: s) }.filter { !deleted.contains($0) && !movedFrom.contains($0) }
            let fresh = (0..<newCounts[s]).map { IndexPath(row: $0, section: s) }.filter { !inserted.contains($0) && !movedTo.contains($0) }
            guard kept.count == fresh.count else { return nil }
            for (from, to) in zip(kept, fresh) { survivors[from] = to; origins[to] = from }
        }
    }

    /// A mapping given outright (a diffable data source's, from item identities).
    init(survivors: [IndexPath: IndexPath]) {
        self.survivors = survivors
        for (from, to) in survivors { origins[to] = from }
    }
}

import Foundation

/// Passes that run before each round of a commit's layout: the seam a higher layer plugs into to do its own work
/// ahead of `layoutSublayers` — UIKit updates constraints there, and a constraint solver turns them into frames —
/// without Core Animation knowing about either.
///
/// A pass receives the layers flagged for layout in that round and may flag more (or clear flags); layout then
/// runs for whatever is flagged. Passes run in the order they were added, on the committing thread.
package enum LayoutPasses {
    package typealias Pass = @Sendable (_ flagged: [CALayer]) -> Void

    // (NSLock rather than Mutex: ThreadSanitizer follows pthread locks.)
    private static let lock = NSLock()
    nonisolated(unsafe) private static var passes: [(name: String, pass: Pass)] = []

    /// Adds `pass` under `name`; adding a name again replaces that pass (installing twice is harmless).
    package static func install(_ name: String, _ pass: @escaping Pass) {
        lock.lock()
        defer { lock.unlock() }
        if let i = passes.firstIndex(where: { $0.name == name }) { passes[i].pass = pass } else { passes.append((name, pass)) }
    }

    /// The passes installed now (a copy: a pass may install another while they run).
    static var installed: [Pass] {
        lock.lock()
        defer { lock.unlock() }
        return passes.map(\.pass)
    }

    /// Runs every pass over `flagged`; answers whether there were any.
    static func run(over flagged: [CALayer]) -> Bool {
        let passes = installed
        for pass in passes { pass(flagged) }
        return !passes.isEmpty
    }
}

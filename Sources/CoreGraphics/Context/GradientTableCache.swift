import Synchronization

/// The colour tables of the gradients painted most recently, by what they show (stops and global alpha), not by
/// gradient object: a layer that redraws a gradient every frame (a moving Lottie highlight) makes a new
/// `CGGradient` of the same stops each time, and building a table of 2,049 colours was a twentieth of its frame.
/// Shared by every thread that paints; a handful of tables (8 KiB each) at most.
enum GradientTableCache {
    private struct Entry { let stops: [CGFloat]; let alpha: Double; let table: [UInt32] }
    private static let recent = Mutex<[Entry]>([])
    /// How many tables are kept (the least recently used goes first).
    static let capacity = 8

    /// The table of `gradient`'s colours at `alpha` with `entries` colours, from the cache or built by `build`.
    static func table(of gradient: CGGradient, entries: Int, alpha: Double, build: () -> [UInt32]) -> [UInt32] {
        var key: [CGFloat] = []
        key.reserveCapacity(gradient.stops.count * 5 + 1)
        key.append(CGFloat(entries))
        for stop in gradient.stops { key += [stop.location, stop.color.r, stop.color.g, stop.color.b, stop.color.a] }
        let found: [UInt32]? = recent.withLock { list in
            guard let i = list.firstIndex(where: { $0.alpha == alpha && $0.stops == key }) else { return nil }
            let entry = list.remove(at: i)
            list.append(entry)
            return entry.table
        }
        if let found { return found }
        let table = build()
        recent.withLock { list in
            if list.count >= capacity { list.removeFirst() }
            list.append(Entry(stops: key, alpha: alpha, table: table))
        }
        return table
    }
}

import Foundation

/// Threads of their own for drawing tiles, one per core: Dispatch's pool is shared with Swift concurrency, whose
/// tasks may hold every thread it has while they wait (a test waiting for tiles did), and tiles must still be
/// drawn several at once.
final class TileWorkers: @unchecked Sendable {
    static let shared = TileWorkers(count: max(ProcessInfo.processInfo.activeProcessorCount, 2))
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init(count: Int) {
        for i in 0..<count {
            let thread = Thread { [unowned self] in loop() }
            thread.name = "calyx.tiles.\(i)"
            thread.start()
        }
    }

    func run(_ job: @escaping () -> Void) {
        condition.lock(); jobs.append(job); condition.signal(); condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}

/// The tiles of one `CATiledLayer`: those drawn, those being drawn on background threads, and those asked for.
///
/// The render thread asks for the tiles a frame shows (`tile(_:)`, `request(_:)`); workers on a concurrent queue
/// draw them through the model layer's `draw(in:)`, at most one per core at a time, newest requests first. Drawn
/// tiles are kept within `budgetBytes`: beyond it the least recently shown go, but never one the current frame
/// shows. Everything here is behind one lock.
package final class TileCache: @unchecked Sendable {
    /// One tile: the level (a power of two over `contentsScale`), its column and its row.
    package struct Key: Hashable, Sendable {
        package let level: Int, column: Int, row: Int
    }

    /// Where the tiles lie: what a tile's pixels mean. When it changes every tile is dropped.
    struct Geometry: Equatable {
        let origin: CGPoint
        let contentsScale: CGFloat
        let tileWidth: Int, tileHeight: Int
        let flipped: Bool

        /// Pixels per point at `level`.
        func scale(_ level: Int) -> CGFloat { contentsScale * pow(2, CGFloat(level)) }
        /// The tile's rectangle in the layer's coordinates.
        func rect(of key: Key) -> CGRect {
            let s = scale(key.level)
            let w = CGFloat(tileWidth) / s, h = CGFloat(tileHeight) / s
            return CGRect(x: origin.x + CGFloat(key.column) * w, y: origin.y + CGFloat(key.row) * h, width: w, height: h)
        }
    }

    struct Tile {
        let image: PixelBuffer
        /// The media time of the first frame that showed it (where its fade-in starts).
        var firstShown: CFTimeInterval?
        var lastFrame: Int
    }

    /// The model layer, which draws the tiles.
    weak var owner: CATiledLayer?

    private let lock = NSLock()
    private var tiles: [Key: Tile] = [:]
    private var inFlight = Set<Key>()
    private var pending: [Key] = []
    private var geometry: Geometry?
    /// The layer's bounds as the render thread last saw them (tiles are drawn clipped to them; the model's own
    /// bounds belong to the thread that edits it).
    private var bounds = CGRect.zero
    /// Bumped by every invalidation: a tile drawn for an older generation is dropped when it arrives.
    private var generation = 0
    private var frame = 0
    private var workers = 0

    /// The memory the drawn tiles may use (default 64 MiB).
    package var budgetBytes = 64 << 20
    /// Bytes the drawn tiles use now, and the most they used.
    package private(set) var bytes = 0
    package private(set) var peakBytes = 0
    /// How many tiles have been drawn in all.
    package private(set) var tilesDrawn = 0
    /// How often each tile was drawn, kept only when `keepsDrawCounts` is set (for tests: a cached tile is never
    /// drawn again). Off by default: a layer scrolled for hours would otherwise remember every tile it ever drew.
    package private(set) var drawCounts: [Key: Int] = [:]
    package var keepsDrawCounts = false
    /// Workers drawing at once (default: one per core).
    package var maximumWorkers = max(ProcessInfo.processInfo.activeProcessorCount, 1)


    // MARK: The render thread's side

    /// Starts a frame whose tiles lie as `geometry` says (a different geometry drops every tile) in a layer of
    /// `bounds`.
    func beginFrame(_ geometry: Geometry, bounds: CGRect) {
        lock.lock(); defer { lock.unlock() }
        frame += 1
        self.bounds = bounds
        if self.geometry != geometry {
            self.geometry = geometry
            dropAll()
        }
    }

    /// The drawn tile, marked as shown in this frame at media time `t`.
    func tile(_ key: Key, shownAt t: CFTimeInterval) -> Tile? {
        lock.lock(); defer { lock.unlock() }
        guard var tile = tiles[key] else { return nil }
        if tile.firstShown == nil { tile.firstShown = t }
        tile.lastFrame = frame
        tiles[key] = tile
        return tile
    }

    /// Asks for `keys` (most wanted first), replacing the earlier asks that are not being drawn yet.
    func request(_ keys: [Key]) {
        lock.lock()
        pending = keys.filter { tiles[$0] == nil && !inFlight.contains($0) }
        let start = min(max(maximumWorkers - workers, 0), pending.count)
        workers += start
        lock.unlock()
        for _ in 0..<start { TileWorkers.shared.run { [self] in work() } }
    }

    /// Whether frames must keep coming: tiles asked for or being drawn, or fading in at media time `t`.
    func isChanging(at t: CFTimeInterval, fadeDuration: CFTimeInterval) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if !pending.isEmpty || !inFlight.isEmpty { return true }
        guard fadeDuration > 0 else { return false }
        return tiles.values.contains { tile in tile.firstShown.map { t - $0 < fadeDuration } ?? false }
    }

    // MARK: Invalidation

    /// Drops every tile (nil) or those meeting `rect`, at every level.
    func invalidate(_ rect: CGRect?) {
        lock.lock(); defer { lock.unlock() }
        generation += 1
        guard let rect, let geometry, rect.isFiniteValue else { dropAll(); return }
        for key in tiles.keys where geometry.rect(of: key).intersects(rect) { drop(key) }
        pending.removeAll { geometry.rect(of: $0).intersects(rect) }
    }

    private func dropAll() {
        tiles.removeAll()
        pending.removeAll()
        bytes = 0
        generation += 1
    }

    private func drop(_ key: Key) {
        if let tile = tiles.removeValue(forKey: key) { bytes -= tile.image.bytesPerRow * tile.image.height }
    }

    // MARK: Drawing, on the workers

    private func work() {
        while true {
            lock.lock()
            guard let key = pending.first, let geometry else { workers -= 1; lock.unlock(); return }
            pending.removeFirst()
            inFlight.insert(key)
            let drawnFor = generation, clip = bounds
            lock.unlock()
            let image = draw(key, geometry, clippedTo: clip)
            lock.lock()
            inFlight.remove(key)
            if let image, drawnFor == generation, geometry == self.geometry {
                tilesDrawn += 1
                if keepsDrawCounts { drawCounts[key, default: 0] += 1 }
                tiles[key] = Tile(image: image, firstShown: nil, lastFrame: frame)
                bytes += image.bytesPerRow * image.height
                evict()
                peakBytes = max(peakBytes, bytes)
            }
            lock.unlock()
        }
    }

    /// Evicts the least recently shown tiles not shown in the current frame until the tiles fit the budget.
    private func evict() {
        guard bytes > budgetBytes else { return }
        let candidates = tiles.filter { $0.value.lastFrame < frame }.sorted { $0.value.lastFrame < $1.value.lastFrame }
        for (key, _) in candidates where bytes > budgetBytes { drop(key) }
    }

    /// One tile drawn by the model layer, its context clipped and transformed to the tile at its level.
    private func draw(_ key: Key, _ geometry: Geometry, clippedTo bounds: CGRect) -> PixelBuffer? {
        guard let layer = owner,
              let ctx = CGContext.canonicalBitmap(width: geometry.tileWidth, height: geometry.tileHeight) else { return nil }
        let rect = geometry.rect(of: key)
        let s = geometry.scale(key.level)
        // Pixel row 0 is the tile's minimum y, as for every raster the compositor places.
        ctx.translateBy(x: 0, y: CGFloat(geometry.tileHeight))
        ctx.scaleBy(x: s, y: -s)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        if !geometry.flipped {
            // Content drawn y-up (a layer whose contents are not flipped) is turned over within the tile.
            ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.clip(to: rect.intersection(bounds))
        layer.draw(in: ctx)
        return ctx.makeImage()?.pixels
    }

    // MARK: For tests and benchmarks

    /// Waits until nothing is asked for or being drawn; false when `timeout` passes first.
    package func waitUntilIdle(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let idle = pending.isEmpty && inFlight.isEmpty && workers == 0
            lock.unlock()
            if idle { return true }
            usleep(500)
        }
        return false
    }

    /// How many tiles are drawn and kept.
    package var tileCount: Int { lock.lock(); defer { lock.unlock() }; return tiles.count }
}

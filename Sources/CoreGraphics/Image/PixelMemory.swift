import Foundation

/// Memory for large pixel buffers, recycled: a compositor draws shapes that change every frame into fresh
/// rasters, and each one freed and allocated again came back from the system as new zeroed pages, one page
/// fault per 4 KiB (a tenth of such a frame). Freed blocks of 64 KiB or more wait here, up to 16 MiB in all, for
/// the next buffer of their size class; a class is a quarter of a power of two wide, so a shape whose box grows
/// or shrinks a little from frame to frame still finds its block.
enum PixelMemory {
    /// Blocks smaller than this come from and go back to the allocator (which keeps them without faults).
    static let smallestRecycled = 64 * 1024
    /// The most bytes the free blocks may hold.
    static let limit = 16 * 1024 * 1024
    static let alignment = 64

    /// The free blocks, under their lock (any thread frees pixel buffers).
    private final class Pool: @unchecked Sendable {
        let lock = NSLock()
        /// Free blocks (their addresses) by capacity.
        var free: [Int: [UInt]] = [:]
        var bytes = 0
    }
    private static let pool = Pool()

    /// The bytes the free blocks hold now.
    static var pooledBytes: Int { pool.lock.withLock { pool.bytes } }

    /// The capacity a request of `byteCount` bytes is given: at least `byteCount`, rounded up to its class.
    static func capacity(for byteCount: Int) -> Int {
        guard byteCount >= smallestRecycled else { return max(byteCount, 1) }
        let quarter = (1 << (Int.bitWidth - 1 - byteCount.leadingZeroBitCount)) / 4
        return (byteCount + quarter - 1) / quarter * quarter
    }

    /// A block of at least `byteCount` bytes (its contents undefined) and its capacity, to give back with
    /// `recycle(_:capacity:)`.
    static func take(_ byteCount: Int) -> (block: UnsafeMutableRawPointer, capacity: Int) {
        let capacity = capacity(for: byteCount)
        if capacity >= smallestRecycled, let address = pool.lock.withLock({ () -> UInt? in
            guard let address = pool.free[capacity]?.popLast() else { return nil }
            pool.bytes -= capacity
            return address
        }), let block = UnsafeMutableRawPointer(bitPattern: address) {
            return (block, capacity)
        }
        return (UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: alignment), capacity)
    }

    /// Gives a block back: kept for reuse while the pool has room, freed otherwise.
    static func recycle(_ block: UnsafeMutableRawPointer, capacity: Int) {
        if capacity >= smallestRecycled {
            let kept = pool.lock.withLock { () -> Bool in
                guard pool.bytes + capacity <= limit else { return false }
                pool.free[capacity, default: []].append(UInt(bitPattern: block))
                pool.bytes += capacity
                return true
            }
            if kept { return }
        }
        block.deallocate()
    }
}

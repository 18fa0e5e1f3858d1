import Foundation

/// Memory for large pixel buffers, recycled: a compositor draws shapes that change every frame into fresh
/// rasters, and each one freed and allocated again came back from the system as new zeroed pages, one page
/// fault per 4 KiB (a tenth of such a frame). Freed blocks of 64 KiB or more wait in a pool, up to its limit,
/// for the next buffer of their size class; a class is a quarter of a power of two wide, so a shape whose box
/// grows or shrinks a little from frame to frame still finds its block.
package final class PixelMemory: @unchecked Sendable {
    /// The pool pixel buffers use: 16 MiB at most.
    package static let shared = PixelMemory(limit: 16 * 1024 * 1024)
    /// Blocks smaller than this come from and go back to the allocator (which keeps them without faults).
    package static let smallestRecycled = 64 * 1024
    static let alignment = 64

    /// The most bytes the free blocks may hold.
    package let limit: Int
    /// Guards `free` and `bytes` (any thread frees pixel buffers).
    private let lock = NSLock()
    /// Free blocks (their addresses) by capacity.
    private var free: [Int: [UInt]] = [:]
    private var bytes = 0

    package init(limit: Int) { self.limit = limit }

    /// The bytes the free blocks hold now.
    package var pooledBytes: Int { lock.withLock { bytes } }

    /// The capacity a request of `byteCount` bytes is given: at least `byteCount`, rounded up to its class.
    package static func capacity(for byteCount: Int) -> Int {
        guard byteCount >= smallestRecycled else { return max(byteCount, 1) }
        let quarter = (1 << (Int.bitWidth - 1 - byteCount.leadingZeroBitCount)) / 4
        return (byteCount + quarter - 1) / quarter * quarter
    }

    /// A block of at least `byteCount` bytes (its contents undefined) and its capacity, to give back with
    /// `recycle(_:capacity:)`.
    package func take(_ byteCount: Int) -> (block: UnsafeMutableRawPointer, capacity: Int) {
        let capacity = Self.capacity(for: byteCount)
        if capacity >= Self.smallestRecycled, let address = lock.withLock({ () -> UInt? in
            guard let address = free[capacity]?.popLast() else { return nil }
            bytes -= capacity
            return address
        }), let block = UnsafeMutableRawPointer(bitPattern: address) {
            return (block, capacity)
        }
        return (UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: Self.alignment), capacity)
    }

    /// Gives a block back: kept for reuse while the pool has room, freed otherwise.
    package func recycle(_ block: UnsafeMutableRawPointer, capacity: Int) {
        if capacity >= Self.smallestRecycled {
            let kept = lock.withLock { () -> Bool in
                guard bytes + capacity <= limit else { return false }
                free[capacity, default: []].append(UInt(bitPattern: block))
                bytes += capacity
                return true
            }
            if kept { return }
        }
        block.deallocate()
    }
}

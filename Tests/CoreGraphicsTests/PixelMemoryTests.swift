import Testing
@testable import CoreGraphics

/// Large pixel buffers' memory is recycled (PixelMemory): a new buffer in a recycled block still starts
/// transparent, classes are a quarter of a power of two wide, and a pool never holds more than its limit.
@Suite struct PixelMemoryTests {
    @Test func capacitiesRoundUpToAQuarterOfAPowerOfTwo() {
        #expect(PixelMemory.capacity(for: 1000) == 1000)   // small blocks are the allocator's
        #expect(PixelMemory.capacity(for: 65536) == 65536)
        #expect(PixelMemory.capacity(for: 65537) == 81920)
        #expect(PixelMemory.capacity(for: 100_000) == 114_688)
        #expect(PixelMemory.capacity(for: 1 << 20) == 1 << 20)
        for n in [65536, 70_000, 123_457, 999_999, 5_000_001] {
            let c = PixelMemory.capacity(for: n)
            #expect(c >= n && Double(c) <= Double(n) * 1.25, "\(n) → \(c)")
        }
    }

    @Test func aBufferInARecycledBlockStartsTransparent() throws {
        // A pool of its own, so no test running alongside takes the block or fills the pool.
        let memory = PixelMemory(limit: 16 * 1024 * 1024)
        var first: PixelBuffer? = try #require(PixelBuffer(width: 200, height: 150, margin: 2, memory: memory))
        let block = first!.bytes
        for y in 0..<150 { (first!.bytes + y * first!.bytesPerRow).initializeMemory(as: UInt8.self, repeating: 0xAB, count: 800) }
        first = nil
        let second = try #require(PixelBuffer(width: 200, height: 150, margin: 2, memory: memory))
        #expect(second.bytes == block, "the freed block is reused")
        let total = second.bytesPerRow * (second.height + 4)
        let start = second.bytes - 2 * second.bytesPerRow - 8
        #expect((0..<total).allSatisfy { start.load(fromByteOffset: $0, as: UInt8.self) == 0 })
    }

    @Test func thePoolKeepsNoMoreThanItsLimit() throws {
        // Forty 1 MiB buffers freed at once into a 16 MiB pool: it keeps sixteen and frees the rest.
        let memory = PixelMemory(limit: 16 * 1024 * 1024)
        var buffers = try (0..<40).map { _ in try #require(PixelBuffer(width: 512, height: 512, memory: memory)) }
        buffers.removeAll()
        #expect(memory.pooledBytes == memory.limit)
        let again = try (0..<40).map { _ in try #require(PixelBuffer(width: 512, height: 512, memory: memory)) }
        #expect(memory.pooledBytes == 0)
        #expect(again.allSatisfy { $0.pixel(x: 511, y: 511) == (0, 0, 0, 0) })
    }
}

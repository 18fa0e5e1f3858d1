import Testing
@testable import CoreGraphics

/// Large pixel buffers' memory is recycled (PixelMemory): a new buffer in a recycled block still starts
/// transparent, classes are a quarter of a power of two wide, and the pool never holds more than its limit.
@Suite(.serialized) struct PixelMemoryTests {
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
        // 1001 × 999 texels with a margin of 2 (an unusual size, so no test running alongside takes its block).
        var first: PixelBuffer? = try #require(PixelBuffer(width: 1001, height: 999, margin: 2))
        let block = first!.bytes
        for y in 0..<999 { (first!.bytes + y * first!.bytesPerRow).initializeMemory(as: UInt8.self, repeating: 0xAB, count: 4004) }
        first = nil
        let second = try #require(PixelBuffer(width: 1001, height: 999, margin: 2))
        #expect(second.bytes == block, "the freed block is reused")
        let total = second.bytesPerRow * (second.height + 4)
        let start = second.bytes - 2 * second.bytesPerRow - 8
        #expect((0..<total).allSatisfy { start.load(fromByteOffset: $0, as: UInt8.self) == 0 })
    }

    @Test func thePoolKeepsNoMoreThanItsLimit() throws {
        // Forty 1 MiB buffers freed at once: the pool keeps what fits in its limit and frees the rest.
        var buffers = try (0..<40).map { _ in try #require(PixelBuffer(width: 512, height: 512)) }
        buffers.removeAll()
        #expect(PixelMemory.pooledBytes > 0 && PixelMemory.pooledBytes <= PixelMemory.limit)
        let again = try (0..<40).map { _ in try #require(PixelBuffer(width: 512, height: 512)) }
        #expect(again.allSatisfy { $0.pixel(x: 511, y: 511) == (0, 0, 0, 0) })
    }
}

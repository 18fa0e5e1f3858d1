/// An owned, 16-byte-aligned block of canonical pixels (see ``PixelFormat/canonical``) with a fixed address,
/// so Cairo and pixman can read it in place. Immutable once an image owns it.
package final class PixelBuffer: @unchecked Sendable {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// The first texel (top-left) of the image.
    package let bytes: UnsafeMutableRawPointer
    /// Transparent texels around the image on every side, inside the allocation (readable at negative offsets).
    package let margin: Int
    private let allocation: UnsafeMutableRawPointer
    private let capacity: Int
    private let memory: PixelMemory
    private let lock = NSLock()
    private var withMarginCache: PixelBuffer?
    private var opaqueCache: Bool?

    /// A zeroed (transparent) buffer, its memory from `memory`'s pool; nil when the size is outside ``CalyxLimits``.
    package init?(width: Int, height: Int, margin: Int = 0, memory: PixelMemory = .shared) {
        guard CalyxLimits.allowsBitmap(width: width, height: height), margin >= 0, margin <= 16 else { return nil }
        self.width = width; self.height = height; self.margin = margin
        bytesPerRow = (width + 2 * margin) * 4
        let total = bytesPerRow * (height + 2 * margin)
        self.memory = memory
        (allocation, capacity) = memory.take(total)
        allocation.initializeMemory(as: UInt8.self, repeating: 0, count: total)
        bytes = allocation + margin * bytesPerRow + margin * 4
    }

    deinit { memory.recycle(allocation, capacity: capacity) }

    /// The same texels with at least `margin` transparent texels around them (for kernels that read past the
    /// edges instead of checking bounds): this buffer when it has them, else a copy made once and kept.
    package func withMargin(_ margin: Int) -> PixelBuffer {
        if self.margin >= margin { return self }
        lock.lock(); defer { lock.unlock() }
        if let cached = withMarginCache, cached.margin >= margin { return cached }
        guard let copy = PixelBuffer(width: width, height: height, margin: margin) else { return self }
        for y in 0..<height {
            (copy.bytes + y * copy.bytesPerRow).copyMemory(from: bytes + y * bytesPerRow, byteCount: width * 4)
        }
        withMarginCache = copy
        return copy
    }

    /// Whether every texel is fully opaque: scanned on first use, then kept (the buffer is immutable once an
    /// image owns it).
    package var isOpaque: Bool {
        lock.lock(); defer { lock.unlock() }
        if let known = opaqueCache { return known }
        var opaque = true
        for y in 0..<height where opaque {
            let row = (bytes + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            // Alpha is the top byte of each little-endian BGRA texel.
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            opaque = all >= 0xFF00_0000
        }
        opaqueCache = opaque
        return opaque
    }

    /// The pixel at (x, y), y down from the top row, as premultiplied (r, g, b, a) bytes.
    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = bytes.assumingMemoryBound(to: UInt8.self) + y * bytesPerRow + x * 4
        return (p[2], p[1], p[0], p[3])
    }

    /// The bytes as `Data` (a copy).
    package var data: Data { Data(bytes: bytes, count: bytesPerRow * height) }
}

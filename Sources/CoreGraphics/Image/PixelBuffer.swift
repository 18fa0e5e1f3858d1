/// An owned, 16-byte-aligned block of canonical pixels (see ``PixelFormat/canonical``) with a fixed address,
/// so Cairo and pixman can read it in place. Immutable once an image owns it.
package final class PixelBuffer: @unchecked Sendable {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    package let bytes: UnsafeMutableRawPointer

    /// A zeroed (transparent) buffer; nil when the size is outside ``CalyxLimits``.
    package init?(width: Int, height: Int) {
        guard CalyxLimits.allowsBitmap(width: width, height: height) else { return nil }
        self.width = width; self.height = height; self.bytesPerRow = width * 4
        bytes = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
    }

    deinit { bytes.deallocate() }

    /// The pixel at (x, y), y down from the top row, as premultiplied (r, g, b, a) bytes.
    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = bytes.assumingMemoryBound(to: UInt8.self) + y * bytesPerRow + x * 4
        return (p[2], p[1], p[0], p[3])
    }

    /// The bytes as `Data` (a copy).
    package var data: Data { Data(bytes: bytes, count: bytesPerRow * height) }
}

extension PixelBuffer {
    /// A copy with the colour channels multiplied by (r, g, b), each clamped to 0…1 (replicator instance colours
    /// and particle colours); alpha unchanged. Premultiplied channels stay within alpha. Nil when out of memory.
    func multiplyingColour(r: Double, g: Double, b: Double) -> PixelBuffer? {
        guard let copy = PixelBuffer(width: width, height: height) else { return nil }
        func factor(_ x: Double) -> UInt32 { x.isFinite ? UInt32(min(max(x, 0), 1) * 256) : 0 }
        let (fr, fg, fb) = (factor(r), factor(g), factor(b))
        for y in 0..<height {
            let from = (bytes + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let to = (copy.bytes + y * copy.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = from[x]
                let blue = ((p & 0xFF) * fb) >> 8, green = (((p >> 8) & 0xFF) * fg) >> 8, red = (((p >> 16) & 0xFF) * fr) >> 8
                to[x] = (p & 0xFF00_0000) | red << 16 | green << 8 | blue
            }
        }
        return copy
    }
}

/// Resampled copies of particle images, so the bilinear span kernels honour a cell's filters: a nearest
/// enlargement replicates texels (magnified `nearest` stays blocky), a halving averages 2 × 2 texels (minified
/// `linear`/`trilinear` samples a mip level instead of skipping texels).
extension PixelBuffer {
    /// Each texel repeated `factor` × `factor` times.
    func enlargedNearest(by factor: Int) -> PixelBuffer? {
        guard factor > 1, let out = PixelBuffer(width: width * factor, height: height * factor) else { return nil }
        for y in 0..<out.height {
            let source = bytes.advanced(by: (y / factor) * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let target = out.bytes.advanced(by: y * out.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<out.width { target[x] = source[x / factor] }
        }
        return out
    }

    /// Half the size (rounded up), each texel the mean of the 2 × 2 it covers (premultiplied, so the mean is right).
    func halved() -> PixelBuffer? {
        guard width > 1 || height > 1, let out = PixelBuffer(width: (width + 1) / 2, height: (height + 1) / 2) else { return nil }
        for y in 0..<out.height {
            let rows = [min(2 * y, height - 1), min(2 * y + 1, height - 1)].map {
                bytes.advanced(by: $0 * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            }
            let target = out.bytes.advanced(by: y * out.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<out.width {
                let xs = [min(2 * x, width - 1), min(2 * x + 1, width - 1)]
                for c in 0..<4 {
                    let sum = rows.reduce(0) { total, row in total + xs.reduce(0) { $0 + Int(row[4 * $1 + c]) } }
                    target[4 * x + c] = UInt8((sum + 2) / 4)
                }
            }
        }
        return out
    }
}

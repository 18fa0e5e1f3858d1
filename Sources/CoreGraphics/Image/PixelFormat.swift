/// The memory layout of an 8-bit-per-component pixel format, and conversion to and from Calyx's canonical
/// format: 32-bit premultiplied ARGB in host (little-endian) order — bytes B, G, R, A — which is Cairo's
/// `CAIRO_FORMAT_ARGB32` and Apple's `premultipliedFirst | byteOrder32Little`.
package struct PixelFormat: Hashable, Sendable {
    package var bytesPerPixel: Int
    /// Byte offsets of red, green, blue within a pixel (all equal for gray); nil for alpha-only.
    package var colorOffsets: (Int, Int, Int)?
    /// Byte offset of alpha, nil when the format has none (opaque).
    package var alphaOffset: Int?
    package var premultiplied: Bool

    package static func == (l: PixelFormat, r: PixelFormat) -> Bool {
        l.bytesPerPixel == r.bytesPerPixel && l.colorOffsets?.0 == r.colorOffsets?.0 && l.colorOffsets?.1 == r.colorOffsets?.1
            && l.colorOffsets?.2 == r.colorOffsets?.2 && l.alphaOffset == r.alphaOffset && l.premultiplied == r.premultiplied
    }
    package func hash(into h: inout Hasher) { h.combine(bytesPerPixel); h.combine(alphaOffset); h.combine(premultiplied) }

    /// The canonical format.
    package static let canonical = PixelFormat(bytesPerPixel: 4, colorOffsets: (2, 1, 0), alphaOffset: 3, premultiplied: true)

    /// The layout for 8 bits per component with `bitsPerPixel`, colour model and `bitmapInfo`; nil when
    /// Calyx does not support the combination (16-bit and float components, CMYK, indexed).
    package init?(bitsPerComponent: Int, bitsPerPixel: Int, model: CGColorSpaceModel?, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, let alpha = bitmapInfo.alphaInfo, let order = bitmapInfo.byteOrder,
              !bitmapInfo.contains(.floatComponents) else { return nil }
        let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        switch (model, bitsPerPixel, alpha) {
        case (_, 8, .alphaOnly):
            self.init(bytesPerPixel: 1, colorOffsets: nil, alphaOffset: 0, premultiplied: true)
        case (.monochrome, 8, .none):
            self.init(bytesPerPixel: 1, colorOffsets: (0, 0, 0), alphaOffset: nil, premultiplied: false)
        case (.monochrome, 16, .last), (.monochrome, 16, .premultipliedLast):
            self.init(bytesPerPixel: 2, colorOffsets: (0, 0, 0), alphaOffset: 1, premultiplied: premultiplied)
        case (.monochrome, 16, .first), (.monochrome, 16, .premultipliedFirst):
            self.init(bytesPerPixel: 2, colorOffsets: (1, 1, 1), alphaOffset: 0, premultiplied: premultiplied)
        case (.rgb, 24, .none):
            self.init(bytesPerPixel: 3, colorOffsets: (0, 1, 2), alphaOffset: nil, premultiplied: false)
        case (.rgb, 32, _) where alpha != .none && alpha != .alphaOnly:
            // Logical (big-endian) order: alpha-first is A R G B, alpha-last is R G B A.
            let first = alpha == .first || alpha == .premultipliedFirst || alpha == .noneSkipFirst
            var offsets = first ? (r: 1, g: 2, b: 3, a: 0) : (r: 0, g: 1, b: 2, a: 3)
            if order == .order32Little { offsets = (3 - offsets.r, 3 - offsets.g, 3 - offsets.b, 3 - offsets.a) }
            let skip = alpha == .noneSkipFirst || alpha == .noneSkipLast
            self.init(bytesPerPixel: 4, colorOffsets: (offsets.r, offsets.g, offsets.b),
                      alphaOffset: skip ? nil : offsets.a, premultiplied: premultiplied)
        default:
            return nil
        }
    }

    package init(bytesPerPixel: Int, colorOffsets: (Int, Int, Int)?, alphaOffset: Int?, premultiplied: Bool) {
        self.bytesPerPixel = bytesPerPixel; self.colorOffsets = colorOffsets
        self.alphaOffset = alphaOffset; self.premultiplied = premultiplied
    }

    /// Whether the format keeps no colour (alpha-only masks).
    package var isAlphaOnly: Bool { colorOffsets == nil }
    /// Whether the format is gray (all colour offsets equal).
    package var isGray: Bool { colorOffsets.map { $0.0 == $0.1 && $0.1 == $0.2 } ?? false }

    /// Converts rows of this format into canonical pixels. Gray is replicated to R, G, B.
    package func convertToCanonical(from src: UnsafeRawPointer, srcBytesPerRow: Int,
                                    to dst: UnsafeMutableRawPointer, dstBytesPerRow: Int, width: Int, height: Int) {
        for y in 0..<height {
            let s = src.advanced(by: y * srcBytesPerRow).assumingMemoryBound(to: UInt8.self)
            let d = dst.advanced(by: y * dstBytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = s + x * bytesPerPixel, q = d + x * 4
                let a = alphaOffset.map { Int(p[$0]) } ?? 255
                var (r, g, b) = (0, 0, 0)
                if let (ro, go, bo) = colorOffsets { (r, g, b) = (Int(p[ro]), Int(p[go]), Int(p[bo])) }
                if !premultiplied && a < 255 { (r, g, b) = (mulDiv255(r, a), mulDiv255(g, a), mulDiv255(b, a)) }
                // Premultiplied input must not exceed its alpha; clamp rather than trust it.
                q[0] = UInt8(min(b, a)); q[1] = UInt8(min(g, a)); q[2] = UInt8(min(r, a)); q[3] = UInt8(a)
            }
        }
    }

    /// Converts canonical pixels into this format. Gray takes Rec. 709 luma of the unpremultiplied colour.
    package func convertFromCanonical(from src: UnsafeRawPointer, srcBytesPerRow: Int,
                                      to dst: UnsafeMutableRawPointer, dstBytesPerRow: Int, width: Int, height: Int) {
        for y in 0..<height {
            let s = src.advanced(by: y * srcBytesPerRow).assumingMemoryBound(to: UInt8.self)
            let d = dst.advanced(by: y * dstBytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = s + x * 4, q = d + x * bytesPerPixel
                let a = Int(p[3])
                var (r, g, b) = (Int(p[2]), Int(p[1]), Int(p[0]))
                // Unpremultiply when the target wants straight colour, or has no alpha to carry it.
                if (!premultiplied || alphaOffset == nil) && a > 0 && a < 255 {
                    (r, g, b) = ((r * 255 + a / 2) / a, (g * 255 + a / 2) / a, (b * 255 + a / 2) / a)
                }
                if let ao = alphaOffset { q[ao] = UInt8(a) }
                guard let (ro, go, bo) = colorOffsets else { continue }
                if isGray {
                    q[ro] = UInt8(min(255, (2126 * r + 7152 * g + 722 * b + 5000) / 10000))
                } else {
                    q[ro] = UInt8(min(r, 255)); q[go] = UInt8(min(g, 255)); q[bo] = UInt8(min(b, 255))
                }
            }
        }
    }
}

/// Exact rounded a·b/255 for bytes.
@inline(__always) package func mulDiv255(_ a: Int, _ b: Int) -> Int { let t = a * b + 128; return (t + (t >> 8)) >> 8 }

@_implementationOnly import CCairo

extension CGContext {
    /// User space to pixel coordinates (origin at the bitmap's top-left row, y down): what a compositor writing
    /// pixels directly needs.
    package var userToPixelTransform: CGAffineTransform { cairoTransform }

    /// A `width` × `height` bitmap in the canonical layout (8-bit premultiplied BGRA, what Cairo, pixman and the
    /// compositor share), zeroed, in `space` (sRGB unless given); nil when the size is not a drawable bitmap.
    package static func canonicalBitmap(width: Int, height: Int, space: CGColorSpace = .srgbSpace) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    /// A context that draws straight into `buffer`'s texels (its rows and stride, margin untouched), so the
    /// drawing needs no copy to become an image's pixels. The caller keeps `buffer` alive while drawing and
    /// treats it as immutable once the context is gone.
    package static func canonicalBitmap(drawingInto buffer: PixelBuffer, space: CGColorSpace = .srgbSpace) -> CGContext? {
        CGContext(data: buffer.bytes, width: buffer.width, height: buffer.height, bitsPerComponent: 8,
                  bytesPerRow: buffer.bytesPerRow, space: space,
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    /// Whether the bitmap is in the canonical layout (so `withCanonicalPixels` writes the caller's memory).
    package var usesCanonicalPixels: Bool { isDirectlyBacked }

    /// Runs `body` with the canonical pixels (premultiplied BGRA rows, top row first) and their row stride,
    /// flushing Cairo before and marking the pixels changed after, so Cairo and direct writers can interleave.
    package func withCanonicalPixels<T>(_ body: (UnsafeMutableRawPointer, Int) -> T) -> T {
        cairo_surface_flush(surface)
        let result = body(surfaceBytes, surfaceBytesPerRow)
        cairo_surface_mark_dirty(surface)
        didDraw()
        return result
    }
}

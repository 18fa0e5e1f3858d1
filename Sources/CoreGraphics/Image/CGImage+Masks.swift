extension CGImage {
    /// An image mask: one sample per pixel, 1 or 8 bits, where a sample of 0 paints and the largest sample
    /// masks out (Apple's image-mask convention; a `decode` array of [1, 0] swaps them). Stored as coverage in
    /// the alpha channel of black pixels. Nil for other sample sizes, sizes outside ``CalyxLimits`` or too few
    /// bytes.
    public convenience init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool) {
        guard (bitsPerComponent == 1 || bitsPerComponent == 8), bitsPerPixel == bitsPerComponent,
              CalyxLimits.allowsBitmap(width: width, height: height),
              bytesPerRow * 8 >= width * bitsPerPixel, let data = provider.data,
              data.count >= bytesPerRow * (height - 1) + (width * bitsPerPixel + 7) / 8,
              let buffer = PixelBuffer(width: width, height: height) else { return nil }
        let inverted = decode.map { $0[0] > $0[1] } ?? false
        data.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                let row = buffer.bytes.advanced(by: y * buffer.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let sample: Int = bitsPerComponent == 8
                        ? Int(src[y * bytesPerRow + x])
                        : (Int(src[y * bytesPerRow + x / 8]) >> (7 - x % 8) & 1) * 255
                    let coverage = UInt8(inverted ? sample : 255 - sample)
                    row[4 * x] = 0; row[4 * x + 1] = 0; row[4 * x + 2] = 0; row[4 * x + 3] = coverage
                }
            }
        }
        self.init(pixels: buffer, isOpaque: false, colorSpace: nil, shouldInterpolate: shouldInterpolate, isMask: true)
    }

    /// The image seen through `mask`, scaled to the image's size: an image mask paints where its samples are 0;
    /// any other image acts as alpha by its brightness (white shows, black hides), as Apple's does. (Apple asks
    /// for masks without alpha; here a transparent mask pixel is black, so it hides.)
    public func masking(_ mask: CGImage) -> CGImage? {
        guard let buffer = PixelBuffer(width: width, height: height) else { return nil }
        for y in 0..<height {
            let my = min(mask.height - 1, y * mask.height / height)
            let source = pixels.bytes.advanced(by: y * pixels.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let target = buffer.bytes.advanced(by: y * buffer.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let maskRow = mask.pixels.bytes.advanced(by: my * mask.pixels.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let m = 4 * min(mask.width - 1, x * mask.width / width)
                // Coverage: an image mask's alpha, or an opaque image's brightness (BGRA, Rec. 601 weights).
                let coverage = mask.isMask ? Int(maskRow[m + 3])
                    : (Int(maskRow[m + 2]) * 299 + Int(maskRow[m + 1]) * 587 + Int(maskRow[m]) * 114 + 500) / 1000
                for c in 0..<4 { target[4 * x + c] = UInt8((Int(source[4 * x + c]) * coverage + 127) / 255) }
            }
        }
        return CGImage(pixels: buffer, isOpaque: false, colorSpace: colorSpace, shouldInterpolate: shouldInterpolate,
                       intent: renderingIntent)
    }

    /// A PNG image from `source`; nil when the data is not a readable PNG. `decode` is not supported (ignored).
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let data = source.data, let image = try? PNGCodec.decode(data) else { return nil }
        self.init(pixels: image.pixels, isOpaque: image.isOpaque, shouldInterpolate: shouldInterpolate, intent: intent)
        utType = "public.png"
    }

    /// A JPEG image from `source`; nil when the data is not a readable JPEG. `decode` is not supported (ignored).
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let data = source.data, let image = try? JPEGCodec.decode(data) else { return nil }
        self.init(pixels: image.pixels, isOpaque: image.isOpaque, shouldInterpolate: shouldInterpolate, intent: intent)
        utType = "public.jpeg"
    }
}

/// An image mask of the given layout from `provider`'s bytes (see `CGImage(maskWidth:…)`), or nil when the layout is invalid.
public func CGImageMaskCreate(_ width: Int, _ height: Int, _ bitsPerComponent: Int, _ bitsPerPixel: Int, _ bytesPerRow: Int,
                              _ provider: CGDataProvider?, _ decode: UnsafePointer<CGFloat>?, _ shouldInterpolate: Bool) -> CGImage? {
    provider.flatMap { CGImage(maskWidth: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                               bytesPerRow: bytesPerRow, provider: $0, decode: decode, shouldInterpolate: shouldInterpolate) }
}
/// `image` masked by `mask` (an image mask or a greyscale image), or nil when either is nil or they cannot combine.
public func CGImageCreateWithMask(_ image: CGImage?, _ mask: CGImage?) -> CGImage? {
    guard let image, let mask else { return nil }
    return image.masking(mask)
}

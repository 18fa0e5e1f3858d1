/// An immutable bitmap image.
///
/// Calyx stores every image in one canonical format — 8-bit premultiplied BGRA (`premultipliedFirst |
/// byteOrder32Little`, sRGB) — so the compositor never converts at draw time. The accessors describe that stored
/// format (not the one it was created from), and ``dataProvider`` hands out those bytes. Images are at most
/// ``CalyxLimits`` in size.
public final class CGImage: Hashable, @unchecked Sendable, CustomStringConvertible {
    package let pixels: PixelBuffer
    /// Whether the source had no alpha (it then reports `noneSkipFirst`).
    package let isOpaque: Bool
    /// Whether the image is smoothed when scaled.
    public let shouldInterpolate: Bool
    /// How colours outside the destination's gamut are mapped (accepted; Calyx works in sRGB).
    public let renderingIntent: CGColorRenderingIntent
    /// The colour space the pixels are in.
    public let colorSpace: CGColorSpace?
    /// Whether this is an image mask (`init(maskWidth:…)`): its pixels' alpha is the coverage it paints with.
    public let isMask: Bool
    /// The uniform type of the file the image was decoded from ("public.png", "public.jpeg"), else nil.
    public package(set) var utType: CFString?

    package init(pixels: PixelBuffer, isOpaque: Bool, colorSpace: CGColorSpace? = .srgbSpace,
                 shouldInterpolate: Bool = true, intent: CGColorRenderingIntent = .defaultIntent, isMask: Bool = false) {
        self.pixels = pixels; self.isOpaque = isOpaque; self.colorSpace = colorSpace
        self.shouldInterpolate = shouldInterpolate; self.renderingIntent = intent; self.isMask = isMask
    }

    /// Creates an image from pixels in `provider` laid out as described. Supported layouts: 8 bits per
    /// component; gray (8 bpp), gray + alpha (16 bpp), alpha-only (8 bpp), RGB (24 bpp) and every 32-bpp RGB
    /// alpha/byte-order combination. Anything else, a size outside ``CalyxLimits``, `bytesPerRow` too small, or
    /// a provider with too few bytes answers `nil`. `decode` arrays are not supported and are ignored.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let format = PixelFormat(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                       model: space.model, bitmapInfo: bitmapInfo),
              CalyxLimits.allowsBitmap(width: width, height: height),
              bytesPerRow >= width * format.bytesPerPixel,
              let data = provider.data, data.count >= bytesPerRow * (height - 1) + width * format.bytesPerPixel,
              let buffer = PixelBuffer(width: width, height: height) else { return nil }
        data.withUnsafeBytes { raw in
            format.convertToCanonical(from: raw.baseAddress!, srcBytesPerRow: bytesPerRow, to: buffer.bytes,
                                      dstBytesPerRow: buffer.bytesPerRow, width: width, height: height)
        }
        self.pixels = buffer
        self.isOpaque = format.alphaOffset == nil
        self.colorSpace = space.model == .monochrome ? .srgbSpace : space
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent
        self.isMask = false
    }

    /// Width in pixels.
    public var width: Int { pixels.width }
    /// Height in pixels.
    public var height: Int { pixels.height }
    /// 8: Calyx's images are 8 bits per channel.
    public var bitsPerComponent: Int { 8 }
    /// 32: four channels.
    public var bitsPerPixel: Int { 32 }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { pixels.bytesPerRow }
    /// Premultiplied alpha first, or alpha skipped for opaque images.
    public var alphaInfo: CGImageAlphaInfo { isOpaque ? .noneSkipFirst : .premultipliedFirst }
    /// 32-bit little endian: BGRA in memory.
    public var byteOrderInfo: CGImageByteOrderInfo { .order32Little }
    /// The alpha and byte order together.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) }
    /// None: components map straight to their values.
    public var decode: UnsafePointer<CGFloat>? { nil }
    /// The stored pixels, in the format the accessors describe.
    public var dataProvider: CGDataProvider? { CGDataProvider(data: pixels.data) }

    /// The part of the image inside `rect` (pixel units, origin at the top-left, rounded out to whole pixels),
    /// or `nil` if it does not overlap the image or has a NaN coordinate. Infinite edges reach the image's edge.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard let finite = rect.clampingEdges(to: 1e15) else { return nil }
        let r = finite.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, !r.isEmpty, let out = PixelBuffer(width: Int(r.width), height: Int(r.height)) else { return nil }
        for row in 0..<out.height {
            let src = pixels.bytes.advanced(by: (Int(r.minY) + row) * pixels.bytesPerRow + Int(r.minX) * 4)
            out.bytes.advanced(by: row * out.bytesPerRow).copyMemory(from: src, byteCount: out.bytesPerRow)
        }
        return CGImage(pixels: out, isOpaque: isOpaque, colorSpace: colorSpace, shouldInterpolate: shouldInterpolate)
    }

    /// A copy (images are immutable, so this is the same pixels).
    public func copy() -> CGImage? { self }

    /// The same pixels tagged with another RGB colour space; nil for non-RGB spaces.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard space.model == .rgb else { return nil }
        return CGImage(pixels: pixels, isOpaque: isOpaque, colorSpace: space, shouldInterpolate: shouldInterpolate)
    }

    /// Whether two references are the same image.
    public static func == (l: CGImage, r: CGImage) -> Bool { l === r }
    /// Hashes the image's identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    /// The size in pixels.
    public var description: String { "<CGImage \(width)×\(height)>" }
}

/// The image's width in pixels (0 for nil).
public func CGImageGetWidth(_ image: CGImage?) -> Int { image?.width ?? 0 }
/// The image's height in pixels (0 for nil).
public func CGImageGetHeight(_ image: CGImage?) -> Int { image?.height ?? 0 }
/// The part of the image inside `rect` (pixels).
public func CGImageCreateWithImageInRect(_ image: CGImage?, _ rect: CGRect) -> CGImage? { image?.cropping(to: rect) }

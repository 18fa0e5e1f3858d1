/// Reads images from PNG, JPEG or WebP data (one frame each; an animated WebP's first).
public final class CGImageSource {
    let data: Data
    let format: ImageFormat?

    init(data: Data) { self.data = data; self.format = ImageFormat(sniffing: data) }

    /// Decodes frame `index`, throwing `ImageCodecError` for unreadable or oversized data.
    public func decodeImage(at index: Int = 0) throws -> CGImage {
        guard index == 0, let format else { throw ImageCodecError.unrecognizedFormat }
        switch format {
        case .png: return try PNGCodec.decode(data)
        case .jpeg: return try JPEGCodec.decode(data)
        case .webp: return try WebPCodec.decode(data)
        }
    }
}

/// A source over `data`; nil when the data is empty or not a PNG, JPEG or WebP image.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    let source = CGImageSource(data: data)
    return source.format == nil ? nil : source
}

/// A source over the file at `url`; nil when it cannot be read or is not a PNG, JPEG or WebP image.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

/// A source over the bytes `provider` gives; nil when it has none or they are not a PNG, JPEG or WebP image.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = provider.data else { return nil }
    return CGImageSourceCreateWithData(data, options)
}

/// The number of images in the source (1 for the formats read).
public func CGImageSourceGetCount(_ source: CGImageSource) -> Int { source.format == nil ? 0 : 1 }

/// The source's uniform type identifier.
public func CGImageSourceGetType(_ source: CGImageSource) -> CFString? { source.format?.typeIdentifier }

/// The image at `index`, or nil if the data is corrupt, truncated beyond use, or too large.
public func CGImageSourceCreateImageAtIndex(_ source: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    try? source.decodeImage(at: index)
}

/// Pixel width, height and alpha of the image at `index` (decodes it), or nil.
public func CGImageSourceCopyPropertiesAtIndex(_ source: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard let image = try? source.decodeImage(at: index) else { return nil }
    let properties: NSMutableDictionary = [kCGImagePropertyPixelWidth: image.width, kCGImagePropertyPixelHeight: image.height,
                                           kCGImagePropertyHasAlpha: !image.isOpaque]
    if let orientation = source.orientation { properties[kCGImagePropertyOrientation] = orientation }
    return properties
}

/// The type identifiers ImageIO can read.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray { ImageFormat.allCases.map(\.typeIdentifier) as NSArray }

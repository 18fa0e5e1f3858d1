/// Writes images as PNG or JPEG, to a mutable data object or a file.
public final class CGImageDestination {
    enum Target { case data(NSMutableData), url(URL), consumer(CGDataConsumer) }
    let target: Target
    let format: ImageFormat
    var images: [(CGImage, Double?)] = []
    /// Properties for the whole file (`CGImageDestinationSetProperties`): a default compression quality.
    var defaultQuality: Double?
    let capacity: Int

    init(target: Target, format: ImageFormat, capacity: Int) {
        self.target = target; self.format = format; self.capacity = capacity
    }

    /// Encodes the images added so far (the first, for these single-frame formats) and writes them.
    public func finalizeThrowing() throws {
        guard let (image, quality) = images.first else { throw ImageCodecError.unrecognizedFormat }
        let bytes = format == .png ? try PNGCodec.encode(image)
            : try JPEGCodec.encode(image, quality: quality ?? defaultQuality ?? 0.75)
        switch target {
        case .data(let data): data.setData(bytes)
        case .url(let url): try bytes.write(to: url)
        case .consumer(let consumer): try consumer.consume(bytes)
        }
    }
}

/// A destination writing into `data`; nil for a type other than "public.png" or "public.jpeg".
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = ImageFormat(typeIdentifier: type), format.isWritable, count > 0 else { return nil }
    return CGImageDestination(target: .data(data), format: format, capacity: count)
}

/// A destination writing the file at `url`.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = ImageFormat(typeIdentifier: type), format.isWritable, count > 0 else { return nil }
    return CGImageDestination(target: .url(url), format: format, capacity: count)
}

/// A destination handing its bytes to `consumer`.
public func CGImageDestinationCreateWithDataConsumer(_ consumer: CGDataConsumer, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = ImageFormat(typeIdentifier: type), format.isWritable, count > 0 else { return nil }
    return CGImageDestination(target: .consumer(consumer), format: format, capacity: count)
}

/// Properties for the whole file; `kCGImageDestinationLossyCompressionQuality` sets the default quality.
public func CGImageDestinationSetProperties(_ destination: CGImageDestination, _ properties: CFDictionary?) {
    destination.defaultQuality = compressionQuality(in: properties)
}

/// The compression quality a property dictionary asks for, if any.
func compressionQuality(in properties: CFDictionary?) -> Double? {
    (properties?[kCGImageDestinationLossyCompressionQuality] as? NSNumber)?.doubleValue
        ?? properties?[kCGImageDestinationLossyCompressionQuality] as? Double
}

/// Adds an image; `properties` may carry `kCGImageDestinationLossyCompressionQuality` (0…1) for JPEG.
public func CGImageDestinationAddImage(_ destination: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    guard destination.images.count < destination.capacity else { return }
    destination.images.append((image, compressionQuality(in: properties)))
}

/// Writes the image; false when there is none or writing failed.
public func CGImageDestinationFinalize(_ destination: CGImageDestination) -> Bool {
    (try? destination.finalizeThrowing()) != nil
}

/// The type identifiers ImageIO can write.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray { ImageFormat.allCases.filter(\.isWritable).map(\.typeIdentifier) as NSArray }

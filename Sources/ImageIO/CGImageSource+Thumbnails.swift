/// How far a source got reading its image (Apple's values).
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the image did.
    case statusUnexpectedEOF = -5
    /// The data is corrupt.
    case statusInvalidData = -4
    /// The data is no image format Calyx reads.
    case statusUnknownType = -3
    /// The header is still being read.
    case statusReadingHeader = -2
    /// More data is needed to finish the image.
    case statusIncomplete = -1
    /// The image is read completely.
    case statusComplete = 0
}

/// The source's status: complete when its image decodes, invalid data otherwise.
public func CGImageSourceGetStatus(_ source: CGImageSource) -> CGImageSourceStatus {
    source.format == nil ? .statusUnknownType : (try? source.decodeImage()) != nil ? .statusComplete : .statusInvalidData
}

/// The status of the image at `index`.
public func CGImageSourceGetStatusAtIndex(_ source: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    index == 0 ? CGImageSourceGetStatus(source) : .statusInvalidData
}

/// A thumbnail of the image at `index`. PNG and JPEG files here carry no embedded thumbnail, so, as on Apple's,
/// one is made only when `kCGImageSourceCreateThumbnailFromImageIfAbsent` or `…FromImageAlways` is true.
/// `kCGImageSourceThumbnailMaxPixelSize` bounds its longer side (it is never enlarged);
/// `kCGImageSourceCreateThumbnailWithTransform` turns it upright by the file's EXIF orientation first.
public func CGImageSourceCreateThumbnailAtIndex(_ source: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    func flag(_ key: CFString) -> Bool { (options?[key] as? Bool) ?? (options?[key] as? NSNumber)?.boolValue ?? false }
    guard flag(kCGImageSourceCreateThumbnailFromImageIfAbsent) || flag(kCGImageSourceCreateThumbnailFromImageAlways),
          var image = try? source.decodeImage(at: index) else { return nil }
    if flag(kCGImageSourceCreateThumbnailWithTransform), let orientation = source.orientation, orientation != 1 {
        image = oriented(image, orientation) ?? image
    }
    let maximum = (options?[kCGImageSourceThumbnailMaxPixelSize] as? NSNumber)?.doubleValue
        ?? (options?[kCGImageSourceThumbnailMaxPixelSize] as? Int).map(Double.init)
    guard let maximum, maximum >= 1, Double(max(image.width, image.height)) > maximum else { return image }
    let scale = maximum / Double(max(image.width, image.height))
    let width = max(1, Int((Double(image.width) * scale).rounded())), height = max(1, Int((Double(image.height) * scale).rounded()))
    guard let ctx = CGContext.canonicalBitmap(width: width, height: height, space: CGColorSpaceCreateDeviceRGB())
    else { return nil }
    ctx.interpolationQuality = .high
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
    return ctx.makeImage()
}

/// `image` turned upright for EXIF orientation 2–8 (mirrored, rotated or both; 5–8 swap width and height).
func oriented(_ image: CGImage, _ orientation: Int) -> CGImage? {
    let w = image.width, h = image.height
    let swaps = orientation >= 5
    let (outW, outH) = swaps ? (h, w) : (w, h)
    guard (2...8).contains(orientation), let buffer = PixelBuffer(width: outW, height: outH) else { return nil }
    for y in 0..<outH {
        let target = buffer.bytes.advanced(by: y * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
        for x in 0..<outW {
            let (sx, sy): (Int, Int) = switch orientation {
            case 2: (w - 1 - x, y)
            case 3: (w - 1 - x, h - 1 - y)
            case 4: (x, h - 1 - y)
            case 5: (y, x)
            case 6: (y, h - 1 - x)
            case 7: (w - 1 - y, h - 1 - x)
            default: (w - 1 - y, x)
            }
            target[x] = image.pixels.bytes.advanced(by: sy * image.pixels.bytesPerRow).assumingMemoryBound(to: UInt32.self)[sx]
        }
    }
    return CGImage(pixels: buffer, isOpaque: image.isOpaque)
}

extension CGImageSource {
    /// The EXIF orientation (1–8) of a JPEG, if its APP1 segment gives one.
    var orientation: Int? { format == .jpeg ? EXIFOrientation.read(data) : nil }
}

/// Reads the orientation tag (0x0112) from a JPEG's EXIF segment, checking every offset against the data (the
/// input may be hostile).
enum EXIFOrientation {
    static func read(_ data: Data) -> Int? {
        let bytes = [UInt8](data.prefix(1 << 20))
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, length >= 16, Array(bytes[(offset + 4)..<(offset + 10)]) == Array("Exif\0\0".utf8) {
                return tiffOrientation(Array(bytes[(offset + 10)..<(offset + 2 + length)]))
            }
            if marker == 0xDA { return nil }  // image data begins: no EXIF before it
            offset += 2 + length
        }
        return nil
    }

    private static func tiffOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49 && tiff[1] == 0x49
        guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e) else { return nil }
            if tag == 0x0112, let value = u16(e + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}

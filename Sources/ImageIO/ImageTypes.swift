/// Uniform type identifiers ImageIO understands, and the codec for each.
enum ImageFormat: CaseIterable {
    case png, jpeg

    var typeIdentifier: CFString { self == .png ? "public.png" : "public.jpeg" }

    init?(typeIdentifier: CFString) {
        switch typeIdentifier {
        case "public.png": self = .png
        case "public.jpeg", "public.jpg": self = .jpeg
        default: return nil
        }
    }

    /// Sniffs the format from a file's first bytes.
    init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else { return nil }
    }
}

/// Option and property keys, with Apple's string values.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
public let kCGImagePropertyOrientation: CFString = "Orientation"
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"

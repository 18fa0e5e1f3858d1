/// Uniform type identifiers ImageIO understands, and the codec for each.
enum ImageFormat: CaseIterable {
    case png, jpeg, webp

    var typeIdentifier: CFString {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .webp: "org.webmproject.webp"
        }
    }

    /// Whether images can be written in this format (WebP is read only, as on Apple's platforms).
    var isWritable: Bool { self != .webp }

    init?(typeIdentifier: CFString) {
        switch typeIdentifier {
        case "public.png": self = .png
        case "public.jpeg", "public.jpg": self = .jpeg
        case "org.webmproject.webp": self = .webp
        default: return nil
        }
    }

    /// Sniffs the format from a file's first bytes.
    init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if WebPCodec.recognizes(data) { self = .webp }
        else { return nil }
    }
}

/// Option and property keys, with Apple's string values.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// The image's width in pixels (a property).
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The image's height in pixels (a property).
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Whether the image has an alpha channel (a property).
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// Whether the decoded image is cached (an option; decoded images are always kept here).
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// The expected type identifier of the data (an option; the data's own signature decides here).
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// The EXIF orientation, 1 to 8 (a property).
public let kCGImagePropertyOrientation: CFString = "Orientation"
/// Makes a thumbnail from the full image when the file has none (an option).
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Makes a thumbnail from the full image even when the file has one (an option).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The thumbnail's longest side, in pixels (an option).
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Turns the thumbnail upright by the image's orientation (an option).
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"

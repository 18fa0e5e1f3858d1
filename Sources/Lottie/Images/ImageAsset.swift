import Foundation

/// An entry of an animation's `assets` — lottie-ios's `Asset`: what layers refer to by `id`.
public class Asset: @unchecked Sendable {
    /// The id layers refer to (`refId`).
    public let id: String
    init(id: String) { self.id = id }
}

/// An image an animation shows — lottie-ios's `ImageAsset`: a file name (or a `data:` URI when the image is
/// embedded), the folder the exporter put it in, and the size the image layer draws it at.
public final class ImageAsset: Asset, @unchecked Sendable {
    /// The image's file name, or the whole `data:` URI of an embedded image (`p`).
    public let name: String
    /// The folder the image sits in, relative to the animation (`u`; often `images/`).
    public let directory: String
    /// The width the image is drawn at, in the composition's points (`w`).
    public let width: Double
    /// The height the image is drawn at (`h`).
    public let height: Double

    init(id: String, name: String, directory: String, width: Double, height: Double) {
        self.name = name; self.directory = directory; self.width = width; self.height = height
        super.init(id: id)
    }

    /// Whether the image is embedded in the file as a `data:` URI.
    var isEmbedded: Bool { name.hasPrefix("data:") }

    /// The bytes of an embedded image (the base64 after the URI's comma); nil for an image in a file.
    var embeddedData: Data? {
        guard isEmbedded, let comma = name.firstIndex(of: ",") else { return nil }
        return Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
    }
}

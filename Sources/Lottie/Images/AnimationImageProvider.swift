import Foundation
import ImageIO
import QuartzCore

/// Supplies the images an animation's image layers show — lottie-ios's `AnimationImageProvider`. An embedded
/// image (a `data:` URI in the file) is decoded whatever the provider; a provider answers for the others.
public protocol AnimationImageProvider {
    /// Whether the images it answers may be kept and reused for every layer that shows the same asset.
    var cacheEligible: Bool { get }
    /// The image for `asset`, or nil to show nothing there.
    func imageForAsset(asset: ImageAsset) -> CGImage?
    /// How the image fills its layer (`.resize` unless the provider says otherwise).
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity
}

extension AnimationImageProvider {
    /// True: images may be kept and reused.
    public var cacheEligible: Bool { true }
    /// `.resize`: the image fills its layer.
    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { .resize }
}

/// Decodes image bytes (PNG, JPEG, WebP, GIF), answering nil for anything that is not an image.
func decodeImage(_ data: Data) -> CGImage? {
    guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
    return CGImageSourceCreateImageAtIndex(source, 0, nil)
}

/// Images from a folder on disk — lottie-ios's `FilepathImageProvider`: each asset's file is looked for at
/// `filepath/directory/name`, then at `filepath/name`.
public final class FilepathImageProvider: AnimationImageProvider, @unchecked Sendable {
    private let folder: URL
    private let gravity: CALayerContentsGravity

    /// Images under the folder `filepath`.
    public init(filepath: String, contentsGravity: CALayerContentsGravity = .resize) {
        folder = URL(fileURLWithPath: filepath); gravity = contentsGravity
    }
    /// Images under the folder `filepath`.
    public init(filepath: URL, contentsGravity: CALayerContentsGravity = .resize) {
        folder = filepath; gravity = contentsGravity
    }

    /// The embedded image, or the file in the folder (then in the asset's folder within it).
    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let data = asset.embeddedData { return decodeImage(data) }
        for url in [folder.appendingPathComponent(asset.directory).appendingPathComponent(asset.name),
                    folder.appendingPathComponent(asset.name)] {
            if let data = try? Data(contentsOf: url), let image = decodeImage(data) { return image }
        }
        return nil
    }

    /// The gravity given when it was made.
    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}

/// Images from a bundle's resources — lottie-ios's `BundleImageProvider`: each asset's file is looked for in
/// `searchPath` (or the asset's own directory) within the bundle.
public final class BundleImageProvider: AnimationImageProvider, @unchecked Sendable {
    private let bundle: Bundle
    private let searchPath: String?
    private let gravity: CALayerContentsGravity

    /// Images in `bundle`, under `searchPath` when given.
    public init(bundle: Bundle, searchPath: String?, contentsGravity: CALayerContentsGravity = .resize) {
        self.bundle = bundle; self.searchPath = searchPath; gravity = contentsGravity
    }

    /// The embedded image, or the bundle's resource of the asset's name.
    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let data = asset.embeddedData { return decodeImage(data) }
        let name = (asset.name as NSString).deletingPathExtension, type = (asset.name as NSString).pathExtension
        for directory in [searchPath, asset.directory, nil] {
            if let path = bundle.path(forResource: name, ofType: type, inDirectory: directory),
               let data = FileManager.default.contents(atPath: path), let image = decodeImage(data) { return image }
        }
        return nil
    }

    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}

import ImageIO

/// An image with a scale (pixels per point) and an orientation, over a `CGImage`.
open class UIImage: NSObject, @unchecked Sendable {
    /// The bitmap (nil for the empty image).
    public let cgImage: CGImage?
    /// Pixels per point: the image's size in points is its pixel size divided by this.
    public let scale: CGFloat
    /// How the bitmap is turned when drawn.
    public let imageOrientation: Orientation

    /// How an image's bitmap is turned when drawn, with UIKit's raw values.
    public enum Orientation: Int, Sendable {
        /// As stored.
        case up
        /// Rotated 180°.
        case down
        /// Rotated 90° counterclockwise.
        case left
        /// Rotated 90° clockwise.
        case right
        /// Flipped horizontally.
        case upMirrored
        /// Flipped vertically.
        case downMirrored
        /// Flipped horizontally, then rotated 90° counterclockwise.
        case leftMirrored
        /// Flipped horizontally, then rotated 90° clockwise.
        case rightMirrored
    }

    /// An animated image's frames (nil for a still image).
    public private(set) var images: [UIImage]?
    /// An animated image's duration, one pass (0 for a still image).
    public private(set) var duration: TimeInterval = 0

    /// The empty image: no bitmap, zero size.
    public override init() { cgImage = nil; scale = 1; imageOrientation = .up }

    /// An animated image: `images` played in `duration` seconds (all frames should share size and scale). Shown by
    /// an image view, it plays forever.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first, let cg = first.cgImage else { return nil }
        let animated = UIImage(cgImage: cg, scale: first.scale, orientation: first.imageOrientation)
        animated.images = images
        animated.duration = duration.isFinite && duration > 0 ? duration : 0
        return animated
    }

    /// Frames named `name0`, `name1`, … (as `UIImage(named:)` finds them), up to `name1024`, starting at 0 or 1.
    open class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        let start = UIImage(named: "\(name)0") != nil ? 0 : 1
        var frames: [UIImage] = []
        for i in start...1024 {
            guard let frame = UIImage(named: "\(name)\(i)") else { break }
            frames.append(frame)
        }
        return frames.isEmpty ? nil : animatedImage(with: frames, duration: duration)
    }

    /// An image named `name` in the main bundle's resources or the current directory: an asset catalog's image set,
    /// or a file (with or without its extension; "@3x" or "@2x" variants preferred, as on a 3× screen).
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// An image named `name` in `bundle` (the main bundle when nil; a Swift package's own is `Bundle.module`):
    /// from an asset catalog's image set, the variant for the traits' appearance (light or dark) and display scale,
    /// or else a plain resource file. Nil when there is none or it cannot be decoded.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let found = AssetCatalog.image(named: name, in: bundle, traits: traitCollection),
              let data = FileManager.default.contents(atPath: found.path) else { return nil }
        self.init(data: data, scale: found.scale)
    }

    /// An image of `cgImage` at `scale` pixels per point, turned as `orientation` says.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        imageOrientation = orientation
    }

    /// An image of `cgImage` at one pixel per point, upright.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// An image decoded from PNG or JPEG data; nil when the data is not a readable image.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil),
              let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// An image from a file; a name ending "@2x" or "@3x" (before the extension) sets the scale, as UIKit reads it.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    /// The size in points: pixels divided by the scale (width and height swap for left/right orientations).
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// PNG data of the bitmap.
    open func pngData() -> Data? { encoded(as: "public.png", quality: nil) }
    /// JPEG data of the bitmap at `compressionQuality` (0…1).
    open func jpegData(compressionQuality: CGFloat) -> Data? { encoded(as: "public.jpeg", quality: Double(compressionQuality)) }

    private func encoded(as type: String, quality: Double?) -> Data? {
        guard let cgImage else { return nil }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, type as CFString, 1, nil) else { return nil }
        let properties: NSDictionary? = quality.map { [kCGImageDestinationLossyCompressionQuality: $0] }
        CGImageDestinationAddImage(destination, cgImage, properties)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }

    /// Draws the image filling `rect` in the current context (UIKit orientation: upright on a y-down context).
    open func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let cgImage else { return }
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(cgImage, in: CGRect(origin: .zero, size: rect.size))
        ctx.restoreGState()
    }

    /// Draws the image at its size with its top-left corner at `point`.
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

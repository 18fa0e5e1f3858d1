/// UIKit's drawing contexts: a per-thread stack of current contexts (what `UIBezierPath`, `UIColor.set()` and
/// `UIImage.draw(in:)` draw into), and bitmap image contexts in UIKit's orientation (origin top left, y down,
/// `scale` pixels per point).

/// The per-thread stack of current contexts.
enum UIGraphicsStack {
    final class Box { var contexts: [(context: CGContext, scale: CGFloat, isImageContext: Bool)] = [] }
    static var current: Box { perThread("calyx.UIGraphicsStack", Box.init) }
}

/// The context drawing goes to, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsStack.current.contexts.last?.context }

/// Makes `context` current (until `UIGraphicsPopContext`).
public func UIGraphicsPushContext(_ context: CGContext) {
    UIGraphicsStack.current.contexts.append((context, 1, false))
}

/// Restores the previous current context.
public func UIGraphicsPopContext() { _ = UIGraphicsStack.current.contexts.popLast() }

/// Starts a bitmap image context of `size` points at `scale` pixels a point (0: the main screen's scale), y down
/// from the top left as UIKit draws, and makes it current. Sizes that are not positive and finite, or beyond
/// `CalyxLimits`, start none (UIKit logs and draws nothing).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 && scale.isFinite ? scale : UIScreen.main.scale
    guard let width = CalyxLimits.pixels(size.width, scale: s), let height = CalyxLimits.pixels(size.height, scale: s),
          CalyxLimits.allowsBitmap(width: width, height: height),
          let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpace(name: CGColorSpace.sRGB)!,
                              bitmapInfo: (opaque ? CGImageAlphaInfo.noneSkipFirst : .premultipliedFirst).rawValue
                                  | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return }
    if opaque { ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: width, height: height)) }
    ctx.translateBy(x: 0, y: CGFloat(height))
    ctx.scaleBy(x: s, y: -s)
    UIGraphicsStack.current.contexts.append((ctx, s, true))
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// An image of the current image context, or nil when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = UIGraphicsStack.current.contexts.last, top.isImageContext, let image = top.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: top.scale, orientation: .up)
}

/// Ends the current image context.
public func UIGraphicsEndImageContext() {
    guard UIGraphicsStack.current.contexts.last?.isImageContext == true else { return }
    _ = UIGraphicsStack.current.contexts.popLast()
}

/// Draws images with blocks (UIKit's modern API): each call makes a fresh context of the renderer's bounds.
open class UIGraphicsImageRenderer: NSObject {
    /// The scale and opacity of the images made, and their bounds.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of images covering `bounds` (in points; its origin is the image's top left) in `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        let settings = format.copy() as! UIGraphicsImageRendererFormat
        settings.bounds = bounds
        self.format = settings
    }
    /// A renderer of `size`-point images in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    /// A renderer of `size`-point images at the screen's scale.
    public convenience init(size: CGSize) { self.init(size: size, format: .preferred()) }
    /// A renderer of images covering `bounds` at the screen's scale.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .preferred()) }

    /// The image `actions` draw; an empty image when the size is unusable.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let bounds = format.bounds
        UIGraphicsBeginImageContextWithOptions(bounds.size, format.opaque, format.scale)
        guard let ctx = UIGraphicsGetCurrentContext() else { return UIImage() }
        defer { UIGraphicsEndImageContext() }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        actions(UIGraphicsImageRendererContext(cgContext: ctx, format: format))
        return UIGraphicsGetImageFromCurrentImageContext() ?? UIImage()
    }

    /// The drawing as PNG data.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data { image(actions: actions).pngData() ?? Data() }

    /// The drawing as JPEG data at `compressionQuality` (0 smallest … 1 best).
    open func jpegData(withCompressionQuality compressionQuality: CGFloat,
                       actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}

/// The renderer's settings: scale (default: the main screen's) and opacity.
open class UIGraphicsImageRendererFormat: NSObject {
    /// Pixels per point.
    open var scale: CGFloat = UIScreen.main.scale
    /// Whether the images have no alpha.
    open var opaque = false
    /// The area a renderer draws, in points (set by the renderer made with this format).
    public internal(set) var bounds: CGRect = .zero
    /// The screen's scale, with alpha.
    public override init() {}
    /// The screen's scale, with alpha, for `traitCollection` (its display scale when it has one).
    public convenience init(for traitCollection: UITraitCollection) {
        self.init()
        if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
    }
    /// The format the main screen prefers.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The default format (Apple deprecated it for `preferred()`).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

extension UIGraphicsImageRendererFormat: NSCopying {
    /// A format with the same scale, opacity and bounds.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIGraphicsImageRendererFormat()
        copy.scale = scale; copy.opaque = opaque; copy.bounds = bounds
        return copy
    }
}

/// What a renderer's block draws with.
open class UIGraphicsImageRendererContext: NSObject {
    /// The Core Graphics context to draw in (y down, in points).
    public let cgContext: CGContext
    /// The scale and opacity of the images made.
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) { self.cgContext = cgContext; self.format = format }
    /// Fills a rectangle with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes a rectangle's outline.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Clips later drawing to a rectangle.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        cgContext.makeImage().map { UIImage(cgImage: $0, scale: format.scale, orientation: .up) } ?? UIImage()
    }
}

import Foundation
import QuartzCore

/// What an `EAGLContext` can give renderbuffer storage and present into.
public protocol EAGLDrawable: AnyObject {
    /// The drawable's properties (`kEAGLDrawablePropertyRetainedBacking`, `kEAGLDrawablePropertyColorFormat`).
    var drawableProperties: [String: Any]! { get set }
    /// Its size in pixels.
    var drawablePixelSize: (width: Int, height: Int) { get }
    /// Whether its pixels are opaque (alpha is ignored).
    var isOpaque: Bool { get }
    /// Shows a presented renderbuffer.
    func present(_ image: CGImage)
}

/// Whether the drawable keeps its contents after presenting (a drawable property).
public let kEAGLDrawablePropertyRetainedBacking = "kEAGLDrawablePropertyRetainedBacking"
/// The renderbuffer's colour format (a drawable property).
public let kEAGLDrawablePropertyColorFormat = "kEAGLDrawablePropertyColorFormat"
/// 8 bits a channel, with alpha.
public let kEAGLColorFormatRGBA8 = "EAGLColorFormatRGBA8"
/// 16-bit colour with no alpha (stored as RGBA8 here).
public let kEAGLColorFormatRGB565 = "EAGLColorFormat565"
/// 8 bits a channel in sRGB, with alpha (stored as RGBA8 here).
public let kEAGLColorFormatSRGBA8 = "EAGLColorFormatSRGBA8"

/// A layer that shows OpenGL ES drawing: an `EAGLContext` gives a renderbuffer storage from it
/// (`renderbufferStorage(_:from:)`) and presents the renderbuffer into it (`presentRenderbuffer(_:)`), after which
/// the drawing is the layer's contents, composited like any layer's (transforms, masks, opacity).
///
/// Renderbuffers are 8 bits a channel whatever the colour format asked (`RGB565` and `SRGBA8` are stored as
/// `RGBA8`). `isOpaque` makes the drawing's alpha ignored, as on iOS.
open class CAEAGLLayer: CALayer, EAGLDrawable, @unchecked Sendable {
    /// Retained backing (default false) and colour format (default RGBA8).
    open var drawableProperties: [String: Any]! = [
        kEAGLDrawablePropertyRetainedBacking: false, kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8,
    ]
    /// Whether presenting waits for the next transaction commit (it always joins the current transaction here).
    open var presentsWithTransaction = false

    /// A layer with the default drawable properties.
    public override init() { super.init() }
    /// A copy of `layer` for the render tree, with its drawable properties.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEAGLLayer {
            drawableProperties = other.drawableProperties
            presentsWithTransaction = other.presentsWithTransaction
        }
    }
    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The renderbuffer size the layer asks for: its bounds times its contents scale, in pixels ((0, 0) when empty).
    public var drawablePixelSize: (width: Int, height: Int) {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let w = bounds.width * scale, h = bounds.height * scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else { return (0, 0) }
        return (Int(w.rounded()), Int(h.rounded()))
    }

    /// Shows `image` as the layer's contents, without animation.
    public func present(_ image: CGImage) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contents = image
        CATransaction.commit()
    }
}

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

public let kEAGLDrawablePropertyRetainedBacking = "kEAGLDrawablePropertyRetainedBacking"
public let kEAGLDrawablePropertyColorFormat = "kEAGLDrawablePropertyColorFormat"
public let kEAGLColorFormatRGBA8 = "EAGLColorFormatRGBA8"
public let kEAGLColorFormatRGB565 = "EAGLColorFormat565"
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

    public override init() { super.init() }
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEAGLLayer {
            drawableProperties = other.drawableProperties
            presentsWithTransaction = other.presentsWithTransaction
        }
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not available: Calyx reads no nib files") }

    public var drawablePixelSize: (width: Int, height: Int) {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let w = bounds.width * scale, h = bounds.height * scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else { return (0, 0) }
        return (Int(w.rounded()), Int(h.rounded()))
    }

    public func present(_ image: CGImage) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contents = image
        CATransaction.commit()
    }
}

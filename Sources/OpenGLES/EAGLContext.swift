import Foundation
import QuartzCore
@_exported import CGLES
@_implementationOnly import CEGL

/// Which OpenGL ES an `EAGLContext` speaks.
public enum EAGLRenderingAPI: UInt, Sendable {
    /// OpenGL ES 1 (not available here: contexts for it answer nil).
    case openGLES1 = 1
    /// OpenGL ES 2.
    case openGLES2 = 2
    /// OpenGL ES 3.
    case openGLES3 = 3
}

/// Objects (textures, buffers, programs) shared by the contexts made with it.
open class EAGLSharegroup: NSObject, @unchecked Sendable {
    weak var owner: EAGLContext?
}

/// An OpenGL ES rendering context, as on iOS: made for ES 2 or 3, made current on a thread, given a drawable
/// layer's storage for a renderbuffer, and presenting that renderbuffer into the layer.
///
/// Behind it is EGL on Mesa's surfaceless platform: the context draws into framebuffer objects only (as iOS apps
/// do). Presenting reads the renderbuffer back and makes its pixels the layer's `contents`, so the layer composites
/// like any other. When EGL cannot start, the initializer answers nil and `EAGLContext.unavailableReason` says why.
open class EAGLContext: NSObject, @unchecked Sendable {
    /// The OpenGL ES version the context speaks.
    public let api: EAGLRenderingAPI
    /// The group whose objects the context shares.
    public let sharegroup: EAGLSharegroup
    /// A label for debugging tools.
    open var debugLabel: String?
    /// Whether the context may use several threads (Mesa decides for itself; kept for source compatibility).
    open var isMultiThreaded = false

    let connection: EGLConnection
    let handle: EGLContext
    /// The drawables given storage for renderbuffers, by renderbuffer name.
    private var drawables: [GLuint: WeakDrawable] = [:]
    private var readFramebuffer: GLuint = 0

    /// Why the last context could not be made (nil once one was made).
    public static var unavailableReason: String? {
        reasonLock.lock(); defer { reasonLock.unlock() }
        return reason
    }
    nonisolated(unsafe) private static var reason: String?
    private static let reasonLock = NSLock()

    /// A context for `api`; nil for OpenGL ES 1 (Calyx offers 2 and 3) or when EGL cannot start.
    public convenience init?(api: EAGLRenderingAPI) { self.init(api: api, sharegroup: nil) }

    /// A context for `api` sharing objects with the contexts of `sharegroup`.
    public init?(api: EAGLRenderingAPI, sharegroup: EAGLSharegroup?) {
        guard api != .openGLES1 else {
            Self.note("OpenGL ES 1 is not offered; ask for .openGLES2 or .openGLES3")
            return nil
        }
        switch EGLConnection.shared() {
        case .failure(let error):
            Self.note(error.description)
            return nil
        case .success(let connection):
            let shared = sharegroup?.owner?.handle
            switch connection.makeContext(version: Int(api.rawValue), sharing: shared) {
            case .failure(let error):
                Self.note(error.description)
                return nil
            case .success(let handle):
                self.connection = connection
                self.handle = handle
            }
        }
        self.api = api
        self.sharegroup = sharegroup ?? EAGLSharegroup()
        super.init()
        if self.sharegroup.owner == nil { self.sharegroup.owner = self }
        Self.note(nil)
    }

    deinit {
        // (Not through `current()`: a context is released while the thread dictionary replaces it, and reading
        // the dictionary then would be a simultaneous access. EGL defers destroying a context current somewhere.)
        if eglGetCurrentContext() == handle { _ = connection.makeCurrent(nil) }
        connection.destroy(handle)
    }

    private static func note(_ why: String?) {
        reasonLock.lock(); reason = why; reasonLock.unlock()
    }

    // MARK: The current context (per thread, as EGL's is)

    private static let currentKey = "calyx.EAGLContext.current"

    /// Makes `context` current on this thread (nil: none); false when EGL refuses.
    @discardableResult
    open class func setCurrent(_ context: EAGLContext?) -> Bool {
        if let context {
            guard context.connection.makeCurrent(context.handle) else { return false }
            Thread.current.threadDictionary[currentKey] = context
        } else {
            if case .success(let connection) = EGLConnection.shared() { _ = connection.makeCurrent(nil) }
            Thread.current.threadDictionary[currentKey] = nil
        }
        return true
    }

    /// The context current on this thread.
    open class func current() -> EAGLContext? { Thread.current.threadDictionary[currentKey] as? EAGLContext }

    // MARK: Drawables

    /// Gives the renderbuffer bound to `target` (`GL_RENDERBUFFER`) storage the size of `drawable`'s bounds in
    /// pixels (times its `contentsScale`), in its colour format; nil releases it. This context must be current.
    @discardableResult
    open func renderbufferStorage(_ target: Int, from drawable: EAGLDrawable?) -> Bool {
        guard Self.current() === self, target == Int(GL_RENDERBUFFER) else { return false }
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        guard bound != 0 else { return false }
        let name = GLuint(bound)
        guard let drawable else {
            drawables[name] = nil
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), 0, 0)
            return true
        }
        let size = drawable.drawablePixelSize
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384 else { return false }
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        guard glGetError() == GLenum(GL_NO_ERROR) else { return false }
        drawables[name] = WeakDrawable(drawable: drawable)
        return true
    }

    /// Shows the renderbuffer bound to `target` in the layer that gave it storage: its pixels are read back and
    /// become the layer's `contents` (without an implicit animation). This context must be current.
    @discardableResult
    open func presentRenderbuffer(_ target: Int) -> Bool {
        guard Self.current() === self, target == Int(GL_RENDERBUFFER) else { return false }
        var bound: GLint = 0, previousFramebuffer: GLint = 0
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
        guard bound != 0, let drawable = drawables[GLuint(bound)]?.drawable else { return false }
        var width: GLint = 0, height: GLint = 0
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &width)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &height)
        guard width > 0, height > 0 else { return false }
        if readFramebuffer == 0 { glGenFramebuffers(1, &readFramebuffer) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), readFramebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), GLuint(bound))
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer))
        guard let image = Self.image(fromBottomUpRGBA: pixels, width: Int(width), height: Int(height), opaque: drawable.isOpaque)
        else { return false }
        drawable.present(image)
        return true
    }

    /// A CGImage of GL's rows (bottom row first, premultiplied RGBA) the right way up.
    static func image(fromBottomUpRGBA pixels: [UInt8], width: Int, height: Int, opaque: Bool) -> CGImage? {
        var flipped = [UInt8](repeating: 0, count: pixels.count)
        let row = width * 4
        for y in 0..<height {
            let from = (height - 1 - y) * row
            flipped.replaceSubrange(y * row..<(y + 1) * row, with: pixels[from..<from + row])
        }
        let info = (opaque ? CGImageAlphaInfo.noneSkipLast : .premultipliedLast).rawValue | CGBitmapInfo.byteOrder32Big.rawValue
        guard let provider = CGDataProvider(data: Data(flipped) as CFData) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: row,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider,
                       decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

private struct WeakDrawable { weak var drawable: EAGLDrawable? }

import Foundation
@_implementationOnly import CEGL

/// The process's EGL display on Mesa's surfaceless platform (no window system, no GPU needed: llvmpipe draws
/// where there is none), opened once, on first use.
final class EGLConnection: @unchecked Sendable {
    let display: EGLDisplay
    let config: EGLConfig?

    private static let lock = NSLock()
    nonisolated(unsafe) private static var opened: Result<EGLConnection, EAGLContextError>?

    private init(display: EGLDisplay, config: EGLConfig?) { self.display = display; self.config = config }

    /// The connection, or why EGL cannot start here.
    static func shared() -> Result<EGLConnection, EAGLContextError> {
        lock.lock(); defer { lock.unlock() }
        if let opened { return opened }
        let result = open()
        opened = result
        return result
    }

    private static func open() -> Result<EGLConnection, EAGLContextError> {
        guard let address = eglGetProcAddress("eglGetPlatformDisplayEXT") else {
            return .failure(.unavailable("EGL has no eglGetPlatformDisplayEXT (is Mesa's libegl-mesa0 installed?)"))
        }
        let getPlatformDisplay = unsafeBitCast(address, to: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
        guard let display = getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            return .failure(.unavailable("no EGL display on the surfaceless platform (error 0x\(String(eglGetError(), radix: 16)))"))
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            return .failure(.unavailable("eglInitialize failed (error 0x\(String(eglGetError(), radix: 16)))"))
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            return .failure(.unavailable("EGL cannot bind OpenGL ES"))
        }
        var attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        eglChooseConfig(display, &attributes, &config, 1, &count)
        return .success(EGLConnection(display: display, config: count > 0 ? config : nil))
    }

    /// A new OpenGL ES context of `version`, sharing objects with `share` if given.
    func makeContext(version: Int, sharing share: EGLContext?) -> Result<EGLContext, EAGLContextError> {
        // The bound API is per thread, and other code in the process (a window library) may have bound another.
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        var attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(version), EGL_NONE]
        // (EGL's "no context" and "no surface" are null pointers.)
        let context = eglCreateContext(display, config, share, &attributes)
        guard let context else {
            return .failure(.unavailable("no OpenGL ES \(version) context (error 0x\(String(eglGetError(), radix: 16)))"))
        }
        return .success(context)
    }

    /// Makes `context` current on this thread with no surface (it draws into framebuffer objects), or none.
    func makeCurrent(_ context: EGLContext?) -> Bool {
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        return eglMakeCurrent(display, nil, nil, context) == EGL_TRUE
    }

    func destroy(_ context: EGLContext) { eglDestroyContext(display, context) }
}

/// Why OpenGL ES is not available.
public enum EAGLContextError: Error, CustomStringConvertible, Sendable {
    /// EGL or a GL ES context could not start, with the reason.
    case unavailable(String)

    /// Why, in a sentence.
    public var description: String {
        switch self { case .unavailable(let why): return "OpenGL ES is not available: \(why)" }
    }
}

import Foundation
import CoreGraphics
import QuartzCore
import UIKit
import CSDL2

/// A desktop window (SDL2) showing a layer tree live: a `CARenderServer` draws it on its own thread at each
/// refresh of the screen, and the window presents the newest frame. The thread that opens the window runs its
/// events (``run(for:)`` or `processEvents()`), the app's run loop with them, so display links, animation
/// callbacks and completion blocks arrive there as on iOS's main thread.
///
///     let window = try HostWindow(layer: root, title: "Spinner")
///     window.run()   // until the window is closed
///
/// The root layer follows the window's size (in points; pixels are points × ``scale`` on a HiDPI screen).
/// Pointer input becomes touches: with a `UIWindow` (or any view) as the root, a press is delivered to the view
/// its hit test finds, through `UIWindow.sendPointer(_:at:timestamp:)`; every tree also gets
/// ``onPointer`` with the layer `hitTest` finds. Without a display the initializer throws
/// ``HostWindowError/noDisplay(_:)``; fall back to ``AnimationExporter``.
public final class HostWindow {
    /// What the pointer did.
    public struct PointerEvent: Sendable {
        /// Began, moved or ended.
        public let phase: UITouch.Phase
        /// Where, in the root layer's coordinates (points).
        public let location: CGPoint
    }

    /// The tree shown; its bounds follow the window's size.
    public let layer: CALayer
    /// The window's title.
    public let title: String
    /// Pixels per point of the window's drawable.
    public private(set) var scale: CGFloat = 1
    /// Whether the window is still open (the user has not closed it, ``close()`` was not called, the display is
    /// still there).
    public private(set) var isOpen = true
    /// Whether the window closed because its display went away (the X server quit or its connection broke).
    public private(set) var displayWasLost = false
    /// Called on the event thread for each press, drag and release, with the layer the press hit (the deepest
    /// layer whose `hitTest` contains the point; nil outside the tree).
    public var onPointer: ((PointerEvent, CALayer?) -> Void)?
    /// Called on the event thread when the window closes.
    public var onClose: (() -> Void)?

    /// A key pressed in the window (Calyx addition: a viewer's controls).
    public enum Key: Sendable, Equatable {
        case space, left, right, up, down, home, end
        /// Any other key that types a character (lowercase letters, digits, punctuation).
        case character(Character)
    }
    /// Called on the event thread for each key pressed while the window has the keyboard (held keys repeat).
    public var onKey: ((Key) -> Void)?

    private let window: OpaquePointer
    private let windowID: UInt32
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    /// The texture's size in pixels: only a frame of exactly this size may be uploaded to it.
    private var textureSize = (width: 0, height: 0)
    private var server: CARenderServer?
    private let display: CAVirtualDisplay
    /// (Internal for the tests, which post a frame of a size the window no longer has.)
    let mailbox = FrameMailbox()
    private var pointerDown = false
    /// The touch-screen finger that stands for the pointer (the first one down).
    private var primaryFinger: Int?
    /// The media time of the frame on screen, nil before the first.
    public private(set) var presentedFrameTime: CFTimeInterval?

    /// Opens a window showing `layer`, sized to the layer's bounds (or `size`, in points).
    public init(layer: CALayer, title: String = "Calyx", size: CGSize? = nil) throws {
        try SDLVideo.start()
        SDLVideo.calls.lock()
        defer { SDLVideo.calls.unlock() }
        self.layer = layer
        self.title = title
        let points = size ?? layer.bounds.size
        guard points.width.isFinite, points.height.isFinite, points.width >= 1, points.height >= 1,
              points.width <= 16384, points.height <= 16384 else {
            throw HostWindowError.cannotCreate("size \(points) is not a window size")
        }
        let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow(title, 0, 0, Int32(points.width), Int32(points.height), flags) else {
            throw HostWindowError.cannotCreate(SDLVideo.lastError)
        }
        // SDL's software renderer: frames arrive drawn, so presenting is a copy to the window (shared memory on
        // X11), and SDL loads no OpenGL. An accelerated SDL renderer shares Mesa with the process's OpenGL ES
        // (CAEAGLLayer's EGL), and the two crashed Mesa's rasterizer when used from two threads at once.
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw HostWindowError.cannotCreate(SDLVideo.lastError)
        }
        self.window = window
        self.renderer = renderer
        windowID = SDL_GetWindowID(window)
        // Refreshes at the screen's rate (60 Hz when the screen does not say, as under Xvfb), in the media time
        // of the clock current where the window opens (a manual clock: frames come as it is advanced).
        var mode = SDL_DisplayMode()
        let hz = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? Int(mode.refresh_rate) : 60
        display = CAVirtualDisplay(framesPerSecond: hz, clock: CAMediaClock.current)
        try resize()
        SDLVideo.register(self, id: windowID)
        SDLVideo.watchForLostDisplay(window)
    }

    deinit { close() }

    /// Runs the window's events and the current run loop until the window closes, or for `duration` seconds.
    public func run(for duration: TimeInterval? = nil) {
        let end = duration.map { Date().addingTimeInterval($0) }
        while isOpen, end.map({ Date() < $0 }) ?? true {
            processEvents(waitingUpTo: 0.004)
        }
    }

    /// Handles pending window events, presents the newest frame and gives the current run loop a turn (for an
    /// app that runs its own loop). Sleeps up to `timeout` seconds (at most 4 ms) first.
    public func processEvents(waitingUpTo timeout: TimeInterval = 0) {
        guard isOpen else { return }
        var event = SDL_Event()
        // Waits in short sleeps outside the lock, so that a window on another thread is not held up.
        let wait = max(0, min(timeout, 0.004))
        if wait > 0 { usleep(useconds_t(wait * 1e6)) }
        while isOpen, !SDLVideo.isDisplayLost, SDLVideo.calls.withLock({ SDL_PollEvent(&event) }) != 0 {
            for target in SDLVideo.windows(for: event) { SDLVideo.calls.withLock { target.handle(event) } }
        }
        if SDLVideo.isDisplayLost { closeWithoutDisplay(); return }
        guard isOpen else { return }
        SDLVideo.calls.withLock { present() }
        RunLoop.current.run(mode: .default, before: Date())
    }

    /// The display went away: the render thread stops and the window counts as closed. SDL's window and renderer
    /// are left alone, since every call on a dead X connection fails.
    private func closeWithoutDisplay() {
        guard isOpen else { return }
        isOpen = false
        displayWasLost = true
        server?.stop()
        server = nil
        SDLVideo.unregister(id: windowID)
        onClose?()
    }

    /// Closes the window and stops its render thread.
    public func close() {
        guard isOpen else { return }
        if SDLVideo.isDisplayLost { closeWithoutDisplay(); return }
        isOpen = false
        server?.stop()
        server = nil
        SDLVideo.unregister(id: windowID)
        SDLVideo.calls.withLock {
            if let texture { SDL_DestroyTexture(texture) }
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
        }
        onClose?()
    }

    /// The pixels the window shows now (the frame last presented), or nil before the first frame.
    public func readPixels() -> CGImage? {
        SDLVideo.calls.withLock { readPixelsLocked() }
    }

    private func readPixelsLocked() -> CGImage? {
        guard isOpen, presentedFrameTime != nil, let texture else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard let context = CGContext.canonicalBitmap(width: Int(w), height: Int(h)), let data = context.data else { return nil }
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, data, Int32(context.bytesPerRow)) == 0
        else { return nil }
        return context.makeImage()
    }

    // MARK: Frames

    /// Follows the window's size: the root layer's bounds take the size in points, and a render server draws
    /// at the size in pixels.
    private func resize() throws {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        guard w > 0, h > 0, pw > 0, ph > 0 else { return }
        scale = CGFloat(pw) / CGFloat(w)
        server?.stop()
        // A frame the stopped server left behind has the old size.
        mailbox.discard()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds.size = CGSize(width: CGFloat(w), height: CGFloat(h))
        layer.position = CGPoint(x: layer.bounds.width * layer.anchorPoint.x, y: layer.bounds.height * layer.anchorPoint.y)
        CATransaction.commit()
        if let texture { SDL_DestroyTexture(texture) }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph)
        textureSize = (Int(pw), Int(ph))
        guard texture != nil, let server = CARenderServer(layer: layer, pixelWidth: Int(pw), pixelHeight: Int(ph), display: display) else {
            throw HostWindowError.cannotCreate(SDLVideo.lastError)
        }
        let mailbox = self.mailbox
        server.onFrame = { frame in
            mailbox.post(frame)
            // Wakes the event thread (SDL_PushEvent may be called from any thread).
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            SDL_PushEvent(&wake)
        }
        self.server = server
        server.start()
    }

    /// Shows the newest frame the render thread has drawn, if it is new.
    private func present() {
        guard let frame = mailbox.take(), let texture else { return }
        let pixels = frame.image.pixels
        // SDL reads a whole texture's worth of rows from `pixels`: a frame of any other size (drawn before a
        // resize) would be read past its end.
        guard pixels.width == textureSize.width, pixels.height == textureSize.height else { return }
        // Canonical pixels are premultiplied BGRA in memory, SDL's ARGB8888 on little-endian machines; the frame
        // is drawn over black, so transparent parts show black.
        SDL_UpdateTexture(texture, nil, pixels.bytes, Int32(pixels.bytesPerRow))
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
        presentedFrameTime = frame.time
    }

    // MARK: Events

    private func handle(_ event: SDL_Event) {
        switch event.type {
        case SDL_QUIT.rawValue:
            close()
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: close()
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue: try? resize()
            // The application's lifecycle, as iOS reports it when an app leaves and comes back.
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue: UIApplication.shared.hostDidResignActive()
            case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue: UIApplication.shared.hostDidBecomeActive()
            case SDL_WINDOWEVENT_MINIMIZED.rawValue, SDL_WINDOWEVENT_HIDDEN.rawValue: UIApplication.shared.hostDidEnterBackground()
            default: break
            }
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pointerDown = true
            pointer(.began, x: event.button.x, y: event.button.y)
        case SDL_MOUSEMOTION.rawValue where pointerDown:
            pointer(.moved, x: event.motion.x, y: event.motion.y)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && pointerDown:
            pointerDown = false
            pointer(.ended, x: event.button.x, y: event.button.y)
        case SDL_KEYDOWN.rawValue:
            if let key = Self.key(event.key.keysym.sym) { onKey?(key) }
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            finger(event.tfinger, phase: event.type == SDL_FINGERDOWN.rawValue ? .began : event.type == SDL_FINGERUP.rawValue ? .ended : .moved)
        default:
            break
        }
    }

    /// The key SDL's key code names, nil for keys without a character (shift, function keys, …).
    static func key(_ code: SDL_Keycode) -> Key? {
        switch code {
        case SDL_Keycode(SDLK_SPACE.rawValue): return .space
        case SDL_Keycode(SDLK_LEFT.rawValue): return .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): return .right
        case SDL_Keycode(SDLK_UP.rawValue): return .up
        case SDL_Keycode(SDLK_DOWN.rawValue): return .down
        case SDL_Keycode(SDLK_HOME.rawValue): return .home
        case SDL_Keycode(SDLK_END.rawValue): return .end
        // (Keys that type a character have their character's code below 128.)
        case 33..<127: return UnicodeScalar(UInt32(code)).map { .character(Character($0)) }
        default: return nil
        }
    }

    /// A touch screen's finger (SDL gives its place as a fraction of the window): to a `UIWindow` tree as one
    /// finger of a multi-touch event; the first finger down is also the tree's pointer for ``onPointer``.
    private func finger(_ event: SDL_TouchFingerEvent, phase: UITouch.Phase) {
        let b = layer.bounds
        let location = CGPoint(x: b.minX + CGFloat(event.x) * b.width, y: b.minY + CGFloat(event.y) * b.height)
        let id = Int(truncatingIfNeeded: event.fingerId)
        if phase == .began, primaryFinger == nil { primaryFinger = id }
        let input = { (p: CGPoint) in UITouchInput(finger: id, phase: phase, location: p) }
        if let window = layer.delegate as? UIWindow {
            window.sendTouches([input(location)])
        } else if let view = layer.delegate as? UIView {
            view.window?.sendTouches([input(view.convert(location, to: nil))])
        }
        guard id == primaryFinger else { return }
        if phase == .ended { primaryFinger = nil }
        onPointer?(PointerEvent(phase: phase, location: location), layer.hitTest(layer.convert(location, to: layer.superlayer)))
    }

    /// Window coordinates (points from the top left) in the root layer's coordinates.
    private func pointer(_ phase: UITouch.Phase, x: Int32, y: Int32) {
        let b = layer.bounds
        let location = CGPoint(x: b.minX + CGFloat(x), y: b.minY + CGFloat(y))
        if let window = layer.delegate as? UIWindow {
            window.sendPointer(phase, at: location)
        } else if let view = layer.delegate as? UIView {
            view.window?.sendPointer(phase, at: view.convert(location, to: nil))
        }
        let hit = layer.hitTest(layer.convert(location, to: layer.superlayer))
        onPointer?(PointerEvent(phase: phase, location: location), hit)
    }
}

/// The newest frame from the render thread, for the event thread to present; older ones are dropped.
final class FrameMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var frame: CARenderServer.Frame?

    func post(_ new: CARenderServer.Frame) { lock.withLock { frame = new } }
    func take() -> CARenderServer.Frame? { lock.withLock { defer { frame = nil }; return frame } }
    func discard() { lock.withLock { frame = nil } }
}

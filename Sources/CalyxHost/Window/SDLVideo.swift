import CSDL2
import Foundation

/// SDL's video subsystem, started once for the process and shared by every window. SDL's video calls run on
/// the thread that opens the first window (the host's event thread); the render threads never call SDL.
enum SDLVideo {
    private nonisolated(unsafe) static var started = false
    private static let lock = NSLock()

    /// Starts SDL's video subsystem, or says why it cannot (no display, no driver).
    static func start() throws {
        try lock.withLock {
            if started { return }
            // SDL falls back to an invisible offscreen driver when there is no screen; a window nobody can see
            // is an error unless that driver was asked for (SDL_VIDEODRIVER=offscreen).
            let environment = ProcessInfo.processInfo.environment
            let chosenDriver = environment["SDL_VIDEODRIVER"]
            if chosenDriver == nil, environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil {
                throw HostWindowError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
            }
            SDL_SetMainReady()
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
            SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
            // Touch screens arrive as fingers (several at once, for pinches and rotations), not also as a mouse.
            SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
            // No OpenGL in SDL at all: the window surface is plain shared memory, not a GL-backed framebuffer
            // (see HostWindow: Mesa is the process's OpenGL ES too).
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
                throw HostWindowError.noDisplay(lastError)
            }
            let driver = String(cString: SDL_GetCurrentVideoDriver())
            if chosenDriver == nil, driver == "offscreen" || driver == "dummy" {
                SDL_QuitSubSystem(SDL_INIT_VIDEO)
                throw HostWindowError.noDisplay("SDL found no screen, only its \(driver) driver")
            }
            started = true
        }
    }

    static var lastError: String { String(cString: SDL_GetError()) }

    /// Set when the X server's connection broke (the server quit or was killed): every window is gone, and the
    /// hosts stop instead of letting Xlib end the process.
    private static let lost = NSLock()
    nonisolated(unsafe) private static var displayWasLost = false
    static var isDisplayLost: Bool { lost.withLock { displayWasLost } }

    /// Makes a broken X connection end the windows rather than the process: Xlib's default is to print a
    /// message and call `exit`; with a handler that returns and an exit handler for SDL's connection (libX11 1.7
    /// and later), the program goes on and the windows close.
    static func watchForLostDisplay(_ window: OpaquePointer) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return }
        // Xlib's default I/O error handler exits itself; one that returns lets the exit handler below decide.
        // (Process-wide, but a display without an exit handler of its own still ends the process as before.)
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(display, { _, _ in
            SDLVideo.lost.withLock { SDLVideo.displayWasLost = true }
        }, nil)
    }

    /// Held around every SDL video call: Xlib's connection is not made for several threads at once, so windows
    /// driven from different threads take turns.
    static let calls = NSRecursiveLock()

    /// Open windows by SDL window ID: SDL has one event queue for the process, so whichever window pumps it
    /// hands each event to the window it is for.
    nonisolated(unsafe) private static var windows: [UInt32: Weak] = [:]
    struct Weak { weak var window: HostWindow? }

    static func register(_ window: HostWindow, id: UInt32) { calls.withLock { windows[id] = Weak(window: window) } }
    static func unregister(id: UInt32) { calls.withLock { windows[id] = nil } }

    /// The window an event is for (events without a window, such as quitting, go to every window).
    static func windows(for event: SDL_Event) -> [HostWindow] {
        calls.withLock {
            let id: UInt32
            switch event.type {
            case SDL_WINDOWEVENT.rawValue: id = event.window.windowID
            case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue: id = event.button.windowID
            case SDL_MOUSEMOTION.rawValue: id = event.motion.windowID
            default: return windows.values.compactMap(\.window)
            }
            return windows[id]?.window.map { [$0] } ?? []
        }
    }
}

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
}

/// Why a ``HostWindow`` could not open.
public enum HostWindowError: Error, CustomStringConvertible, Equatable {
    /// There is no display to open a window on (no `DISPLAY` or Wayland socket, or SDL has no video driver).
    /// A program can fall back to headless export (``AnimationExporter``).
    case noDisplay(String)
    /// The display refused the window or its renderer.
    case cannotCreate(String)

    /// What went wrong and what to do, in a sentence.
    public var description: String {
        switch self {
        case .noDisplay(let why):
            "no display to open a window on (\(why)); set DISPLAY, run under xvfb-run, or export headlessly instead"
        case .cannotCreate(let why): "cannot create the window: \(why)"
        }
    }
}

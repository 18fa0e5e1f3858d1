/// Why a Lottie file could not be read.
public enum LottieError: Error, CustomStringConvertible, Sendable {
    /// The data is not a Lottie animation (not JSON, or missing what every animation has), with the reason.
    case invalidFile(String)
    /// The file could not be read from disk.
    case unreadable(String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .invalidFile(let reason): return "not a Lottie animation: \(reason)"
        case .unreadable(let path): return "cannot read the Lottie file at \(path)"
        }
    }
}

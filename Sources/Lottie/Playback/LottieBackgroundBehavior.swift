/// What a playing animation does when the app moves to the background — lottie-ios's
/// `LottieBackgroundBehavior`.
public enum LottieBackgroundBehavior: Hashable, Sendable {
    /// Stops, showing the start of the range it played; its completion is told it did not finish.
    case stop
    /// Pauses where it is; its completion is told it did not finish.
    case pause
    /// Pauses, and plays on to the end of its range when the app returns to the foreground (its completion
    /// waits for that end).
    case pauseAndRestore
    /// Stops, showing the end of the range it played; its completion is told it did not finish.
    case forceFinish
    /// Goes on playing.
    case continuePlaying

    /// The behaviour lottie-ios gives an engine by default: pausing and restoring for the main-thread engine, playing
    /// on for the Core Animation engine (whose playing costs the app's thread nothing).
    public static func `default`(for renderingEngine: RenderingEngine) -> LottieBackgroundBehavior {
        switch renderingEngine {
        case .mainThread: .pauseAndRestore
        case .coreAnimation: .continuePlaying
        }
    }
}

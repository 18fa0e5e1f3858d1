/// How an animation repeats when it plays — lottie-ios's `LottieLoopMode`.
public enum LottieLoopMode: Hashable, Sendable {
    /// Plays once, then holds its last frame.
    case playOnce
    /// Plays from start to end for ever.
    case loop
    /// Plays forwards, then backwards, for ever.
    case autoReverse
    /// Plays `count` times (fractional counts stop part-way).
    case `repeat`(Float)
    /// Plays forwards then backwards `count` times.
    case repeatBackwards(Float)
}

/// Called when playback ends: `true` when it reached its end, `false` when something interrupted it.
public typealias LottieCompletionBlock = (Bool) -> Void

import Foundation

/// What a player does: hold one point of the animation, or play a range — lottie-ios's `LottiePlaybackMode`,
/// set with ``LottieAnimationLayer/setPlaybackMode(_:completion:)``.
public enum LottiePlaybackMode: Hashable, Sendable {
    /// Paused at a point.
    case paused(at: PausedState)
    /// Playing a range.
    case playing(_ mode: PlaybackMode)

    /// Paused where it is.
    public static var paused: LottiePlaybackMode { .paused(at: .currentFrame) }

    /// Where a paused animation holds.
    public enum PausedState: Hashable, Sendable {
        case currentFrame
        case progress(AnimationProgressTime)
        case frame(AnimationFrameTime)
        case time(TimeInterval)
        case marker(_ name: String, position: LottieMarkerPosition = .start)
    }

    /// The range a playing animation plays.
    public enum PlaybackMode: Hashable, Sendable {
        case fromProgress(_ fromProgress: AnimationProgressTime?, toProgress: AnimationProgressTime, loopMode: LottieLoopMode)
        case fromFrame(_ fromFrame: AnimationFrameTime?, toFrame: AnimationFrameTime, loopMode: LottieLoopMode)
        case fromMarker(_ fromMarker: String?, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode)
        /// From the marker's start to its end (its start plus its duration).
        case marker(_ marker: String, loopMode: LottieLoopMode)
    }
}

/// Which end of a marker's range.
public enum LottieMarkerPosition: Hashable, Sendable {
    case start, end
}

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
        /// Wherever the animation is now.
        case currentFrame
        /// At a progress from 0 (the start) to 1 (the end).
        case progress(AnimationProgressTime)
        /// At a frame number.
        case frame(AnimationFrameTime)
        /// At a time in seconds from the start.
        case time(TimeInterval)
        /// At the start or end of a named marker.
        case marker(_ name: String, position: LottieMarkerPosition = .start)
    }

    /// The range a playing animation plays.
    public enum PlaybackMode: Hashable, Sendable {
        /// From one progress (nil: the current one) to another, looping as `loopMode` says.
        case fromProgress(_ fromProgress: AnimationProgressTime?, toProgress: AnimationProgressTime, loopMode: LottieLoopMode)
        /// From one frame (nil: the current one) to another, looping as `loopMode` says.
        case fromFrame(_ fromFrame: AnimationFrameTime?, toFrame: AnimationFrameTime, loopMode: LottieLoopMode)
        /// From one marker (nil: the current frame) to another, ending at the end marker's start or its end.
        case fromMarker(_ fromMarker: String?, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode)
        /// From the marker's start to its end (its start plus its duration).
        case marker(_ marker: String, loopMode: LottieLoopMode)
    }
}

/// Which end of a marker's range.
public enum LottieMarkerPosition: Hashable, Sendable {
    /// The marker's first frame.
    case start
    /// The marker's last frame (its start plus its duration).
    case end
}

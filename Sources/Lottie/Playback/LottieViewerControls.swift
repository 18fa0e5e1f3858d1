import QuartzCore

/// What `calyx view` does with a Lottie player when its keys are pressed: pause and play on, step a frame back or
/// on, go to the first or last frame. (Package API: the viewer's, not lottie-ios's.)
package final class LottieViewerControls {
    package let player: LottieAnimationLayer

    package init(player: LottieAnimationLayer) { self.player = player }

    /// Plays the whole animation, looping.
    package func playLooping() {
        player.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
    }

    /// Pauses where it is; paused, plays on from there to the end and then loops the whole animation again.
    package func togglePlaying() {
        guard !player.isAnimationPlaying else { player.pause(); return }
        player.play(fromProgress: player.currentProgress, toProgress: 1, loopMode: .playOnce) { [weak self] finished in
            if finished { self?.playLooping() }
        }
    }

    /// Pauses and shows the whole frame `frames` away from the one shown (rounded to a whole frame first),
    /// within the animation's frames.
    package func step(by frames: Int) {
        guard let animation = player.animation else { return }
        player.pause()
        let next = player.currentFrame.rounded() + CGFloat(frames)
        player.currentFrame = min(max(next, animation.startFrame), animation.endFrame)
    }

    /// Pauses on the first frame (`toEnd` false) or the last.
    package func go(toEnd: Bool) {
        guard let animation = player.animation else { return }
        player.pause()
        player.currentFrame = toEnd ? animation.endFrame : animation.startFrame
    }
}

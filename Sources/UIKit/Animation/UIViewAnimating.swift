/// Where an animator stands: not started (or finished), running or paused, or stopped and waiting for
/// `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped, waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animator finished: at its end, back at its start, or wherever it stood when stopped.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end of the animations.
    case end = 0
    /// Back at the start of the animations.
    case start = 1
    /// Wherever the animations stood when stopped.
    case current = 2
}

/// An animation that can be started, paused, scrubbed, reversed, stopped and finished: what
/// `UIViewPropertyAnimator` and custom animators adopt, and what interruptible transitions drive.
public protocol UIViewAnimating: AnyObject {
    /// Inactive, active (running or paused) or stopped.
    var state: UIViewAnimatingState { get }
    /// Whether it is running (false while paused).
    var isRunning: Bool { get }
    /// Whether it runs back toward its start.
    var isReversed: Bool { get set }
    /// How far along it is, from 0 to 1.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes it.
    func startAnimation()
    /// Starts it after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses it where it stands.
    func pauseAnimation()
    /// Stops it where it stands: inactive at once with `withoutFinishing`, else stopped until
    /// `finishAnimation(at:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animation at `finalPosition`.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator whose animations come from blocks of view changes, as `UIView.animate` blocks: more can be added
/// while it runs, and its timing changed when it resumes. (Apple declares these requirements optional; Swift
/// without the Objective-C runtime has no optional requirements, so each has a default that does nothing.)
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds a block of changes, animated over the remaining duration.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a block of changes that starts `delayFactor` × the remaining duration from now.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block run when the animations end, with where they ended.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing; `durationFactor` scales its duration.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    /// Does nothing: an animator that takes no added blocks.
    public func addAnimations(_ animation: @escaping () -> Void) {}
    /// Does nothing: an animator that takes no added blocks.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    /// Does nothing: an animator that takes no completions.
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    /// Does nothing: an animator that cannot be retimed.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {}
}

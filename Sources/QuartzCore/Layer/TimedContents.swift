/// A layer whose contents change with time on their own (a video layer): renderers ask it for the image to show
/// at each frame's media time instead of reading `contents`, so offline rendering is frame-exact. It is asked on
/// the render thread, so it answers from state it guards itself. Renderers count such a layer as changing every
/// frame while `changesContinuously` says so. A conforming class sets `hasTimedContents` in its initializers.
package protocol CALayerTimedContents: CALayer {
    /// The image for media time `t` (nil: no image yet).
    func timedContents(atMediaTime t: CFTimeInterval) -> CGImage?
    /// Whether the image may differ from frame to frame now (a playing video).
    var changesContinuously: Bool { get }
}

/// Something with work at media times that is not an animation (a playing `AVPlayer` reaching the end of its
/// item): the event pass calls it, on the thread that owns the clock's events, as Apple's run loop would.
package protocol MediaTimeObserver: AnyObject {
    func mediaTimeDidAdvance(to now: CFTimeInterval)
    /// Whether it still waits for a later time (the run loop keeps delivering while anything does).
    var waitsForMediaTime: Bool { get }
}

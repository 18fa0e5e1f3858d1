/// A render tree's frame count, shared by its nodes: frame layers (animated copies of snapshots) made in one
/// frame are reused in the next, so an animated layer costs no allocation per frame.
final class FrameClock {
    private(set) var frame = 0
    func advance() { frame &+= 1 }
}

extension RenderTree {
    /// Starts a frame: frame layers handed out before are reused from now on. The compositor calls it once per
    /// top-level frame, before evaluating anything.
    package func beginFrame() { clock.advance() }
}

extension RenderTree.Node {
    /// Frame layers kept per node.
    static let framePoolLimit = 64

    /// The next unused frame layer of this frame: the pool's next copy of the snapshot, made on first need.
    /// Every animated key is overwritten on each use, and nothing else differs from the snapshot.
    func nextFrameLayer() -> CALayer {
        if framePoolFrame != clock.frame { framePoolFrame = clock.frame; framePoolUsed = 0 }
        defer { framePoolUsed += 1 }
        if framePoolUsed < framePool.count { return framePool[framePoolUsed] }
        let copy = snapshot.engineCopy()
        // (Bounded: a replicator of thousands of instances takes fresh copies past the pool's end.)
        if framePool.count < Self.framePoolLimit { framePool.append(copy) }
        return copy
    }
}

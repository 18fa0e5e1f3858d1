/// A pan that must begin near one of the window's `edges` (within 20 points of it, a Calyx value).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer, @unchecked Sendable {
    /// The window edges the pan may begin at (none by default: set it).
    open var edges: UIRectEdge = []

    static let edgeMargin: CGFloat = 20

    /// Fails unless the touch began near one of `edges`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let window = view?.window, let touch = touches.first {
            let p = touch.location(in: nil), b = window.bounds
            let near = (edges.contains(.left) && p.x - b.minX <= Self.edgeMargin)
                || (edges.contains(.right) && b.maxX - p.x <= Self.edgeMargin)
                || (edges.contains(.top) && p.y - b.minY <= Self.edgeMargin)
                || (edges.contains(.bottom) && b.maxY - p.y <= Self.edgeMargin)
            if !near, numberOfTouches == touches.count { state = .failed; return }
        }
        super.touchesBegan(touches, with: event)
    }
}

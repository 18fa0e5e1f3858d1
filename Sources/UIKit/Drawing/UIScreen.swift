/// The display: `bounds` in points and `scale` pixels a point. Headless, it is a 390 × 844-point screen at 3×
/// (an iPhone's proportions); a host that opens a window sets its own size and scale.
open class UIScreen: NSObject, @unchecked Sendable {
    /// The screen views are shown on.
    public static let main = UIScreen()

    private let lock = NSLock()
    private var storedBounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    private var storedScale: CGFloat = 3

    /// The screen's bounds in points (390 × 844, an iPhone's, unless a host sets them).
    open var bounds: CGRect {
        get { lock.lock(); defer { lock.unlock() }; return storedBounds }
        set { lock.lock(); storedBounds = newValue; lock.unlock() }
    }
    /// Pixels per point (3 unless a host sets it).
    open var scale: CGFloat {
        get { lock.lock(); defer { lock.unlock() }; return storedScale }
        set { lock.lock(); storedScale = newValue > 0 && newValue.isFinite ? newValue : storedScale; lock.unlock() }
    }
    /// Pixels per point of the physical screen (the same as `scale`).
    open var nativeScale: CGFloat { scale }
    /// The screen's bounds in pixels.
    open var nativeBounds: CGRect { bounds.applying(CGAffineTransform(scaleX: scale, y: scale)) }
}

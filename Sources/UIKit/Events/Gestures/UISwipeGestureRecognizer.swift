/// Recognizes a quick stroke in one of its `direction`s: the fingers travel `minimumDistance` that way within
/// `maximumDuration`, staying within a 30° cone of it. Discrete: it goes straight to `.recognized`, as soon as
/// the stroke qualifies.
open class UISwipeGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    /// The directions a swipe may go.
    public struct Direction: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Toward the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// Toward the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upward.
        public static let up = Direction(rawValue: 1 << 2)
        /// Downward.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (`.right` by default, as on iOS).
    open var direction: Direction = .right
    /// How many fingers must swipe (1 by default).
    open var numberOfTouchesRequired = 1

    /// How far a stroke must travel, in points, and how long it may take, in seconds. (Calyx's values: iOS does
    /// not publish its own.)
    static let minimumDistance: CGFloat = 50
    static let maximumDuration: TimeInterval = 0.5
    /// The widest angle from a direction that still counts as that direction (tan 30°).
    static let coneSlope: CGFloat = 0.577

    private var start: (point: CGPoint, time: TimeInterval)?

    /// Notes where and when the stroke started, failing if too many fingers are down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        if start == nil { start = (location(in: nil), event.timestamp) }
    }

    /// Recognizes once the stroke has gone far enough in one of the directions; fails if it strays or takes too long.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, numberOfTouches == numberOfTouchesRequired else { return }
        if event.timestamp - start.time > Self.maximumDuration { state = .failed; return }
        let here = location(in: nil)
        let dx = here.x - start.point.x, dy = here.y - start.point.y
        guard hypot(dx, dy) >= Self.minimumDistance else { return }
        let horizontal = abs(dy) <= abs(dx) * Self.coneSlope, vertical = abs(dx) <= abs(dy) * Self.coneSlope
        let matches = (horizontal && dx > 0 && direction.contains(.right)) || (horizontal && dx < 0 && direction.contains(.left))
            || (vertical && dy > 0 && direction.contains(.down)) || (vertical && dy < 0 && direction.contains(.up))
        state = matches ? .recognized : .failed
    }

    /// Fails: the fingers lifted before the stroke qualified.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, numberOfTouches <= touches.count { state = .failed }
    }

    /// Fails.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    /// Forgets the stroke for the next swipe.
    open override func reset() { start = nil }
}

/// Turns touches into a gesture — a tap, a pan — and tells its handlers as the gesture begins, changes and ends.
///
/// Attach one to a view with `UIView.addGestureRecognizer(_:)`; it then sees every touch that begins on that view
/// or its subviews, before the views do (``UIWindow/sendEvent(_:)``). Subclasses read touches in `touchesBegan`
/// and the rest and move `state` through Apple's machine: discrete gestures from `.possible` to `.recognized`
/// (`.ended`) or `.failed`; continuous ones through `.began`, `.changed`, then `.ended`, `.cancelled` or
/// `.failed`. Handlers run for `.began`, `.changed`, `.ended` and `.cancelled`.
///
/// There are no selectors without the Objective-C runtime: where iOS code writes
/// `UITapGestureRecognizer(target: self, action: #selector(tapped))`, write
/// `UITapGestureRecognizer { [weak self] _ in self?.tapped() }` (or `addTarget(_:action:)` with a closure).
/// Unlike iOS, `state` is settable without importing a subclass header: Swift here has no such headers.
open class UIGestureRecognizer: NSObject, @unchecked Sendable {
    /// A recognizer this one always recognizes alongside, as UIKit pairs a scroll view's pan and pinch.
    weak var simultaneousPartner: UIGestureRecognizer?

    /// Where a recognizer is in recognizing, with UIKit's raw values.
    public enum State: Int, Sendable {
        /// Not recognized yet (the state every recognizer starts in).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (a discrete gesture was recognized).
        case ended
        /// The gesture was cancelled.
        case cancelled
        /// The touches did not make the gesture.
        case failed
        /// A discrete gesture's success: the same as `.ended`.
        public static let recognized = State.ended
    }

    private var handlers: [(target: AnyObject?, action: (UIGestureRecognizer) -> Void)] = []

    /// A recognizer that runs `action` each time its state moves to `.began`, `.changed`, `.ended` or `.cancelled`.
    public init(handler action: ((UIGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { handlers.append((nil, action)) }
    }

    /// Adds a handler; `target`, when given, names it for `removeTarget(_:action:)` (held weakly, as iOS does).
    open func addTarget(_ target: AnyObject?, action: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append((target, action))
    }
    /// Removes every handler added with `target` (all of them when `target` is nil).
    open func removeTarget(_ target: AnyObject?) {
        handlers.removeAll { target == nil || $0.target === target }
    }

    // MARK: State

    private var storedState: State = .possible
    /// A state a recognizer asked for while one it requires to fail was still possible.
    var heldState: State?
    /// Where the recognizer is in its machine. Setting it is how subclasses report progress; a move out of
    /// `.possible` asks the delegate and the view whether the gesture may begin, waits for recognizers this one
    /// requires to fail, and makes the others on the same touches fail unless they may recognize simultaneously.
    open var state: State {
        get { storedState }
        set { requestTransition(to: newValue) }
    }

    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    /// Whether the recognizer receives touches; turning it off mid-gesture cancels the gesture.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
        }
    }
    /// Whether recognizing sends the view `touchesCancelled` for the gesture's touches (true by default).
    open var cancelsTouchesInView = true
    /// Whether touches reach the view only after the recognizer fails (false by default). Calyx delivers them at
    /// once; the flag is kept for source compatibility.
    open var delaysTouchesBegan = false
    /// Whether a touch's end reaches the view only after the recognizer fails (true by default). Calyx delivers
    /// the end at once unless the recognizer recognizes with that very touch, when the view gets
    /// `touchesCancelled` instead, as it does on iOS.
    open var delaysTouchesEnded = true
    /// May stop the recognizer beginning or let it run with others (held weakly).
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A name for debugging.
    open var name: String?

    // MARK: Touches

    /// The touches the recognizer is tracking (begun, not ended, not ignored). Held weakly: a touch holds its
    /// recognizers, and the window holds the touch while it is down, so a touch still down when its window goes
    /// away must not keep itself and its recognizers alive through them.
    private(set) var trackedTouches: [UITouch] {
        get { trackedTouchRefs.compactMap(\.touch) }
        set { trackedTouchRefs = newValue.map(WeakTouch.init) }
    }
    private var ignoredTouches: [UITouch] {
        get { ignoredTouchRefs.compactMap(\.touch) }
        set { ignoredTouchRefs = newValue.map(WeakTouch.init) }
    }
    private var trackedTouchRefs: [WeakTouch] = []
    private var ignoredTouchRefs: [WeakTouch] = []
    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the gesture's touches in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { view?.convert($0, from: nil) ?? $0 } ?? .zero }
        let points = trackedTouches.map { $0.location(in: view) }
        let n = CGFloat(points.count)
        return CGPoint(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
    }
    /// Where touch `touchIndex` of the gesture is, in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return .zero }
        return trackedTouches[touchIndex].location(in: view)
    }
    /// The window location of the last touch that ended (so `location(in:)` answers in an `.ended` handler).
    private var lastLocation: CGPoint?

    /// Stops the recognizer from hearing more of `touch`.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        ignoredTouches.append(touch)
    }

    /// Touches began in the view (subclasses recognize here).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches ended.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled: the recognizer is cancelled.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }

    /// Returns the recognizer to `.possible` once a gesture is over; subclasses clear their own state here.
    open func reset() {}

    // MARK: Relationships

    /// Recognizers this one waits on: it may recognize only after each has failed.
    private(set) var failureRequirements: [WeakRecognizer] = []
    /// Makes this recognizer wait until `other` fails before it recognizes (a single tap waiting on a double tap).
    open func require(toFail other: UIGestureRecognizer) {
        guard other !== self else { return }
        failureRequirements.append(WeakRecognizer(other))
    }
    /// Whether recognizing this gesture may make `preventedGestureRecognizer` fail (true by default).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing may make this one fail (true by default).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (false by default; subclasses answer).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail (false by default; subclasses answer).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// A single-finger single tap: the kind of recognizer a control's own action takes precedence over.
    var isSingleTap: Bool { false }

    // MARK: Delivery (called by the window)

    /// Hands one touch in its current phase to the recognizer's `touches*`.
    func receive(_ touch: UITouch, with event: UIEvent) {
        guard isEnabled, !ignoredTouches.contains(where: { $0 === touch }) else { return }
        // A finished gesture hears nothing more until every touch of it has lifted and it resets.
        guard state == .possible || state == .began || state == .changed else { return }
        isReceiving = true
        defer { isReceiving = false }
        switch touch.phase {
        case .began:
            trackedTouches.append(touch)
            touchesBegan([touch], with: event)
        case .moved, .stationary:
            touchesMoved([touch], with: event)
        case .ended:
            lastLocation = touch.locationInWindow
            touchesEnded([touch], with: event)
            trackedTouches.removeAll { $0 === touch }
        case .cancelled:
            lastLocation = touch.locationInWindow
            touchesCancelled([touch], with: event)
            trackedTouches.removeAll { $0 === touch }
        }
    }

    /// Set while `touches*` run: handlers wait until the method returns, as on iOS.
    private var isReceiving = false
    /// States reached while receiving whose handlers have not run.
    private var statesToAnnounce: [State] = []

    /// Runs the handlers owed for states reached during the last delivery.
    func settle() {
        let owed = statesToAnnounce
        statesToAnnounce = []
        for state in owed { announce(state) }
    }

    /// Called when one of the gesture's touches has finished: once none is left, a finished gesture resets.
    func touchFinished(_ touch: UITouch) {
        ignoredTouches.removeAll { $0 === touch }
        trackedTouches.removeAll { $0 === touch }
        if trackedTouches.isEmpty, ignoredTouches.isEmpty { resetIfFinished() }
    }

    func resetIfFinished() {
        guard state == .ended || state == .cancelled || state == .failed else { return }
        storedState = .possible
        heldState = nil
        lastLocation = nil
        reset()
    }

    private func requestTransition(to next: State) {
        guard next != storedState || next == .changed else { return }
        if storedState == .possible, next == .began || next == .ended {
            guard mayBegin() else { return commit(.failed) }
            if let waiting = pendingRequirement() {
                // Held until `waiting` fails (then this recognizes) or recognizes (then this fails).
                heldState = next
                waiting.waiters.append(WeakRecognizer(self))
                return
            }
        }
        commit(next)
    }

    /// Recognizers waiting on this one to fail.
    var waiters: [WeakRecognizer] = []

    func commit(_ next: State) {
        storedState = next
        if next == .began || next == .ended { preventOthers() }
        if next == .failed || next == .began || next == .ended { releaseWaiters(recognized: next != .failed) }
        if next == .began || next == .changed || next == .ended || next == .cancelled {
            if isReceiving { statesToAnnounce.append(next) } else { announce(next) }
        }
        if next == .failed || next == .cancelled || next == .ended, trackedTouches.isEmpty, !isReceiving {
            resetIfFinished()
        }
    }

    private func announce(_ state: State) {
        guard state != .possible, state != .failed else { return }
        for handler in handlers { handler.action(self) }
    }

    private func mayBegin() -> Bool {
        if let view, !view.gestureRecognizerShouldBegin(self) { return false }
        return delegate?.gestureRecognizerShouldBegin(self) ?? true
    }

    /// A recognizer on the same touches that this one must wait for, still undecided.
    private func pendingRequirement() -> UIGestureRecognizer? {
        let others = peers()
        for other in others where other.state == .possible {
            if failureRequirements.contains(where: { $0.recognizer === other }) { return other }
            if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return other }
            if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) ?? false { return other }
            if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) ?? false { return other }
        }
        // A requirement on a recognizer that shares no touch with this one still holds while it is possible.
        return failureRequirements.lazy.compactMap(\.recognizer).first { $0.state == .possible && $0.numberOfTouches > 0 }
    }

    /// The other recognizers receiving this one's touches.
    func peers() -> [UIGestureRecognizer] {
        var seen: [UIGestureRecognizer] = []
        for touch in trackedTouches + ignoredTouches {
            for other in touch.gestureRecognizers ?? [] where other !== self && !seen.contains(where: { $0 === other }) {
                seen.append(other)
            }
        }
        return seen
    }

    /// Recognizing: the others on the same touches fail unless either lets them recognize together, and the
    /// views lose the touches if this recognizer cancels touches in views.
    private func preventOthers() {
        for other in peers() where other.state == .possible || other.heldState != nil {
            guard !recognizesSimultaneously(with: other), canPrevent(other), other.canBePrevented(by: self) else { continue }
            other.heldState = nil
            other.commit(.failed)
        }
        guard cancelsTouchesInView else { return }
        for touch in trackedTouches + ignoredTouches + (lastTouchesEnded()) where !touch.isWithheldFromView {
            touch.isWithheldFromView = true
            if touch.viewSawBegin { touch.view?.touchesCancelled([touch], with: nil) }
        }
    }

    /// The touch that just ended, when recognition happens on its end (it has left `trackedTouches` already).
    private func lastTouchesEnded() -> [UITouch] {
        (view?.window?.touchesInProgress ?? []).filter { touch in
            (touch.phase == .ended || touch.phase == .cancelled) && (touch.gestureRecognizers?.contains { $0 === self } ?? false)
        }
    }

    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        other === simultaneousPartner || other.simultaneousPartner === self
            || (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    /// This recognizer has decided: those holding a state until it failed either take it (it failed) or fail.
    private func releaseWaiters(recognized: Bool) {
        let waiting = waiters.compactMap(\.recognizer)
        waiters = []
        for waiter in waiting {
            guard let held = waiter.heldState else { continue }
            waiter.heldState = nil
            if recognized {
                waiter.commit(.failed)
            } else if waiter.pendingRequirement() == nil {
                waiter.commit(held)
            } else {
                waiter.requestTransition(to: held)
            }
        }
    }
}

/// A touch held weakly.
struct WeakTouch {
    weak var touch: UITouch?
    init(_ touch: UITouch) { self.touch = touch }
}

/// A recognizer held weakly (requirements and waiters must not keep each other alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}

/// Answers a gesture recognizer's questions; every requirement is optional (the defaults are iOS's).
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           /// False.
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           /// False.
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           /// False.
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// True.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// True.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    /// False.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// False.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// False.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

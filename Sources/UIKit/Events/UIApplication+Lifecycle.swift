import Foundation
import Synchronization

/// The application's life as a host sees it: a window shown and focused is active, unfocused is inactive, hidden or
/// minimised is in the background. Each move posts UIKit's notifications in iOS's order — leaving: resign active,
/// then enter background; returning: enter foreground, then become active — so code that pauses and resumes its
/// animations on them runs as on iOS.
extension UIApplication {
    /// The state the host last reported (active until it reports otherwise).
    var reportedState: State { State(rawValue: lifecycleState.load(ordering: .relaxed)) ?? .active }

    /// The host's window lost focus (active → inactive).
    public func hostDidResignActive() {
        guard reportedState == .active else { return }
        move(to: .inactive, posting: [UIApplication.willResignActiveNotification])
    }

    /// The host's window gained focus (→ active, coming back from the background first if it was there).
    public func hostDidBecomeActive() {
        if reportedState == .background { move(to: .inactive, posting: [UIApplication.willEnterForegroundNotification]) }
        guard reportedState != .active else { return }
        move(to: .active, posting: [UIApplication.didBecomeActiveNotification])
    }

    /// The host's window was hidden or minimised (→ background, resigning active first if needed).
    public func hostDidEnterBackground() {
        if reportedState == .active { hostDidResignActive() }
        guard reportedState == .inactive else { return }
        move(to: .background, posting: [UIApplication.didEnterBackgroundNotification])
    }

    private func move(to state: State, posting names: [Notification.Name]) {
        lifecycleState.store(state.rawValue, ordering: .relaxed)
        for name in names { NotificationCenter.default.post(name: name, object: self) }
    }
}

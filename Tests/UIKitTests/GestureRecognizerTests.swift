import Testing
import Foundation
import UIKit

/// Events enter through the application, reach gesture recognizers before views, and recognizers settle who
/// wins as Apple documents: a recognizer that recognizes with `cancelsTouchesInView` takes the touch from the
/// view (`touchesCancelled`, nothing after), the nearest view's recognizer prevents its ancestors', delegates may
/// allow simultaneous recognition, `require(toFail:)` holds a single tap until a double tap fails, and a
/// control's own tap wins over a tap recognizer above it.
@Suite struct GestureRecognizerTests {
    final class TouchLog: UIView, @unchecked Sendable {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("cancelled") }
    }

    final class StateLog: @unchecked Sendable {
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
    }

    func scene() -> (UIWindow, TouchLog) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = TouchLog(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        window.addSubview(view)
        return (window, view)
    }

    func tap(_ window: UIWindow, at p: CGPoint, time: TimeInterval = 0) {
        window.sendPointer(.began, at: p, timestamp: time)
        window.sendPointer(.ended, at: p, timestamp: time + 0.05)
    }

    @Test func aTapRecognizesOnLiftAndTheViewIsCancelled() {
        let (window, view) = scene()
        let log = StateLog()
        let recognizer = UITapGestureRecognizer { log.states.append($0.state) }
        view.addGestureRecognizer(recognizer)
        #expect(recognizer.view === view && view.gestureRecognizers?.count == 1)
        tap(window, at: CGPoint(x: 100, y: 100))
        #expect(log.states == [.ended])
        #expect(view.calls == ["began", "cancelled"])
        #expect(recognizer.state == .possible)   // reset once its touch has finished
    }

    @Test func withoutCancellingTheViewSeesTheWholeTouch() {
        let (window, view) = scene()
        let log = StateLog()
        let recognizer = UITapGestureRecognizer { log.states.append($0.state) }
        recognizer.cancelsTouchesInView = false
        view.addGestureRecognizer(recognizer)
        tap(window, at: CGPoint(x: 100, y: 100))
        #expect(log.states == [.ended] && view.calls == ["began", "ended"])
    }

    @Test func aTapThatTravelsFails() {
        let (window, view) = scene()
        let log = StateLog()
        view.addGestureRecognizer(UITapGestureRecognizer { log.states.append($0.state) })
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 0)
        window.sendPointer(.moved, at: CGPoint(x: 130, y: 100), timestamp: 0.02)
        window.sendPointer(.ended, at: CGPoint(x: 130, y: 100), timestamp: 0.04)
        #expect(log.states.isEmpty && view.calls == ["began", "moved", "ended"])
    }

    /// Translation is measured from where the finger went down; velocity from the last two samples; both in the
    /// asking view's coordinates (a view scaled 2× sees half the distance).
    @Test func aPanReportsTranslationAndVelocity() {
        let (window, view) = scene()
        let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        window.addSubview(scaled)
        let log = StateLog()
        let pan = UIPanGestureRecognizer { log.states.append($0.state); log.translations.append(($0 as! UIPanGestureRecognizer).translation(in: nil)) }
        view.addGestureRecognizer(pan)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1.00)
        window.sendPointer(.moved, at: CGPoint(x: 105, y: 100), timestamp: 1.01)   // under the 10-point hysteresis
        #expect(log.states.isEmpty)
        window.sendPointer(.moved, at: CGPoint(x: 130, y: 100), timestamp: 1.02)
        #expect(log.states == [.began] && log.translations == [CGPoint(x: 30, y: 0)])
        #expect(abs(pan.velocity(in: nil).x - 2500) < 1e-6 && pan.velocity(in: nil).y == 0)
        window.sendPointer(.moved, at: CGPoint(x: 160, y: 120), timestamp: 1.03)
        #expect(pan.translation(in: nil) == CGPoint(x: 60, y: 20))
        let inScaled = pan.translation(in: scaled)
        #expect(abs(inScaled.x - 30) < 1e-9 && abs(inScaled.y - 10) < 1e-9)
        pan.setTranslation(.zero, in: nil)
        window.sendPointer(.moved, at: CGPoint(x: 170, y: 120), timestamp: 1.04)
        #expect(pan.translation(in: nil) == CGPoint(x: 10, y: 0))
        window.sendPointer(.ended, at: CGPoint(x: 170, y: 120), timestamp: 1.05)
        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(log.translations.last == CGPoint(x: 10, y: 0))
        // The view saw the touch go down and then lose it when the pan began; no moves after.
        #expect(view.calls == ["began", "moved", "cancelled"])
    }

    @Test func theNearestViewsRecognizerWinsUnlessBothMaySucceed() {
        let (window, outer) = scene()
        let inner = TouchLog(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        outer.addSubview(inner)
        var fired: [String] = []
        let outerTap = UITapGestureRecognizer { _ in fired.append("outer") }
        let innerTap = UITapGestureRecognizer { _ in fired.append("inner") }
        outer.addGestureRecognizer(outerTap)
        inner.addGestureRecognizer(innerTap)
        tap(window, at: CGPoint(x: 100, y: 100))
        #expect(fired == ["inner"])

        final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let both = Both()
        outerTap.delegate = both
        fired = []
        tap(window, at: CGPoint(x: 100, y: 100), time: 1)
        #expect(fired == ["inner", "outer"])
    }

    @Test func aDelegateThatSaysNoMakesTheRecognizerFail() {
        let (window, view) = scene()
        final class No: UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { false }
        }
        let no = No()
        let log = StateLog()
        let recognizer = UITapGestureRecognizer { log.states.append($0.state) }
        recognizer.delegate = no
        view.addGestureRecognizer(recognizer)
        tap(window, at: CGPoint(x: 100, y: 100))
        #expect(log.states.isEmpty && view.calls == ["began", "ended"])
    }

    /// A single tap that requires a double tap to fail recognizes only once the double-tap interval has passed
    /// without a second tap; two quick taps are the double tap's alone.
    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (window, view) = scene()
        var fired: [String] = []
        let single = UITapGestureRecognizer { _ in fired.append("single") }
        let double = UITapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        tap(window, at: CGPoint(x: 100, y: 100))
        #expect(fired.isEmpty)
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))   // the interval passes: the double tap fails
        #expect(fired == ["single"])

        fired = []
        tap(window, at: CGPoint(x: 100, y: 100), time: 2)
        tap(window, at: CGPoint(x: 101, y: 100), time: 2.1)
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
        #expect(fired == ["double"])
    }

    /// iOS: "the default action for a button is a single tap. If you have a single tap gesture recognizer attached
    /// to a button's parent view, and the user taps the button, then the button's action method receives the
    /// touch event instead of the gesture recognizer."
    @Test func aControlsTapWinsOverATapRecognizerAboveIt() {
        let (window, view) = scene()
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        view.addSubview(control)
        var fired: [String] = []
        control.addAction(UIAction { _ in fired.append("control") }, for: .touchUpInside)
        view.addGestureRecognizer(UITapGestureRecognizer { _ in fired.append("recognizer") })
        tap(window, at: CGPoint(x: 80, y: 80))
        #expect(fired == ["control"])
        tap(window, at: CGPoint(x: 200, y: 200), time: 1)   // beside the control: the recognizer's
        #expect(fired == ["control", "recognizer"])
    }

    /// Events enter at the application and pass through the window's `sendEvent(_:)`, which apps override.
    @Test func eventsGoThroughTheApplicationAndTheWindow() {
        final class WatchingWindow: UIWindow, @unchecked Sendable {
            var phases: [UITouch.Phase] = []
            override func sendEvent(_ event: UIEvent) {
                phases += event.allTouches?.map(\.phase) ?? []
                super.sendEvent(event)
            }
        }
        let window = WatchingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = TouchLog(frame: window.bounds)
        window.addSubview(view)
        #expect(UIApplication.shared.windows.contains { $0 === window })
        window.sendPointer(.began, at: CGPoint(x: 10, y: 10))
        window.sendPointer(.ended, at: CGPoint(x: 10, y: 10))
        #expect(window.phases == [.began, .ended] && view.calls == ["began", "ended"])
        window.makeKey()
        #expect(window.isKeyWindow)
    }

    /// A handler that tears the scene down (removes the view, the recognizer, the window's content) mid-touch:
    /// the touch ends quietly, the handler ran once, and the recognizer is back at `.possible`.
    @Test func aHandlerMayTearTheSceneDown() {
        let (window, view) = scene()
        var count = 0
        let pan = UIPanGestureRecognizer { recognizer in
            count += 1
            recognizer.view?.removeGestureRecognizer(recognizer)
            view.removeFromSuperview()
        }
        view.addGestureRecognizer(pan)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 0)
        window.sendPointer(.moved, at: CGPoint(x: 150, y: 100), timestamp: 0.01)
        window.sendPointer(.moved, at: CGPoint(x: 190, y: 100), timestamp: 0.02)
        window.sendPointer(.ended, at: CGPoint(x: 190, y: 100), timestamp: 0.03)
        #expect(count == 3)   // began, changed, ended: the touch's recognizers were fixed when it began
        #expect(pan.view == nil && view.superview == nil && pan.state == .possible)
    }
}

import Foundation
import Testing
import UIKit

/// Two-finger gestures from scripted touches: the pinch's scale is the fingers' distance over their starting
/// distance, the rotation is the angle their line has turned (clockwise positive, counting past a whole turn), both
/// begin only after the fingers have moved 10 points along what they measure, end when a finger lifts, and report
/// velocities from the last two moves. Every expected value follows from the scripted coordinates by hand.
@Suite struct PinchRotationGestureTests {
    final class Log: @unchecked Sendable {
        var states: [UIGestureRecognizer.State] = []
        var values: [CGFloat] = []
    }

    func scene() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        return (window, view)
    }

    /// Two fingers at `a` and `b`, in `phase`, at `time`.
    func fingers(_ window: UIWindow, _ phase: UITouch.Phase, _ a: CGPoint, _ b: CGPoint, at time: TimeInterval) {
        window.sendTouches([UITouchInput(finger: 0, phase: phase, location: a), UITouchInput(finger: 1, phase: phase, location: b)],
                           timestamp: time)
    }

    /// The fingers on a circle of radius `r` about (200, 200), at `angle` (radians, clockwise on screen).
    func around(_ angle: CGFloat, r: CGFloat = 40) -> (CGPoint, CGPoint) {
        (CGPoint(x: 200 - r * cos(angle), y: 200 - r * sin(angle)), CGPoint(x: 200 + r * cos(angle), y: 200 + r * sin(angle)))
    }

    @Test func pinchScaleIsTheDistanceRatio() {
        let (window, view) = scene()
        let log = Log()
        let pinch = UIPinchGestureRecognizer { g in log.states.append(g.state); log.values.append((g as! UIPinchGestureRecognizer).scale) }
        view.addGestureRecognizer(pinch)
        // 40 points apart, then 44 (travel 4: not yet), 80 (scale 2), 120 (scale 3).
        fingers(window, .began, CGPoint(x: 180, y: 200), CGPoint(x: 220, y: 200), at: 0)
        fingers(window, .moved, CGPoint(x: 178, y: 200), CGPoint(x: 222, y: 200), at: 0.1)
        #expect(log.states.isEmpty && pinch.state == .possible)
        fingers(window, .moved, CGPoint(x: 160, y: 200), CGPoint(x: 240, y: 200), at: 0.2)
        fingers(window, .moved, CGPoint(x: 140, y: 200), CGPoint(x: 260, y: 200), at: 0.3)
        #expect(log.states == [.began, .changed])
        #expect(abs(log.values[0] - 2) < 1e-9 && abs(log.values[1] - 3) < 1e-9)
        // Scale went 2 → 3 in 0.1 s: 10 per second.
        #expect(abs(pinch.velocity - 10) < 1e-6)
        window.sendTouches([UITouchInput(finger: 1, phase: .ended, location: CGPoint(x: 260, y: 200))], timestamp: 0.4)
        #expect(log.states.last == .ended)
        window.sendTouches([UITouchInput(finger: 0, phase: .ended, location: CGPoint(x: 140, y: 200))], timestamp: 0.45)
        #expect(pinch.state == .possible)
    }

    @Test func settingTheScaleRebasesIt() {
        let (window, view) = scene()
        let log = Log()
        // The canonical handler: apply the scale to a transform, then set it back to 1.
        var total: CGFloat = 1
        let pinch = UIPinchGestureRecognizer { g in
            let pinch = g as! UIPinchGestureRecognizer
            total *= pinch.scale
            log.values.append(pinch.scale)
            pinch.scale = 1
        }
        view.addGestureRecognizer(pinch)
        fingers(window, .began, CGPoint(x: 180, y: 200), CGPoint(x: 220, y: 200), at: 0)
        fingers(window, .moved, CGPoint(x: 160, y: 200), CGPoint(x: 240, y: 200), at: 0.1)   // 80: ×2
        fingers(window, .moved, CGPoint(x: 120, y: 200), CGPoint(x: 280, y: 200), at: 0.2)   // 160: ×2 again
        #expect(abs(total - 4) < 1e-9 && log.values.count == 2 && abs(log.values[1] - 2) < 1e-9)
    }

    @Test func rotationCountsTheTurnPastAWholeCircle() {
        let (window, view) = scene()
        let log = Log()
        let rotation = UIRotationGestureRecognizer { g in log.states.append(g.state); log.values.append((g as! UIRotationGestureRecognizer).rotation) }
        view.addGestureRecognizer(rotation)
        var (a, b) = around(0)
        fingers(window, .began, a, b, at: 0)
        // 0.1 rad moves each finger 4 points along the arc: not yet. Then a quarter turn at a time, to 1.25 turns.
        (a, b) = around(0.1)
        fingers(window, .moved, a, b, at: 0.05)
        #expect(log.states.isEmpty)
        for step in 1...5 {
            (a, b) = around(CGFloat(step) * .pi / 2)
            fingers(window, .moved, a, b, at: 0.05 + Double(step) * 0.1)
        }
        #expect(log.states.first == .began && log.states.dropFirst().allSatisfy { $0 == .changed })
        #expect(abs(log.values.last! - 2.5 * .pi) < 1e-9)
        // A quarter turn in 0.1 s: 5π radians per second.
        #expect(abs(rotation.velocity - 5 * .pi) < 1e-6)
        // Anticlockwise on screen is negative.
        rotation.rotation = 0
        (a, b) = around(2.5 * .pi - 0.5)
        fingers(window, .moved, a, b, at: 0.7)
        #expect(abs(log.values.last! + 0.5) < 1e-9)
    }

    @Test func pinchAndRotationTogetherOnlyWhenTheDelegateAllows() {
        final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        for together in [false, true] {
            let (window, view) = scene()
            let pinch = UIPinchGestureRecognizer(), rotation = UIRotationGestureRecognizer()
            let delegate = Both()
            if together { pinch.delegate = delegate }
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            // Spread and turn at once: distance 40 → 100, a quarter turn.
            fingers(window, .began, CGPoint(x: 180, y: 200), CGPoint(x: 220, y: 200), at: 0)
            fingers(window, .moved, CGPoint(x: 200, y: 150), CGPoint(x: 200, y: 250), at: 0.1)
            #expect(pinch.state == .began)
            #expect(rotation.state == (together ? .began : .failed))
        }
    }

    @Test func aThirdFingerIsIgnoredAndStationaryFingersAreNotRedelivered() {
        final class Counting: UIView, @unchecked Sendable {
            var moves = 0
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { moves += touches.count }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = Counting(frame: window.bounds)
        window.addSubview(view)
        let pinch = UIPinchGestureRecognizer()
        pinch.cancelsTouchesInView = false
        view.addGestureRecognizer(pinch)
        fingers(window, .began, CGPoint(x: 180, y: 200), CGPoint(x: 220, y: 200), at: 0)
        window.sendTouches([UITouchInput(finger: 2, phase: .began, location: CGPoint(x: 10, y: 10))], timestamp: 0.05)
        #expect(pinch.numberOfTouches == 2)
        // Only finger 0 moves: the view hears one move, though the event carries all three touches.
        window.sendTouches([UITouchInput(finger: 0, phase: .moved, location: CGPoint(x: 100, y: 200))], timestamp: 0.1)
        #expect(view.moves == 1)
        #expect(abs(pinch.scale - 3) < 1e-9)   // 120 / 40
    }

    @Test func hostileTouchesAreDropped() {
        let (window, view) = scene()
        let pinch = UIPinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        window.sendTouches([UITouchInput(finger: 0, phase: .moved, location: CGPoint(x: 1, y: 1))])   // never began
        window.sendTouches([UITouchInput(finger: 0, phase: .began, location: CGPoint(x: CGFloat.nan, y: 1))])
        fingers(window, .began, CGPoint(x: 180, y: 200), CGPoint(x: 180, y: 200), at: 0)   // zero distance
        fingers(window, .moved, CGPoint(x: 170, y: 200), CGPoint(x: 190, y: 200), at: 0.1)
        #expect(pinch.scale.isFinite)
        pinch.scale = .nan
        pinch.scale = -2
        #expect(pinch.scale.isFinite)
    }
}

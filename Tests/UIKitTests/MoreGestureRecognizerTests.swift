import Testing
import Foundation
import UIKit

/// The long press begins after `minimumPressDuration` of real time with the finger still (and fails if it
/// wanders or lifts first); the swipe recognizes a quick stroke in its direction and fails across it; the
/// screen-edge pan starts only near its edge. UIRectEdge's bits are UIKit's.
@Suite struct MoreGestureRecognizerTests {
    func scene() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        return (window, view)
    }

    @Test func aLongPressBeginsAfterItsDurationAndEndsOnLift() {
        let (window, view) = scene()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        press.minimumPressDuration = 0.1
        view.addGestureRecognizer(press)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 0)
        #expect(states.isEmpty)
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
        #expect(states == [.began])
        window.sendPointer(.moved, at: CGPoint(x: 180, y: 100), timestamp: 0.4)   // far: a held press may move
        window.sendPointer(.ended, at: CGPoint(x: 180, y: 100), timestamp: 0.5)
        #expect(states == [.began, .changed, .ended])
    }

    @Test func aLongPressThatWandersOrLiftsEarlyFails() {
        let (window, view) = scene()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        press.minimumPressDuration = 0.1
        view.addGestureRecognizer(press)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 0)
        window.sendPointer(.moved, at: CGPoint(x: 115, y: 100), timestamp: 0.01)   // past the 10-point allowance
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
        window.sendPointer(.ended, at: CGPoint(x: 115, y: 100), timestamp: 0.4)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 1.02)     // lifted before the duration
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
        #expect(states.isEmpty && press.state == .possible)
    }

    @Test func aSwipeRecognizesInItsDirectionOnly() {
        let (window, view) = scene()
        var fired = 0
        let swipe = UISwipeGestureRecognizer { _ in fired += 1 }
        swipe.direction = [.left, .up]
        view.addGestureRecognizer(swipe)
        // Left, 80 points in 0.1 s: recognized.
        window.sendPointer(.began, at: CGPoint(x: 300, y: 200), timestamp: 0)
        window.sendPointer(.moved, at: CGPoint(x: 220, y: 205), timestamp: 0.1)
        window.sendPointer(.ended, at: CGPoint(x: 220, y: 205), timestamp: 0.12)
        #expect(fired == 1)
        // Right: not one of its directions.
        window.sendPointer(.began, at: CGPoint(x: 100, y: 200), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 180, y: 200), timestamp: 1.1)
        window.sendPointer(.ended, at: CGPoint(x: 180, y: 200), timestamp: 1.12)
        // Diagonal (45°): outside every 30° cone.
        window.sendPointer(.began, at: CGPoint(x: 300, y: 300), timestamp: 2)
        window.sendPointer(.moved, at: CGPoint(x: 240, y: 240), timestamp: 2.1)
        window.sendPointer(.ended, at: CGPoint(x: 240, y: 240), timestamp: 2.12)
        // Too slow: 80 points left over a second.
        window.sendPointer(.began, at: CGPoint(x: 300, y: 200), timestamp: 3)
        window.sendPointer(.moved, at: CGPoint(x: 220, y: 200), timestamp: 4)
        window.sendPointer(.ended, at: CGPoint(x: 220, y: 200), timestamp: 4.02)
        #expect(fired == 1)
    }

    @Test func anEdgePanStartsOnlyAtItsEdge() {
        let (window, view) = scene()
        var began = 0
        let pan = UIScreenEdgePanGestureRecognizer { if $0.state == .began { began += 1 } }
        pan.edges = .left
        view.addGestureRecognizer(pan)
        window.sendPointer(.began, at: CGPoint(x: 200, y: 200), timestamp: 0)
        window.sendPointer(.moved, at: CGPoint(x: 260, y: 200), timestamp: 0.05)
        window.sendPointer(.ended, at: CGPoint(x: 260, y: 200), timestamp: 0.1)
        #expect(began == 0)
        window.sendPointer(.began, at: CGPoint(x: 5, y: 200), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 60, y: 200), timestamp: 1.05)
        window.sendPointer(.ended, at: CGPoint(x: 60, y: 200), timestamp: 1.1)
        #expect(began == 1)
        #expect(UIRectEdge.top.rawValue == 1 && UIRectEdge.right.rawValue == 8 && UIRectEdge.all.rawValue == 15)
    }
}

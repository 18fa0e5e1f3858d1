import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// Values as real client code passes them: Core Animation reads any two-component box (a point, a size, a
/// vector) where a key has two components, bare or in an `NSValue`, in animations and key-value coding alike.
/// (lottie-ios animates every layer's `transform.translation` with `CGPoint`s, and it renders so on iOS.)
@Suite struct StructurallyCompatibleValueTests {
    func committedLayer() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        return layer
    }

    /// The translation the presentation's transform carries.
    func translation(_ layer: CALayer) -> CGPoint {
        let t = layer.presentation()!.transform
        return CGPoint(x: t.m41, y: t.m42)
    }

    func linear(_ animation: CAAnimation) -> CAAnimation {
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    @Test func translationTakesPointsInBasicAnimations() {
        withClock(at: 0) { clock in
            for (from, to) in [(CGPoint(x: 0, y: 0) as Any, CGPoint(x: 40, y: 20) as Any),
                               (NSValue(point: .zero), NSValue(point: CGPoint(x: 40, y: 20))),
                               (CGVector(dx: 0, dy: 0), CGVector(dx: 40, dy: 20))] {
                let layer = committedLayer()
                let move = CABasicAnimation(keyPath: "transform.translation")
                move.fromValue = from
                move.toValue = to
                layer.add(linear(move), forKey: "move")
                CATransaction.flush()
                clock.setManualTime(clock.currentTime + 0.5)
                #expect(translation(layer) == CGPoint(x: 20, y: 10), "\(type(of: from))")
            }
        }
    }

    @Test func translationTakesPointsInKeyframesAndGroups() {
        withClock(at: 0) { clock in
            let layer = committedLayer()
            let path = CAKeyframeAnimation(keyPath: "transform.translation")
            path.values = [CGPoint(x: 0, y: 0), NSValue(point: CGPoint(x: 100, y: 0)), CGPoint(x: 100, y: 100)]
            path.keyTimes = [0, 0.5, 1]
            let group = CAAnimationGroup()
            group.animations = [path]
            layer.add(linear(group), forKey: "group")
            CATransaction.flush()
            clock.setManualTime(0.75)
            let t = translation(layer)
            #expect(abs(t.x - 100) < 1e-6 && abs(t.y - 50) < 1e-6, "\(t)")
        }
    }

    /// A keyframe path moves any two-component key, not only `position`: lottie-ios gives `transform.translation` its
    /// position paths, split into segments (each a keyframe animation with its own begin time) inside a group.
    @Test func aKeyframePathMovesTheTranslation() {
        withClock(at: 0) { clock in
            let layer = committedLayer()
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 10, y: 20))
            line.addLine(to: CGPoint(x: 110, y: 20))
            let moving = CAKeyframeAnimation(keyPath: "transform.translation")
            moving.path = line
            moving.duration = 1
            let held = CAKeyframeAnimation(keyPath: "transform.translation")
            let end = CGMutablePath()
            end.move(to: CGPoint(x: 110, y: 20))
            held.path = end
            held.calculationMode = .discrete
            held.keyTimes = [0]
            held.beginTime = 1
            held.duration = 1
            let group = CAAnimationGroup()
            group.animations = [moving, held]
            group.duration = 2
            layer.add(group, forKey: "segments")
            CATransaction.flush()
            clock.setManualTime(0.5)
            #expect(translation(layer) == CGPoint(x: 60, y: 20))
            clock.setManualTime(1.5)
            #expect(translation(layer) == CGPoint(x: 110, y: 20))
        }
    }

    /// lottie-ios closes its position paths and gives key times for the points it added, one fewer than the path's
    /// points with the closing line: Apple's frames of those files show the line home never travelled.
    @Test func keyTimesForAClosedPathsNamedPointsLeaveTheClosingLineOut() {
        withClock(at: 0) { clock in
            let layer = committedLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 50))
            path.closeSubpath()
            let moving = CAKeyframeAnimation(keyPath: "position")
            moving.path = path
            moving.keyTimes = [0, 0.5, 1]
            moving.duration = 1
            layer.add(moving, forKey: "move")
            CATransaction.flush()
            clock.setManualTime(0.25)
            #expect(layer.presentation()!.position == CGPoint(x: 50, y: 0))
            clock.setManualTime(0.75)
            #expect(layer.presentation()!.position == CGPoint(x: 100, y: 25))
            // Without key times the closing line is travelled: four keyframes, evenly spaced.
            let round = CAKeyframeAnimation(keyPath: "position")
            round.path = path
            round.duration = 1
            round.beginTime = 1
            let other = committedLayer()
            other.add(round, forKey: "round")
            CATransaction.flush()
            clock.setManualTime(1 + 5.0 / 6)
            let p = other.presentation()!.position
            #expect(abs(p.x - 50) < 1e-6 && abs(p.y - 25) < 1e-6, "\(p)")
        }
    }

    /// Key-value coding finds `hidden` by its getter's name too, so an animation of `isHidden` (lottie-ios hides
    /// layers outside their in and out points so) hides the layer, and `value(forKey: "isHidden")` reads it.
    @Test func isHiddenNamesTheHiddenProperty() {
        withClock(at: 0) { clock in
            let layer = committedLayer()
            let visibility = CAKeyframeAnimation(keyPath: "isHidden")
            visibility.calculationMode = .discrete
            visibility.values = [true, false, true]
            visibility.keyTimes = [0, 0.25, 0.75, 1]
            visibility.duration = 1
            layer.add(visibility, forKey: "visibility")
            CATransaction.flush()
            clock.setManualTime(0.1)
            #expect(layer.presentation()!.isHidden)
            clock.setManualTime(0.5)
            #expect(!layer.presentation()!.isHidden)
            clock.setManualTime(0.9)
            #expect(layer.presentation()!.isHidden)
            #expect(!layer.isHidden)
            layer.isHidden = true
            #expect(layer.value(forKey: "isHidden") as? Bool == true)
        }
    }

    @Test func keyValueCodingTakesPointsForTranslationAndSizesForPositions() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 7, y: 9), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 7 && layer.transform.m42 == 9)
        layer.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 3 && layer.transform.m42 == 4)
        layer.setValue(CGSize(width: 11, height: 12), forKey: "position")
        #expect(layer.position == CGPoint(x: 11, y: 12))
        layer.setValue(NSValue(size: CGSize(width: 13, height: 14)), forKeyPath: "position")
        #expect(layer.position == CGPoint(x: 13, y: 14))
        layer.setValue(CGPoint(x: 20, y: 30), forKeyPath: "bounds.size")
        #expect(layer.bounds.size == CGSize(width: 20, height: 30))
        layer.setValue(CGVector(dx: 5, dy: 6), forKey: "anchorPoint")
        #expect(layer.anchorPoint == CGPoint(x: 5, y: 6))
        layer.setValue(CGSize(width: 2, height: 3), forKey: "shadowOffset")
        layer.setValue(CGPoint(x: 4, y: 5), forKey: "shadowOffset")
        #expect(layer.shadowOffset == CGSize(width: 4, height: 5))
        // Four components stand for a rect.
        layer.setValue(NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "bounds")
        #expect(layer.bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
        // A value of another shape is still refused.
        layer.setValue(CGRect(x: 0, y: 0, width: 1, height: 1), forKey: "position")
        #expect(layer.position == CGPoint(x: 13, y: 14))
    }

    @Test func positionsAnimateFromSizes() {
        withClock(at: 0) { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGSize(width: 0, height: 0)
            move.toValue = NSValue(size: CGSize(width: 100, height: 50))
            layer.add(linear(move), forKey: "move")
            CATransaction.flush()
            clock.setManualTime(0.5)
            #expect(layer.presentation()!.position == CGPoint(x: 50, y: 25))
        }
    }
}

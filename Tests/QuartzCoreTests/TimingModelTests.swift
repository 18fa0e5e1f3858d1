import Testing
@testable import QuartzCore

/// The timing model of semantics §1.3, with expectations re-derived from its rules; the fractional-repeat case
/// follows Chromium's cc/animation/keyframe_model_unittest.cc `TrimTimeOneHalfIteration` (Q2).
@Suite struct TimingModelTests {
    func spec(_ configure: (inout TimingSpec) -> Void) -> TimingSpec {
        var s = TimingSpec(); s.duration = 1; configure(&s); return s
    }

    @Test func activeIntervalAndRemovedFill() {
        let s = spec { $0.beginTime = 10 }
        #expect(s.state(atParentTime: 9.99) == nil)
        #expect(s.state(atParentTime: 10)?.progress == 0)
        #expect(s.state(atParentTime: 10.25)?.progress == 0.25)
        #expect(s.state(atParentTime: 11) == nil)  // half-open interval
    }

    @Test func fillModes() {
        let both = spec { $0.beginTime = 10; $0.fillMode = .both }
        #expect(both.state(atParentTime: 5)?.progress == 0 && both.state(atParentTime: 5)?.isActive == false)
        #expect(both.state(atParentTime: 50)?.progress == 1)
        #expect(spec { $0.fillMode = .forwards }.state(atParentTime: -1) == nil)
        #expect(spec { $0.fillMode = .backwards }.state(atParentTime: 2) == nil)
    }

    @Test func repeatsAndAutoreverse() {
        let twice = spec { $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(twice.state(atParentTime: 1.25)?.progress == 0.25 && twice.state(atParentTime: 1.25)?.iteration == 1)
        #expect(twice.state(atParentTime: 5)?.progress == 1)  // whole count: holds the end
        let reversing = spec { $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(reversing.state(atParentTime: 1.5)?.progress == 0.5)   // on the way back
        #expect(reversing.state(atParentTime: 1.75)?.progress == 0.25)
        #expect(reversing.state(atParentTime: 3)?.progress == 0)        // ends where it started
        let oneAndAHalf = spec { $0.repeatCount = 1.5; $0.fillMode = .forwards }
        #expect(oneAndAHalf.state(atParentTime: 10)?.progress == 0.5)   // Q2: the fractional position
        let forever = spec { $0.repeatCount = .infinity }
        #expect(forever.state(atParentTime: 1e6 + 0.5)?.progress == 0.5)
        #expect(spec { $0.repeatCount = Double(Float.greatestFiniteMagnitude) }.activeDuration == .infinity)
        #expect(spec { $0.repeatDuration = 2.5; $0.repeatCount = 7 }.activeDuration == 2.5)
    }

    @Test func timeOffsetShiftsOnlyThePhase() {
        // d = 1, timeOffset 0.5 shows 0.5 → 1, then 0 → 0.5, for one second (Lockwood ch. 9, Q1).
        let s = spec { $0.timeOffset = 0.5 }
        #expect(s.state(atParentTime: 0)?.progress == 0.5)
        #expect(s.state(atParentTime: 0.75)?.progress == 0.25)
        #expect(s.state(atParentTime: 1) == nil)
    }

    @Test func speed() {
        let double = spec { $0.speed = 2 }
        #expect(double.state(atParentTime: 0.25)?.progress == 0.5)
        #expect(double.state(atParentTime: 0.5) == nil)
        // Speed 0 freezes local time at timeOffset (the pause recipe, QA1673).
        let paused = spec { $0.speed = 0; $0.timeOffset = 0.3; $0.beginTime = 100 }
        #expect(paused.state(atParentTime: 0)?.progress == 0.3 && paused.state(atParentTime: 500)?.progress == 0.3)
    }

    @Test func convertTimeVectors() {
        // Semantics §1.2 (APPLE-MEASURED, GS CAMediaTiming/timing.m): mid (2, 3, 0.25), leaf (1, 2, 0.5).
        var mid = TimingSpec(); mid.beginTime = 2; mid.speed = 3; mid.timeOffset = 0.25
        var leaf = TimingSpec(); leaf.beginTime = 1; leaf.speed = 2; leaf.timeOffset = 0.5
        #expect(leaf.localTime(fromParent: 10) == 18.5)
        #expect(leaf.localTime(fromParent: mid.localTime(fromParent: 10)) == 47)
        #expect(leaf.parentTime(fromLocal: 10) == 5.75)
        #expect(abs(mid.parentTime(fromLocal: leaf.parentTime(fromLocal: 10)) - 23.0 / 6.0) < 1e-5)
    }
}

/// A layer's own duration, repeat count, autoreverses and fill mode keep its time as an animation's (§1.4's
/// DECISION): the time of the animations and sublayers under it repeats; without a duration it runs on.
@Suite struct LayerRepeatTests {
    /// A 1 s animation of a sublayer's x from 0 to 100, under a container of duration 1 that repeats as asked.
    func scene(_ configure: (CALayer) -> Void) -> (container: CALayer, leaf: CALayer) {
        let container = CALayer(), leaf = CALayer()
        container.addSublayer(leaf)
        configure(container)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 1; move.beginTime = 1e-9
        move.fillMode = .both; move.isRemovedOnCompletion = false
        leaf.add(move, forKey: "move")
        return (container, leaf)
    }

    func x(_ leaf: CALayer, at t: Double, clock: CAMediaClock) -> Double {
        clock.setManualTime(t)
        return Double(leaf.presentation()?.position.x ?? .nan)
    }

    @Test func aRepeatingLayerRepeatsTheTimeUnderIt() {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let (container, leaf) = scene { $0.duration = 1; $0.repeatCount = .infinity; $0.fillMode = .both }
            CATransaction.flush()
            withExtendedLifetime(container) {
                #expect(abs(x(leaf, at: 0.25, clock: clock) - 25) < 1e-6)
                #expect(abs(x(leaf, at: 3.75, clock: clock) - 75) < 1e-6)    // the fourth pass
                #expect(abs(container.convertTime(3.75, from: nil) - 0.75) < 1e-9)
                #expect(abs(leaf.convertTime(2.5, from: nil) - 0.5) < 1e-9)
            }
        }
    }

    @Test func anAutoreversingLayerRunsBackEveryOtherPass() {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let (container, leaf) = scene { $0.duration = 1; $0.repeatCount = 2; $0.autoreverses = true; $0.fillMode = .forwards }
            CATransaction.flush()
            withExtendedLifetime(container) {
                #expect(abs(x(leaf, at: 1.25, clock: clock) - 75) < 1e-6)    // on the way back
                #expect(abs(x(leaf, at: 2.5, clock: clock) - 50) < 1e-6)     // the second pass out
                #expect(abs(x(leaf, at: 9, clock: clock) - 0) < 1e-6)        // two whole cycles: holds the start
            }
        }
    }

    @Test func withoutAFillTheTimeRunsOnAndWithoutADurationItNeverWraps() {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let (once, leaf) = scene { $0.duration = 0.5; $0.repeatCount = 1 }
            CATransaction.flush()
            withExtendedLifetime(once) {
                #expect(abs(once.convertTime(0.25, from: nil) - 0.25) < 1e-9)
                #expect(abs(x(leaf, at: 0.75, clock: clock) - 75) < 1e-6)     // past its active time, no fill: runs on
            }
            let (plain, plainLeaf) = scene { $0.speed = 2 }
            CATransaction.flush()
            withExtendedLifetime(plain) {
                #expect(abs(plain.convertTime(3, from: nil) - 6) < 1e-9)
                #expect(abs(x(plainLeaf, at: 0.25, clock: clock) - 50) < 1e-6)
            }
        }
    }

    @Test func onlyBoundsAmongARastersKeysMovesTheSublayers() {
        let gradient = CAGradientLayer()
        #expect(!AnimatedRoles(keys: ["startPoint", "colors"], of: gradient).contains(.bounds))
        #expect(AnimatedRoles(keys: ["startPoint", "colors"], of: gradient).contains(.raster))
        #expect(AnimatedRoles(keys: ["bounds"], of: gradient).isSuperset(of: [.bounds, .raster]))
    }
}

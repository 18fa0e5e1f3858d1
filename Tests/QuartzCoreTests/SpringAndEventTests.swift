import Testing
@testable import QuartzCore

/// Springs, semantics §5: settling durations (DOC figures, DERIVED walk values and ChouTiUI's bit-exact
/// measurements of Apple's `durationForEpsilon:`), `_solveForInput:` vectors, and the perceptual mapping.
@Suite struct SpringTests {
    func spring(_ m: CGFloat, _ k: CGFloat, _ c: CGFloat, _ v: CGFloat = 0) -> CASpringAnimation {
        let s = CASpringAnimation(); s.mass = m; s.stiffness = k; s.damping = c; s.initialVelocity = v; return s
    }

    @Test func defaults() {
        let s = CASpringAnimation()
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0 && !s.allowsOverdamping)
    }

    @Test func settlingDurations() {
        #expect(spring(1, 100, 5).settlingDuration == 2.854974609888761)    // DOC "approximately 2.85 seconds"
        #expect(spring(1, 100, 15).settlingDuration == 1.0220937981854987)  // DOC "just over 1 second"
        #expect(abs(spring(1, 100, 10).settlingDuration - 1.4727003346780927) <= 1e-15)  // ±1 ulp by order
        #expect(spring(1, 100, 20).settlingDuration == 0.9999999999999999)  // ζ = 1: accumulated 0.1 s walk
        #expect(spring(1, 4 * .pi * .pi, 4 * .pi).settlingDuration == 1.5000000000000002)
        #expect(spring(3, 1000, 500).settlingDuration == 0.6)                // ζ ≈ 4.56, clamped to 1
        #expect(spring(1, 100, 0).settlingDuration == .infinity)
    }

    @Test func appleSolverVectors() {
        // ChouTiUI: dampingRatio 1, response 1 (ω0 = 2π): _solveForInput at 0.25…1.0 equals 1 − (1+2πt)e^{−2πt} at
        // t = input × 1.2 s, to Float precision.
        let s = spring(1, 4 * .pi * .pi, 4 * .pi).spring
        for (t, expected) in [(0.3, 0.56196046), (0.6, 0.89003396), (0.9, 0.976705), (1.2, 0.99546117)] {
            #expect(abs(s.progress(at: t) - expected) < 1e-6)
        }
    }

    @Test func perceptualMapping() {
        // SwiftUI: Spring(duration: 0.5, bounce: 0.3) → (1.0, 157.9, 17.6); CA's defaults → (0.63, 0.5).
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(s.mass == 1 && abs(s.stiffness - 157.9) < 0.05 && abs(s.damping - 17.6) < 0.05)
        #expect(s.allowsOverdamping && s.duration == s.settlingDuration)
        let d = CASpringAnimation()
        #expect(abs(d.perceptualDuration - 0.63) < 0.005 && abs(d.bounce - 0.5) < 1e-9)
    }

    @Test func invalidParametersUseDefaults() {
        let s = spring(-1, .nan, -5)
        #expect(s.mass == -1)  // reads back what was set (Q16)
        #expect(s.settlingDuration == CASpringAnimation().settlingDuration)
    }

    @Test func springAnimatesInRealSeconds() {
        let a = CASpringAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 100
        a.stiffness = 4 * .pi * .pi; a.damping = 4 * .pi; a.duration = 2
        let v = BasicAnimationTests().sample(CALayer(), a, at: [0.3]) { Double($0.position.x) }
        #expect(abs(v[0] - 56.196046) < 1e-4)
    }
}

final class RecordingDelegate: CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}

@Suite struct AnimationEventTests {
    @Test func delegateHearsStartAndStop() {
        withClock { clock in
            let layer = committedLayer()
            let delegate = RecordingDelegate()
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1; a.delegate = delegate
            layer.add(a, forKey: "fade")
            CATransaction.flush()
            CAProcessAnimationEvents()
            #expect(delegate.events == ["start"])
            clock.advance(by: 2)
            CAProcessAnimationEvents()
            #expect(delegate.events == ["start", "stop true"])
            #expect(layer.animation(forKey: "fade") == nil)  // removed on completion
            CAProcessAnimationEvents()
            #expect(delegate.events.count == 2)
        }
    }

    @Test func anAnimationsEventsBelongToTheClockThatCommitsIt() {
        // Added while another clock is in effect (as a test's layer set up before its clock is bound, or a
        // layer animated on one thread and committed under another's clock), the fade starts at the commit,
        // under the committing clock, and only that clock's passes report and remove it. The other clock's pass,
        // long past the fade's end by its own time, left the layer alone — before, it removed the fade the
        // moment it had started (and from whichever thread pumped that clock).
        let layer = CALayer()
        let elsewhere = CAMediaClock(manualTime: 1000)
        let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        CAMediaClock.$current.withValue(elsewhere) { layer.add(fade, forKey: "fade") }
        withClock(at: 0) { clock in
            CATransaction.flush()
            CAMediaClock.$current.withValue(elsewhere) { CAProcessAnimationEvents(at: 1000) }
            #expect(layer.animation(forKey: "fade") != nil)
            clock.setManualTime(0.5)
            #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
            CAProcessAnimationEvents(at: 2)
            #expect(layer.animation(forKey: "fade") == nil)  // this clock's pass after the end removes it
        }
    }

    @Test func eachThreadsPassDeliversWhatThatThreadCommitted() {
        // One clock, two threads: a fade with a completion block committed on a worker thread. A pass on this
        // thread, long after the fade's end, leaves the worker's layer and block alone (it used to remove the
        // fade and run the block here, racing the worker); the worker's own pass delivers both.
        let clock = CAMediaClock(manualTime: 0)
        let worker = WorkerThread()
        let layer = CALayer()
        nonisolated(unsafe) var completed = false
        worker.run {
            CAMediaClock.$current.withValue(clock) {
                CATransaction.begin()
                CATransaction.setCompletionBlock { completed = true }
                let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
                layer.add(fade, forKey: "fade")
                CATransaction.commit()
            }
        }
        clock.setManualTime(5)
        CAMediaClock.$current.withValue(clock) { CAProcessAnimationEvents(at: 5) }
        #expect(layer.animation(forKey: "fade") != nil)
        #expect(!completed)
        worker.run { CAMediaClock.$current.withValue(clock) { CAProcessAnimationEvents(at: 5) } }
        #expect(layer.animation(forKey: "fade") == nil)
        #expect(completed)
        worker.stop()
    }

    @Test func replacementAndRemovalReportUnfinished() {
        withClock { _ in
            let layer = committedLayer()
            let delegate = RecordingDelegate()
            let a = CABasicAnimation(keyPath: "opacity"); a.delegate = delegate
            layer.add(a, forKey: "k")
            layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "k")  // replaces: old hears finished = false
            #expect(delegate.events == ["stop false"])
            layer.removeAnimation(forKey: "k"); layer.removeAnimation(forKey: "k")  // twice is harmless
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test func keptAnimationsStayAndReportOnce() {
        withClock { clock in
            let layer = committedLayer()
            let delegate = RecordingDelegate()
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 0.5; a.duration = 1
            a.isRemovedOnCompletion = false; a.fillMode = .forwards; a.delegate = delegate
            layer.add(a, forKey: "held")
            CATransaction.flush()
            clock.advance(by: 5)
            CAProcessAnimationEvents(); CAProcessAnimationEvents()
            #expect(delegate.events == ["start", "stop true"])
            #expect(layer.animationKeys() == ["held"] && layer.presentation()!.opacity == 0.5)
        }
    }

    /// A kept animation with no delegate ends unheard (the event pass need not find its layer's time), yet a
    /// transaction's completion waiting for it still runs when it ends, and one with a delegate still hears.
    @Test func keptAnimationsWithoutDelegatesStillReleaseCompletions() {
        withClock { clock in
            let layer = committedLayer()
            var completed = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed = true }
            let silent = CABasicAnimation(keyPath: "opacity"); silent.duration = 1
            silent.isRemovedOnCompletion = false; silent.fillMode = .forwards
            layer.add(silent, forKey: "silent")
            CATransaction.commit()
            CATransaction.flush()
            clock.advance(by: 0.5)
            CAProcessAnimationEvents()
            #expect(!completed)
            clock.advance(by: 1)
            CAProcessAnimationEvents()
            #expect(completed && layer.animationKeys() == ["silent"])
            let delegate = RecordingDelegate()
            let heard = CABasicAnimation(keyPath: "opacity"); heard.duration = 1
            heard.isRemovedOnCompletion = false; heard.fillMode = .forwards; heard.delegate = delegate
            layer.add(heard, forKey: "heard")
            CATransaction.flush()
            clock.advance(by: 0.5)
            CAProcessAnimationEvents()
            clock.advance(by: 1)
            CAProcessAnimationEvents(); CAProcessAnimationEvents()
            #expect(delegate.events == ["start", "stop true"])
        }
    }

    /// "Reported once" belongs to the animation on that layer: the reported copy, added to a second layer
    /// (which adds a copy of it), is reported there when it finishes there.
    @Test func aReportedKeptAnimationAddedElsewhereReportsAgain() {
        withClock { clock in
            let first = committedLayer(), second = committedLayer()
            let delegate = RecordingDelegate()
            let a = CABasicAnimation(keyPath: "opacity"); a.duration = 1
            a.isRemovedOnCompletion = false; a.fillMode = .forwards; a.delegate = delegate
            first.add(a, forKey: "held")
            CATransaction.flush()
            clock.advance(by: 5)
            CAProcessAnimationEvents()
            second.add(first.animation(forKey: "held")!, forKey: "held")
            CATransaction.flush()
            clock.advance(by: 5)
            CAProcessAnimationEvents(); CAProcessAnimationEvents()
            #expect(delegate.events == ["start", "stop true", "start", "stop true"])
        }
    }
}

/// A layer with a custom animatable property, the iOS way (with `@Managed` for `@NSManaged`).
final class ProgressLayer: CALayer, @unchecked Sendable {
    @Managed var progress: CGFloat = 0
    var drawnProgress: [CGFloat] = []

    override class func needsDisplay(forKey key: String) -> Bool { key == "progress" || super.needsDisplay(forKey: key) }

    override func draw(in ctx: CGContext) { drawnProgress.append(progress) }
}

@Suite struct CustomPropertyTests {
    @Test func managedPropertiesAnimateAndReachPresentation() throws {
        try withClock { clock in
            let layer = ProgressLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(layer.progress == 0)
            layer.progress = 0.5
            #expect(layer.value(forKey: "progress") as? CGFloat == 0.5 && layer.needsDisplay())
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "progress"); a.fromValue = 0; a.toValue = 1; a.duration = 1
            layer.add(a, forKey: "p")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let presentation = try #require(layer.presentation())
            #expect(presentation is ProgressLayer)
            #expect(abs(presentation.progress - 0.25) < 1e-9)
            presentation.display()
            #expect(presentation.drawnProgress == [presentation.progress])
            #expect(layer.progress == 0.5)  // the model is untouched
        }
    }
}

/// One long-lived thread that runs blocks handed to it, one at a time, while the caller waits (a pool queue would
/// run them on whichever thread is free).
final class WorkerThread: @unchecked Sendable {
    private let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    private var work: (() -> Void)?
    private var finished = false

    init() {
        Thread { [self] in
            while true {
                go.wait()
                if finished { done.signal(); return }
                work?()
                done.signal()
            }
        }.start()
    }

    /// Runs `body` on the thread and waits for it.
    func run(_ body: @escaping () -> Void) {
        work = body
        go.signal()
        done.wait()
    }

    /// Ends the thread.
    func stop() {
        finished = true
        go.signal()
        done.wait()
    }
}

import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// Time on a run loop: display links, and animation events delivered with no call but running the loop.
@Suite struct RunLoopTimeTests {
    /// Runs `body` on a new thread inside its running run loop, then keeps the loop running for `seconds`, with
    /// `clock` as the thread's media clock (its own, so other tests' events never reach this one's).
    func onRunLoopThread(for seconds: Double, clock: CAMediaClock = CAMediaClock(), _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            CAMediaClock.$current.withValue(clock) {
                // (A timer that never fires keeps the loop from returning at once for want of sources.)
                RunLoop.current.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
                RunLoop.current.perform(body)
                RunLoop.current.run(until: Date().addingTimeInterval(seconds))
            }
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test func aDisplayLinkFiresOnEveryRefreshWithItsTimes() {
        let calls = Locked<[(timestamp: Double, target: Double, duration: Double)]>([])
        onRunLoopThread(for: 0.3) {
            let link = CADisplayLink(display: CAVirtualDisplay(framesPerSecond: 60)) { link in
                calls.withLock { $0.append((link.timestamp, link.targetTimestamp, link.duration)) }
                if calls.withLock({ $0.count }) == 12 { link.invalidate() }
            }
            link.add(to: .current, forMode: .default)
        }
        let seen = calls.withLock { $0 }
        // 18 refreshes pass in 0.3 s; the link stops itself after 12 (a slow machine may see fewer).
        #expect(seen.count >= 5 && seen.count <= 12, "\(seen.count) calls")
        for call in seen {
            #expect(abs(call.duration - 1.0 / 60) < 1e-9 && abs(call.target - call.timestamp - 1.0 / 60) < 1e-9)
            let refreshes = call.timestamp * 60
            #expect(abs(refreshes - refreshes.rounded()) < 1e-6, "timestamps fall on refreshes")
        }
        for (a, b) in zip(seen, seen.dropFirst()) { #expect(b.timestamp > a.timestamp) }
    }

    @Test func aPreferredRateSkipsRefreshesAndPausingStopsCalls() {
        let calls = Locked<[Double]>([])
        let paused = Locked<Int>(0)
        onRunLoopThread(for: 0.4) {
            let link = CADisplayLink(display: CAVirtualDisplay(framesPerSecond: 60)) { link in
                calls.withLock { $0.append(link.timestamp) }
            }
            link.preferredFramesPerSecond = 20
            link.add(to: .current, forMode: .default)
            // Paused from 0.2 s on: no more calls.
            Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
                link.isPaused = true
                paused.withLock { $0 = calls.withLock { $0.count } }
            }
            Timer.scheduledTimer(withTimeInterval: 0.39, repeats: false) { _ in link.invalidate() }
        }
        let seen = calls.withLock { $0 }
        #expect(seen.count >= 2 && seen.count <= 5, "\(seen.count) calls in 0.2 s at 20 per second")
        for (a, b) in zip(seen, seen.dropFirst()) {
            let steps = (b - a) * 20
            #expect(abs(steps - steps.rounded()) < 1e-6 && steps.rounded() >= 1, "calls a whole number of 1/20 s apart")
        }
        #expect(seen.count == paused.withLock { $0 }, "no call while paused")
    }

    /// A handler that edits links (docs/bad-input.md): the first link invalidates itself on its third call and
    /// starts a second, which removes itself from its run loop on its first call. Neither is called again.
    @Test func displayLinkHandlersThatEditLinks() {
        let calls = Locked<(first: Int, second: Int)>((0, 0))
        onRunLoopThread(for: 0.4) {
            let display = CAVirtualDisplay(framesPerSecond: 60)
            let first = CADisplayLink(display: display) { link in
                let n = calls.withLock { $0.first += 1; return $0.first }
                guard n == 3 else { return }
                link.invalidate()
                let second = CADisplayLink(display: display) { other in
                    calls.withLock { $0.second += 1 }
                    other.remove(from: .current, forMode: .default)
                }
                second.add(to: .current, forMode: .default)
            }
            first.add(to: .current, forMode: .default)
        }
        let seen = calls.withLock { $0 }
        #expect(seen.first == 3 && seen.second == 1, "\(seen)")
    }

    /// An animation delegate that records when it hears of its animation's end.
    final class Listener: NSObject, CAAnimationDelegate, @unchecked Sendable {
        let stopped = Locked<[(Double, Bool)]>([])
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stopped.withLock { $0.append((CACurrentMediaTime(), flag)) }
        }
    }

    @Test func completionAndDelegateArriveByRunningTheRunLoop() {
        let clock = CAMediaClock()
        let listener = Listener()
        let completed = Locked<Double?>(nil)
        let started = Locked<Double>(0)
        let kept = Locked<CALayer?>(nil)
        onRunLoopThread(for: 0.5, clock: clock) {
            let layer = CALayer()
            kept.withLock { $0 = layer }
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed.withLock { $0 = CACurrentMediaTime() } }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = 0.2
            fade.delegate = listener
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            started.withLock { $0 = CACurrentMediaTime() }
            // Nothing else: the run loop delivers the rest.
        }
        let begin = started.withLock { $0 }
        let stops = listener.stopped.withLock { $0 }
        #expect(stops.count == 1 && stops.first?.1 == true)
        // Delivered at the first refresh after the end (within two refreshes, allowing a busy machine more).
        if let stop = stops.first { #expect(stop.0 >= begin + 0.2 - 1e-3 && stop.0 < begin + 0.2 + 0.1, "stopped at \(stop.0 - begin)") }
        let done = completed.withLock { $0 }
        #expect(done.map { $0 >= begin + 0.2 - 1e-3 && $0 < begin + 0.3 } == true, "completion at \(String(describing: done.map { $0 - begin }))")
    }

    /// A thread that changes a layer (opening an implicit transaction, whose commit waits on the thread's run loop)
    /// and exits without running the loop lets its pending commit go without touching the dying loop. Releasing it
    /// once invalidated the timer while Foundation tore the loop down, which crashed under ThreadSanitizer.
    @Test func threadsExitWithTheirImplicitCommitStillPending() {
        let group = DispatchGroup()
        let layers = (0..<40).map { _ in CALayer() }
        for layer in layers {
            group.enter()
            Thread {
                layer.opacity = 0.5
                group.leave()
            }.start()
        }
        group.wait()
        // The main thread's changes still commit and draw afterwards.
        let layer = CALayer()
        layer.opacity = 0.25
        CATransaction.flush()
        #expect(layer.opacity == 0.25 && layers.allSatisfy { $0.opacity == 0.5 })
    }
}

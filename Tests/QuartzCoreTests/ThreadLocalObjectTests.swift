import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import QuartzCore

/// Each thread has its own transaction stack: the slot that keeps it gives a thread the same object every time,
/// another thread another object, and lets the object go when its thread exits.
@Suite struct ThreadLocalObjectTests {
    final class Box {}

    /// Runs `body` on a new POSIX thread and waits until that thread has exited (its slots' objects released).
    private func onThreadThatExits(_ body: @escaping () -> Void) {
        final class Work { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.body()
            return nil
        }, work)
        #expect(made == 0)
        pthread_join(thread, nil)
    }

    @Test func eachThreadHasItsOwnObjectReleasedWhenTheThreadExits() {
        let slot = ThreadLocalObject { Box() }
        let here = slot.value
        #expect(slot.value === here)
        weak var there: Box?
        var sameEachTime = false, differentFromHere = false
        onThreadThatExits {
            let object = slot.value
            sameEachTime = slot.value === object
            differentFromHere = object !== here
            there = object
        }
        #expect(sameEachTime && differentFromHere)
        #expect(there == nil)   // released as its thread exited
        #expect(slot.value === here)
    }

    /// The transaction stack is one of them: a transaction opened on this thread is not another thread's.
    @Test func transactionsArePerThread() {
        CATransaction.begin()
        let depthHere = CATransaction.stack.scopes.count
        var depthThere = -1
        onThreadThatExits { depthThere = CATransaction.stack.scopes.count }
        CATransaction.commit()
        #expect(depthHere >= 1 && depthThere == 0)
    }
}

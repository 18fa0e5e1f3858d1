import Foundation

/// The thread something was handed over on (a layer's commit, a completion block, a time observer), so that only
/// that thread's event passes deliver it (see AnimationEventDispatcher). A POSIX thread identity: taking and
/// comparing it is a register read, where `Thread.current` allocates on Linux.
struct OwningThread {
    private let id = pthread_self()

    /// Whether the calling thread is the one.
    var isCurrent: Bool { pthread_equal(id, pthread_self()) != 0 }
}

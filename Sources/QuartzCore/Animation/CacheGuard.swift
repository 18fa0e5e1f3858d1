import Synchronization

/// Guards a small evaluation cache that two threads may reach at once — the render thread drawing frames and
/// the main thread answering `presentation()` share compiled animations. Whoever finds it taken computes
/// without the cache instead of waiting.
final class CacheGuard: @unchecked Sendable {
    private let taken = Atomic<Bool>(false)

    /// Runs `body` with the cache held, or answers nil at once when another thread holds it.
    @inline(__always)
    func ifAvailable<R>(_ body: () -> R) -> R? {
        guard taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return nil }
        defer { taken.store(false, ordering: .releasing) }
        return body()
    }
}

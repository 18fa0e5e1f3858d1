import Foundation

/// Values by key, at most ``capacity`` of them, the least recently used forgotten first, safe from any thread:
/// what lottie-ios's animation and `.lottie` caches keep.
final class LeastRecentlyUsedStore<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    /// Keys from least to most recently used.
    private var order: [String] = []
    private var limit: Int

    init(capacity: Int) { limit = max(capacity, 0) }

    /// How many values are kept at most (a negative capacity keeps none).
    var capacity: Int {
        get { lock.withLock { limit } }
        set { lock.withLock { limit = max(newValue, 0); trim() } }
    }

    /// The value under `key`, which then counts as just used.
    func value(forKey key: String) -> Value? {
        lock.withLock {
            guard let value = values[key] else { return nil }
            touch(key)
            return value
        }
    }

    /// Keeps `value` under `key`, forgetting the least recently used beyond the capacity.
    func setValue(_ value: Value, forKey key: String) {
        lock.withLock {
            values[key] = value
            touch(key)
            trim()
        }
    }

    /// Forgets every value.
    func removeAll() { lock.withLock { values.removeAll(); order.removeAll() } }

    private func touch(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }

    private func trim() {
        while order.count > limit { values[order.removeFirst()] = nil }
    }
}

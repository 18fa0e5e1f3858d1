import Foundation
import Synchronization

/// Keeps loaded animations by a key, so loading the same file again reuses the one read — lottie-ios's
/// `AnimationCacheProvider`. `LottieAnimation.named(_:bundle:subdirectory:animationCache:)` and
/// `filepath(_:animationCache:)` look there first.
public protocol AnimationCacheProvider: AnyObject, Sendable {
    /// The animation kept under `forKey`, if any.
    func animation(forKey: String) -> LottieAnimation?
    /// Keeps `animation` under `forKey`.
    func setAnimation(_ animation: LottieAnimation, forKey: String)
    /// Forgets every animation kept.
    func clearCache()
}

/// Where the cache loading functions use by default lives — lottie-ios's `LottieAnimationCache`.
public enum LottieAnimationCache {
    /// The cache used when none is given (``DefaultAnimationCache/sharedCache`` unless set; nil: none).
    /// (Safe to read and set from any thread.)
    public static var shared: AnimationCacheProvider? {
        get { sharedCache.withLock { $0 } }
        set { sharedCache.withLock { $0 = newValue } }
    }
    private static let sharedCache = Mutex<AnimationCacheProvider?>(DefaultAnimationCache.sharedCache)
}

/// A cache of at most ``cacheSize`` animations, the least recently used forgotten first, safe to use from any
/// thread — lottie-ios's `DefaultAnimationCache`.
public final class DefaultAnimationCache: AnimationCacheProvider, @unchecked Sendable {
    /// The process's shared cache.
    public static let sharedCache = DefaultAnimationCache()

    private let store = LeastRecentlyUsedStore<LottieAnimation>(capacity: 100)

    /// An empty cache of 100 animations.
    public init() {}

    /// How many animations the cache keeps at most (100 by default; a negative size keeps none).
    public var cacheSize: Int {
        get { store.capacity }
        set { store.capacity = newValue }
    }

    /// The animation under `key`, which then counts as just used.
    public func animation(forKey key: String) -> LottieAnimation? { store.value(forKey: key) }

    /// Keeps `animation` under `key`, forgetting the least recently used beyond the size.
    public func setAnimation(_ animation: LottieAnimation, forKey key: String) { store.setValue(animation, forKey: key) }

    /// Forgets every animation.
    public func clearCache() { store.removeAll() }
}

/// lottie-ios's name for ``DefaultAnimationCache`` (an LRU cache).
public typealias LRUAnimationCache = DefaultAnimationCache

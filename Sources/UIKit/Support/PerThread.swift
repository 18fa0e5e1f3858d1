import Foundation

/// The object of type `T` kept for this thread under `key`, made by `make` the first time: UIKit's state that
/// belongs to the thread that edits it (open animation blocks, current drawing contexts, deferred moves).
func perThread<T: AnyObject>(_ key: String, _ make: () -> T) -> T {
    if let existing = Thread.current.threadDictionary[key] as? T { return existing }
    let made = make()
    Thread.current.threadDictionary[key] = made
    return made
}

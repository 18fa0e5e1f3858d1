import Foundation

/// How an associated value is held (Objective-C's policies; every one holds the value strongly here, and copies
/// are not made).
public enum objc_AssociationPolicy: UInt, Sendable {
    /// A weak reference on Apple platforms (held strongly here).
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// A strong reference.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// A copy on Apple platforms (the value itself here).
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// A strong reference, set atomically.
    case OBJC_ASSOCIATION_RETAIN = 0o1401
    /// A copy set atomically on Apple platforms (the value itself here).
    case OBJC_ASSOCIATION_COPY = 0o1403
}

/// Values attached to objects by key, as the Objective-C runtime's associated objects are — the way iOS
/// extensions add stored properties (`objc_setAssociatedObject(self, &key, value, .OBJC_ASSOCIATION_RETAIN)`).
///
/// Without the runtime there is no hook into an object's deallocation, so each entry also holds a weak
/// reference to its object: entries whose object has gone are dropped (the next time the table is touched,
/// at most every 256 writes), and an object identifier reused by a new object never sees an old object's values.
final class AssociatedObjects: @unchecked Sendable {
    static let shared = AssociatedObjects()

    private struct Entry {
        weak var owner: AnyObject?
        var values: [UInt: Any]
    }
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var writesSincePurge = 0

    func set(_ value: Any?, for key: UnsafeRawPointer, on object: AnyObject) {
        lock.lock(); defer { lock.unlock() }
        let id = ObjectIdentifier(object)
        var entry = entries[id].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object, values: [:])
        entry.values[UInt(bitPattern: key)] = value
        entries[id] = entry.values.isEmpty ? nil : entry
        writesSincePurge += 1
        if writesSincePurge >= 256 {
            writesSincePurge = 0
            entries = entries.filter { $0.value.owner != nil }
        }
    }

    func value(for key: UnsafeRawPointer, on object: AnyObject) -> Any? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(object)], entry.owner === object else { return nil }
        return entry.values[UInt(bitPattern: key)]
    }

    func removeAll(on object: AnyObject) {
        lock.lock(); defer { lock.unlock() }
        entries[ObjectIdentifier(object)] = nil
    }
}

/// Attaches `value` to `object` under `key` (nil removes it). Value types passed as `object` have no identity
/// and keep nothing.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    guard type(of: object) is AnyClass else { return }
    AssociatedObjects.shared.set(value, for: key, on: object as AnyObject)
}

/// The value attached to `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard type(of: object) is AnyClass else { return nil }
    return AssociatedObjects.shared.value(for: key, on: object as AnyObject)
}

/// Removes every value attached to `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    guard type(of: object) is AnyClass else { return }
    AssociatedObjects.shared.removeAll(on: object as AnyObject)
}

/// Calyx's stand-in for `@NSManaged` on a `CALayer` subclass: the property is stored by name in the layer's
/// key-value storage, so it animates with `CABasicAnimation(keyPath: "<name>")`, is copied into presentation
/// layers, and — with `needsDisplay(forKey:)` — redraws as it animates.
///
///     class ProgressLayer: CALayer {
///         @Managed var progress: CGFloat = 0
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "progress" || super.needsDisplay(forKey: key)
///         }
///     }
///
/// (iOS code writes `@NSManaged var progress: CGFloat`; `@NSManaged` needs the Objective-C runtime.)
@propertyWrapper
public struct Managed<Value>: ManagedStorage {
    /// Nil when the property was declared without one (`@Managed var angle: Double`).
    let initialValue: Value?
    /// Distinguishes this property's storage from every other, to find its name by reflection.
    let identity: Int

    /// A managed property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        initialValue = wrappedValue
        identity = ManagedNames.nextIdentity()
    }

    /// With no initial value, as `@NSManaged var angle: Double` is written: until it is set, the property reads
    /// as Objective-C reads an unset managed property — zero, false, nil or empty.
    public init() {
        initialValue = nil
        identity = ManagedNames.nextIdentity()
    }

    /// Unavailable: the property is read and written through its layer.
    @available(*, unavailable, message: "@Managed is only for properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// Reads and writes the property through the layer's key-value storage, so it animates and copies like a built-in property.
    public static subscript<Layer: CALayer>(_enclosingInstance layer: Layer,
                                            wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
                                            storage storageKeyPath: ReferenceWritableKeyPath<Layer, Self>) -> Value {
        get {
            let key = ManagedNames.name(of: storageKeyPath, in: layer)
            if let stored = layer.dynamicValues[key] {
                if let value = stored as? Value { return value }
                if let converted = convertManaged(stored, to: Value.self) { return converted }
            }
            if let initial = layer[keyPath: storageKeyPath].initialValue { return initial }
            guard let unset = unsetManagedValue(of: Value.self) else {
                preconditionFailure("@Managed var \(key) has no value yet: give it an initial value or set it first")
            }
            return unset
        }
        set {
            layer.setValue(newValue, forKey: ManagedNames.name(of: storageKeyPath, in: layer))
        }
    }
}

protocol ManagedStorage { var identity: Int { get } }

/// What an unset `@NSManaged` property of this type reads as in Objective-C (nil, which the bridge reads as
/// zero, false or empty); nil for a type with no such value (a non-optional object).
private func unsetManagedValue<Value>(of type: Value.Type) -> Value? {
    if let optional = type as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? Value }
    let zeros: [Any] = [0.0, CGFloat(0), Float(0), 0, false, CGPoint.zero, CGSize.zero, CGRect.zero,
                        CATransform3DIdentity, "", [Any]()]
    for zero in zeros { if let value = zero as? Value { return value } }
    return nil
}

/// Names of `@Managed` properties. Swift on Linux cannot name a key path, so the first access finds the
/// wrapper's storage (`_progress`) among the layer's reflected children by its identity and caches the name.
enum ManagedNames {
    nonisolated(unsafe) private static var names: [AnyKeyPath: String] = [:]
    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()

    static func nextIdentity() -> Int {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return counter
    }

    static func name<Layer: CALayer, Storage: ManagedStorage>(of storage: ReferenceWritableKeyPath<Layer, Storage>, in layer: Layer) -> String {
        lock.lock()
        if let cached = names[storage] { lock.unlock(); return cached }
        lock.unlock()
        let identity = layer[keyPath: storage].identity
        var mirror: Mirror? = Mirror(reflecting: layer)
        var found = "\(storage)"
        search: while let m = mirror {
            for child in m.children {
                if let s = child.value as? ManagedStorage, s.identity == identity, let label = child.label {
                    found = label.hasPrefix("_") ? String(label.dropFirst()) : label
                    break search
                }
            }
            mirror = m.superclassMirror
        }
        lock.lock(); names[storage] = found; lock.unlock()
        return found
    }
}

/// Animated numbers come back as `Double`; convert them to the declared numeric type.
func convertManaged<Value>(_ stored: Any, to: Value.Type) -> Value? {
    guard let d = anyToDouble(stored) else { return nil }
    switch Value.self {
    case is CGFloat.Type: return CGFloat(d) as? Value
    case is Float.Type: return Float(d) as? Value
    case is Double.Type: return d as? Value
    case is Int.Type: return Int(d) as? Value
    default: return nil
    }
}

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
public struct Managed<Value> {
    let initialValue: Value

    public init(wrappedValue: Value) { initialValue = wrappedValue }

    @available(*, unavailable, message: "@Managed is only for properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Layer: CALayer>(_enclosingInstance layer: Layer,
                                            wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
                                            storage storageKeyPath: ReferenceWritableKeyPath<Layer, Self>) -> Value {
        get {
            let key = managedKey(wrappedKeyPath)
            if let stored = layer.dynamicValues[key] {
                if let value = stored as? Value { return value }
                if let converted = convertManaged(stored, to: Value.self) { return converted }
            }
            return layer[keyPath: storageKeyPath].initialValue
        }
        set {
            layer.setValue(newValue, forKey: managedKey(wrappedKeyPath))
        }
    }
}

/// The property's name from its key path (`\ProgressLayer.progress` → "progress").
func managedKey(_ keyPath: AnyKeyPath) -> String {
    let text = "\(keyPath)"
    return String(text.split(separator: ".").last ?? Substring(text))
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

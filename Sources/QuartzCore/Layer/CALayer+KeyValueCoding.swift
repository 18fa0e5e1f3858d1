extension CALayer {
    /// `value(forKey:)`'s default.
    func valueImplementation(forKey key: String) -> Any? {
        if let p = type(of: self).propertyTable[key] { return bridgedValue(p.read(self)) }
        switch key {
        case "sublayers": return sublayers
        case "mask": return mask
        case "frame": return frame
        case "superlayer": return superlayer
        default: return dynamicValues[key]
        }
    }

    /// `setValue(_:forKey:)`'s default. A value of the wrong type for a declared property is ignored (Apple
    /// raises an exception; Calyx keeps the property as it was).
    func setValueImplementation(_ value: Any?, forKey key: String) {
        if let p = type(of: self).propertyTable[key] { _ = p.write(self, value); return }
        switch key {
        case "sublayers": sublayers = value as? [CALayer]
        case "mask": mask = value as? CALayer
        case "frame": if let r = Convert.rect(value) { frame = r }
        default:
            let old = dynamicValues[key]
            dynamicValues[key] = value
            propertyDidChange(key, oldValue: old)
        }
    }

    /// The work of `value` (declared in the class, so subclasses can override it).
    func valueImplementation(forKeyPath keyPath: String) -> Any? {
        if let (layer, rest) = namedSublayer(in: keyPath) { return layer.value(forKeyPath: rest) }
        if keyPath.hasPrefix("emitterCells."), let emitter = self as? CAEmitterLayer {
            return emitter.emitterCellValue(forKeyPath: keyPath)
        }
        if CALayer.isFilterKeyPath(keyPath) { return filterValue(forKeyPath: keyPath) }
        guard keyPath.contains(".") else { return value(forKey: keyPath) }
        guard let binding = KeyPathBinding(keyPath, table: type(of: self).propertyTable),
              let whole = type(of: self).propertyTable[binding.property]?.value(of: self) else { return nil }
        return binding.read(whole).map(\.anyValue) ?? nil
    }

    /// The work of `setValue` (declared in the class, so subclasses can override it).
    func setValueImplementation(_ value: Any?, forKeyPath keyPath: String) {
        if let (layer, rest) = namedSublayer(in: keyPath) { layer.setValue(value, forKeyPath: rest); return }
        if keyPath.hasPrefix("emitterCells."), let emitter = self as? CAEmitterLayer {
            emitter.setEmitterCellValue(value, forKeyPath: keyPath); return
        }
        if CALayer.isFilterKeyPath(keyPath) { setFilterValue(value, forKeyPath: keyPath); return }
        guard keyPath.contains(".") else { setValue(value, forKey: keyPath); return }
        guard let binding = KeyPathBinding(keyPath, table: type(of: self).propertyTable),
              let property = type(of: self).propertyTable[binding.property],
              let whole = property.value(of: self),
              let fieldValue = AnimatableValue(value, as: binding.fieldKind) else { return }
        _ = property.write(self, binding.write(fieldValue, into: whole).anyValue)
    }

    /// `sublayers.<name>.<rest>` → the first sublayer with that name, and the rest of the path.
    func namedSublayer(in keyPath: String) -> (CALayer, String)? {
        let parts = keyPath.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == "sublayers",
              let layer = sublayerStorage.first(where: { $0.name == parts[1] }) else { return nil }
        return (layer, parts[2])
    }

    /// `defaultValue(forKey:)`'s default: the value a new instance of the class has.
    static func defaultValueImplementation(forKey key: String) -> Any? {
        if let documented = documentedDefaults[key] { return documented }
        guard propertyTable[key] != nil else { return nil }
        let value = prototype(of: self).value(forKey: key)
        return isZeroLike(value) ? nil : value
    }

    /// Defaults Apple's headers state for keys whose value is zero or false, which `defaultValue(forKey:)`
    /// answers all the same (for other keys a zero default answers nil, as `bounds` and `position` do).
    nonisolated(unsafe) private static let documentedDefaults: [String: Any] = [  // immutable
        "edgeAntialiasingMask": NSNumber(value: 15 as UInt32),
        "maskedCorners": NSNumber(value: 15 as UInt),
        "drawsAsynchronously": false, "needsDisplayOnBoundsChange": false,
    ]

    /// DECISION (Apple answers nil for `bounds`, `position` and most keys, and the value for keys with a
    /// non-zero default such as `anchorPoint`, `opacity` and `duration`): a default that is nil, zero, false, a
    /// zero point, size or rect, or empty counts as none.
    private static func isZeroLike(_ value: Any?) -> Bool {
        switch value {
        case nil: return true
        case let b as Bool: return !b
        case let n as NSNumber: return n.doubleValue == 0
        case let d as Double: return d == 0
        case let f as Float: return f == 0
        case let c as CGFloat: return c == 0
        case let i as Int: return i == 0
        case let p as CGPoint: return p == .zero
        case let s as CGSize: return s == .zero
        case let r as CGRect: return r == .zero
        case let a as [Any]: return a.isEmpty
        default: return false
        }
    }

    /// Whether `cls` is one of Calyx's own layer classes (whose `init(layer:)` accepts a non-layer).
    private static func isFrameworkClass(_ cls: CALayer.Type) -> Bool {
        let module = _typeName(cls, qualified: true).prefix { $0 != "." }
        return ["QuartzCore", "AVFoundation", "OpenGLES", "UIKit"].contains(module)
    }

    /// One default instance per class, made on first use.
    nonisolated(unsafe) private static var prototypes: [ObjectIdentifier: CALayer] = [:]
    private static let prototypeLock = NSLock()

    private static func prototype(of layerClass: CALayer.Type) -> CALayer {
        // An application's subclass has the table, and so the defaults, of the framework class it derives from;
        // that class is asked instead, since an application's `init(layer:)` may force-cast its argument.
        var cls = layerClass
        while !isFrameworkClass(cls), let parent = _getSuperclass(cls) as? CALayer.Type { cls = parent }
        prototypeLock.lock(); defer { prototypeLock.unlock() }
        if let p = prototypes[ObjectIdentifier(cls)] { return p }
        // A non-layer argument gives a fresh instance with the class's defaults (init(layer:) is required).
        let p = cls.init(layer: NSNull())
        prototypes[ObjectIdentifier(cls)] = p
        return p
    }
}

/// A property's value as Apple's key-value coding answers it: string-valued types (`contentsGravity`,
/// `fillMode`, `emitterShape`…) as `String`, option sets (`edgeAntialiasingMask`, `maskedCorners`) as numbers.
func bridgedValue(_ value: Any?) -> Any? {
    switch value {
    case let text as any RawRepresentable<String>: return text.rawValue
    case let bits as any RawRepresentable<UInt>: return NSNumber(value: bits.rawValue)
    case let bits as any RawRepresentable<UInt32>: return NSNumber(value: bits.rawValue)
    default: return value
    }
}

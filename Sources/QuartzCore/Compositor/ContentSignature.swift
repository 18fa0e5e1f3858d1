/// What a layer's own pixels depend on: the properties whose role is `.raster` in its class's property table
/// (bounds, colours, contents and their placement, corners, border, and every key a subclass adds for its
/// drawing). Position, transform, opacity and the rest are applied by the compositor.
enum ContentSignature {
    /// The raster properties of the layer's class, in declaration order.
    static func rasterProperties(of layer: CALayer) -> [LayerProperty] { rasterKeys(of: layer) }

    /// Worked out once per class.
    private static func rasterKeys(of layer: CALayer) -> [LayerProperty] {
        let cls = ObjectIdentifier(type(of: layer))
        lock.lock(); defer { lock.unlock() }
        if let known = keysByClass[cls] { return known }
        let properties = type(of: layer).propertyTable.ordered.filter { $0.role == .raster }
        keysByClass[cls] = properties
        return properties
    }
    nonisolated(unsafe) private static var keysByClass: [ObjectIdentifier: [LayerProperty]] = [:]
    private static let lock = NSLock()

    static func combine(_ layer: CALayer, into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: layer)))
        hasher.combine(layer.contentVersion)
        for property in rasterProperties(of: layer) { combine(property.read(layer), into: &hasher) }
    }

    /// Hashes one property value (colours by components, other objects by identity).
    static func combine(_ value: Any?, into hasher: inout Hasher) {
        switch value {
        case nil: hasher.combine(0)
        case let list as [Any]:
            hasher.combine(list.count)
            for element in list { combine(element, into: &hasher) }
        case let v as AnyHashable where !(v.base is NSObject) || v.base is NSNumber || v.base is NSString: hasher.combine(v)
        case let c as CGColor: hasher.combine(c.components ?? [])
        case let o as AnyObject: hasher.combine(ObjectIdentifier(o))
        default: hasher.combine(String(describing: value))
        }
    }
}

extension AnimatableValue {
    /// Hashes the value for a raster's signature (equal values hash alike; discrete ones as a property value).
    func combineForSignature(into hasher: inout Hasher) {
        switch self {
        case .number(let v): hasher.combine(0); hasher.combine(v)
        case .point(let v): hasher.combine(1); hasher.combine(v.x); hasher.combine(v.y)
        case .size(let v): hasher.combine(2); hasher.combine(v.width); hasher.combine(v.height)
        case .rect(let v):
            hasher.combine(3); hasher.combine(v.origin.x); hasher.combine(v.origin.y)
            hasher.combine(v.size.width); hasher.combine(v.size.height)
        case .color(let v): hasher.combine(4); hasher.combine(v)
        case .transform(let v):
            hasher.combine(5)
            hasher.combine(v.m11); hasher.combine(v.m12); hasher.combine(v.m13); hasher.combine(v.m14)
            hasher.combine(v.m21); hasher.combine(v.m22); hasher.combine(v.m23); hasher.combine(v.m24)
            hasher.combine(v.m31); hasher.combine(v.m32); hasher.combine(v.m33); hasher.combine(v.m34)
            hasher.combine(v.m41); hasher.combine(v.m42); hasher.combine(v.m43); hasher.combine(v.m44)
        case .path(let v): hasher.combine(6); hasher.combine(v)
        case .numbers(let v): hasher.combine(7); hasher.combine(v)
        case .colors(let v): hasher.combine(8); hasher.combine(v)
        case .discrete(let box): hasher.combine(9); ContentSignature.combine(box.value, into: &hasher)
        }
    }
}

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

    private static func combine(_ value: Any?, into hasher: inout Hasher) {
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

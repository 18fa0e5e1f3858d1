/// What a layer's own pixels depend on: the content-affecting properties (not position, transform or
/// opacity, which the compositor applies).
enum ContentSignature {
    static let layerKeys = ["bounds", "backgroundColor", "cornerRadius", "contents", "contentsRect", "contentsCenter",
                            "contentsGravity", "contentsScale", "borderWidth", "borderColor", "magnificationFilter"]

    /// The keys whose animation changes a layer's content: CALayer's content keys and every key a subclass adds
    /// (computed once per class).
    static func contentKeys(of layer: CALayer) -> Set<String> {
        let cls = ObjectIdentifier(type(of: layer))
        lock.lock(); defer { lock.unlock() }
        if let keys = keysByClass[cls] { return keys }
        let table = type(of: layer).propertyTable
        let keys = Set(layerKeys).union(table.ordered.map(\.name).filter { CALayer.layerProperties[$0] == nil })
        keysByClass[cls] = keys
        return keys
    }
    nonisolated(unsafe) private static var keysByClass: [ObjectIdentifier: Set<String>] = [:]
    private static let lock = NSLock()

    static func combine(_ layer: CALayer, into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: layer)))
        hasher.combine(layer.contentVersion)
        hasher.combine(layer.maskedCorners.rawValue)
        let table = type(of: layer).propertyTable
        for key in layerKeys { combine(table[key]?.read(layer), into: &hasher) }
        // Every key a subclass adds (shape path and stroke, gradient colours, text…) affects its content.
        for property in table.ordered where CALayer.layerProperties[property.name] == nil {
            combine(property.read(layer), into: &hasher)
        }
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

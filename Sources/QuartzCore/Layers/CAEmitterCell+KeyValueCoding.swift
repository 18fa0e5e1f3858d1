/// Key-value coding of emitter cells: every property under its Objective-C name, read and written with the
/// same conversions as layer properties (numbers of any type, colours, rects), so `emitterCells.<name>.<key>`
/// key paths and their animations reach every property the header declares animatable.
extension CAEmitterCell {
    /// How one key reads and writes its property; `write` answers false for a value of the wrong type.
    private struct Key {
        let read: (CAEmitterCell) -> Any?
        let write: (CAEmitterCell, Any?) -> Bool
    }

    private static func number<T>(_ path: ReferenceWritableKeyPath<CAEmitterCell, T>, _ convert: @escaping (Any?) -> T?) -> Key {
        Key(read: { $0[keyPath: path] }, write: { cell, value in
            guard let v = convert(value) else { return false }
            cell[keyPath: path] = v
            return true
        })
    }

    nonisolated(unsafe) private static let keys: [String: Key] = [  // immutable
        "name": Key(read: { $0.name }, write: { cell, v in
            guard v == nil || v is String else { return false }
            cell.name = v as? String; return true
        }),
        "enabled": number(\.isEnabled, Convert.bool),
        "birthRate": number(\.birthRate, Convert.float), "lifetime": number(\.lifetime, Convert.float),
        "lifetimeRange": number(\.lifetimeRange, Convert.float),
        "emissionLatitude": number(\.emissionLatitude, Convert.cgFloat),
        "emissionLongitude": number(\.emissionLongitude, Convert.cgFloat),
        "emissionRange": number(\.emissionRange, Convert.cgFloat),
        "velocity": number(\.velocity, Convert.cgFloat), "velocityRange": number(\.velocityRange, Convert.cgFloat),
        "xAcceleration": number(\.xAcceleration, Convert.cgFloat), "yAcceleration": number(\.yAcceleration, Convert.cgFloat),
        "zAcceleration": number(\.zAcceleration, Convert.cgFloat),
        "scale": number(\.scale, Convert.cgFloat), "scaleRange": number(\.scaleRange, Convert.cgFloat),
        "scaleSpeed": number(\.scaleSpeed, Convert.cgFloat),
        "spin": number(\.spin, Convert.cgFloat), "spinRange": number(\.spinRange, Convert.cgFloat),
        "color": number(\.color, Convert.color),
        "redRange": number(\.redRange, Convert.float), "greenRange": number(\.greenRange, Convert.float),
        "blueRange": number(\.blueRange, Convert.float), "alphaRange": number(\.alphaRange, Convert.float),
        "redSpeed": number(\.redSpeed, Convert.float), "greenSpeed": number(\.greenSpeed, Convert.float),
        "blueSpeed": number(\.blueSpeed, Convert.float), "alphaSpeed": number(\.alphaSpeed, Convert.float),
        "contents": Key(read: { $0.contents }, write: { cell, v in cell.contents = v; return true }),
        "contentsRect": number(\.contentsRect, Convert.rect), "contentsScale": number(\.contentsScale, Convert.cgFloat),
        "minificationFilter": number(\.minificationFilter, { $0 as? String }),
        "magnificationFilter": number(\.magnificationFilter, { $0 as? String }),
        "minificationFilterBias": number(\.minificationFilterBias, Convert.float),
        "emitterCells": Key(read: { $0.emitterCells }, write: { cell, v in
            guard v == nil || v is [CAEmitterCell] else { return false }
            cell.emitterCells = v as? [CAEmitterCell]; return true
        }),
        "beginTime": number(\.beginTime, Convert.double), "duration": number(\.duration, Convert.double),
        "speed": number(\.speed, Convert.float), "timeOffset": number(\.timeOffset, Convert.double),
        "repeatCount": number(\.repeatCount, Convert.float), "repeatDuration": number(\.repeatDuration, Convert.double),
        "autoreverses": number(\.autoreverses, Convert.bool),
    ]

    func valueImplementation(forKey key: String) -> Any? {
        guard let k = Self.keys[key] else { return taggedValues[key] }
        return unwrapOptional(k.read(self))
    }

    func setValueImplementation(_ value: Any?, forKey key: String) {
        guard let k = Self.keys[key] else { taggedValues[key] = value; return }
        _ = k.write(self, unwrapOptional(value))
    }

    func shouldArchiveValueImplementation(forKey key: String) -> Bool {
        guard Self.keys[key] != nil else { return taggedValues[key] != nil }
        return !Self.sameValue(value(forKey: key), Self.fresh.value(forKey: key))
    }

    /// A cell with every default, to tell which keys were set.
    nonisolated(unsafe) private static let fresh = CAEmitterCell()  // never written

    private static func sameValue(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x as CGColor, let y as CGColor): return x == y
        case (let x as CGRect, let y as CGRect): return x == y
        case (let x as String, let y as String): return x == y
        case (let x as Bool, let y as Bool): return x == y
        case (let x?, let y?):
            if let dx = anyToDouble(x), let dy = anyToDouble(y) { return dx == dy }
            return false
        default: return false
        }
    }
}

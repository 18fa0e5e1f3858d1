/// `emitterCells.<name>.<key>` key paths (nested cells by further `emitterCells.<name>` pairs): key-value
/// access to a named cell, and animations of its values. An animated cell key is a property of its own on
/// the emitter (named by the whole key path), so the ordinary evaluator animates it; writing it into a
/// presentation copy first gives the copy its own cells.
extension CAEmitterLayer {
    /// The kinds of the cell keys that animate (the header's animatable cell properties).
    static let animatableCellKeys: [String: ValueKind] = [
        "birthRate": .number, "lifetime": .number, "lifetimeRange": .number, "velocity": .number, "velocityRange": .number,
        "emissionLatitude": .number, "emissionLongitude": .number, "emissionRange": .number,
        "xAcceleration": .number, "yAcceleration": .number, "zAcceleration": .number,
        "scale": .number, "scaleRange": .number, "scaleSpeed": .number, "spin": .number, "spinRange": .number,
        "redRange": .number, "greenRange": .number, "blueRange": .number, "alphaRange": .number,
        "redSpeed": .number, "greenSpeed": .number, "blueSpeed": .number, "alphaSpeed": .number,
        "color": .color, "contentsRect": .rect,
    ]

    /// The cell a key path names and the key inside it; nil when the path names no cell.
    func emitterCell(at keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts.count % 2 == 1, parts[0] == "emitterCells" else { return nil }
        var cells = emitterCells ?? []
        var cell: CAEmitterCell?
        for i in stride(from: 1, to: parts.count - 1, by: 2) {
            guard parts[i - 1] == "emitterCells", let found = cells.first(where: { $0.name == parts[i] }) else { return nil }
            cell = found
            cells = found.emitterCells ?? []
        }
        return cell.map { ($0, parts[parts.count - 1]) }
    }

    /// The value at `emitterCells.<name>.<key>`, or nil when the path names no cell.
    public func emitterCellValue(forKeyPath keyPath: String) -> Any? {
        guard let (cell, key) = emitterCell(at: keyPath) else { return nil }
        return cell.value(forKey: key)
    }

    /// Sets the value at `emitterCells.<name>.<key>`; a path that names no cell changes nothing.
    public func setEmitterCellValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let (cell, key) = emitterCell(at: keyPath) else { return }
        cell.setValue(value, forKey: key)
        markChanged()
    }

    /// The animatable property `keyPath` stands for, when it names an animatable cell key.
    static func cellProperty(for keyPath: String) -> LayerProperty? {
        guard keyPath.hasPrefix("emitterCells."), let last = keyPath.split(separator: ".").last,
              let kind = animatableCellKeys[String(last)] else { return nil }
        return LayerProperty(name: keyPath, kind: kind, role: .compositing, implicitlyAnimates: false, animatable: true,
                             read: { layer in (layer as? CAEmitterLayer)?.emitterCellValue(forKeyPath: keyPath) },
                             write: { layer, value in
                                 // (Only copies are written here, and a copy's cells are its own: see init(layer:).)
                                 guard let emitter = layer as? CAEmitterLayer,
                                       let (cell, key) = emitter.emitterCell(at: keyPath) else { return false }
                                 cell.setValue(value, forKey: key)
                                 return true
                             })
    }
}

extension CALayer {
    /// The property `key` names: one of the class's, a filter input's key path, or for an emitter an animatable
    /// cell key path.
    func animatableProperty(named key: String) -> LayerProperty? {
        type(of: self).propertyTable[key] ?? CALayer.filterProperty(for: key)
            ?? (self is CAEmitterLayer ? CAEmitterLayer.cellProperty(for: key) : nil)
    }
}

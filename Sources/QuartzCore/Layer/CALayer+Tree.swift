/// Why a tree operation was refused.
public enum CALayerTreeError: Error, CustomStringConvertible {
    /// Adding the layer would make it its own ancestor.
    case cycle(child: String, parent: String)
    /// A property was set to a value with a NaN or infinite component; the layer kept its old value.
    case nonFiniteValue(key: String, layer: String, value: String)

    /// What was refused and why, in a sentence.
    public var description: String {
        switch self {
        case .cycle(let child, let parent):
            return "refused to add \(child) to \(parent): it would become its own ancestor (a cycle in the layer tree)"
        case .nonFiniteValue(let key, let layer, let value):
            return "ignored \(key) = \(value) on \(layer): not a finite value (Apple raises CALayerInvalidGeometry)"
        }
    }
}

/// Receives tree-operation and value diagnostics. Apple's frameworks crash on a cycle and raise on NaN geometry;
/// Calyx refuses the operation, leaves the layer unchanged and reports here (by default, to standard error).
/// A task can collect its own diagnostics instead with `CALayerTreeDiagnostics.$handler.withValue`.
nonisolated(unsafe) public var CALayerTreeDiagnosticHandler: (CALayerTreeError) -> Void = { error in
    FileHandle.standardError.write(Data("Calyx: \(error)\n".utf8))
}

/// Where diagnostics go for the current task: a task-local handler when one is bound (tests and hosts that
/// run several trees at once), else the process-wide `CALayerTreeDiagnosticHandler`.
public enum CALayerTreeDiagnostics {
    /// The current task's handler, when one is bound with `$handler.withValue`.
    @TaskLocal public static var handler: (@Sendable (CALayerTreeError) -> Void)?

    /// Reports `error` to the task's handler or the process-wide one.
    static func report(_ error: CALayerTreeError) {
        if let handler { handler(error) } else { CALayerTreeDiagnosticHandler(error) }
    }
}

extension CALayer {
    /// Whether `self` is `layer` or one of its ancestors (through superlayers and masked layers).
    func isAncestorOrSelf(of layer: CALayer) -> Bool {
        var current: CALayer? = layer
        while let c = current {
            if c === self { return true }
            current = c.superlayer
        }
        return false
    }

    /// Checks `child` may become a sublayer of `self`; reports and answers false for a cycle.
    func acceptsAsSublayer(_ child: CALayer) -> Bool {
        guard !child.isAncestorOrSelf(of: self) else {
            CALayerTreeDiagnostics.report(.cycle(child: child.description, parent: description))
            return false
        }
        return true
    }

    /// The work of `addSublayer` (declared in the class, so subclasses can override it).
    func addSublayerImplementation(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }

    /// The work of `insertSublayer` (declared in the class, so subclasses can override it).
    func insertSublayerImplementation(_ layer: CALayer, at index: UInt32) {
        guard acceptsAsSublayer(layer) else { return }
        // The tree changes first and the callbacks (actions of the layer it leaves, of its arrival) run after, on a
        // consistent tree: a callback that moved layers mid-way could otherwise close a cycle this check allowed.
        let leftNotice = layer.detachQuietly()
        let i = min(Int(index), sublayerStorage.count)
        sublayerStorage.insert(layer, at: i)
        layer.parentStorage = self
        sublayersDidChange()
        leftNotice?()
        layer.runAction(forKey: kCAOnOrderIn, oldValue: nil)
    }

    /// The work of `insertSublayer` (declared in the class, so subclasses can override it).
    func insertSublayerImplementation(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// The work of `insertSublayer` (declared in the class, so subclasses can override it).
    func insertSublayerImplementation(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerStorage.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// The work of `replaceSublayer` (declared in the class, so subclasses can override it).
    func replaceSublayerImplementation(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = sublayerStorage.firstIndex(where: { $0 === oldLayer }), oldLayer !== newLayer,
              acceptsAsSublayer(newLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    /// The work of `removeFromSuperlayer` (declared in the class, so subclasses can override it).
    func removeFromSuperlayerImplementation() {
        guard superlayer != nil else { return }
        runAction(forKey: kCAOnOrderOut, oldValue: nil)
        detach()
    }

    /// Removes the layer from wherever it is, with the change a layer it masked sees.
    func detach() { detachQuietly()?() }

    /// Removes the layer from wherever it is and answers what remains to be told (the masked layer's change of
    /// `mask`, which runs its actions and so application code), for the caller to run once the tree is whole.
    func detachQuietly() -> (() -> Void)? {
        if let parent = parentStorage {
            parent.sublayerStorage.removeAll { $0 === self }
            parentStorage = nil
            parent.sublayersDidChange()
        }
        guard let masked = maskedLayer else { return nil }
        masked.maskStorage = nil
        maskedLayer = nil
        return { masked.propertyDidChange("mask", oldValue: self) }
    }

    /// Replaces all sublayers; layers that would form a cycle are left out.
    func setSublayers(_ layers: [CALayer]) {
        for old in sublayerStorage where !layers.contains(where: { $0 === old }) {
            old.parentStorage = nil
        }
        sublayerStorage = []
        var notices: [() -> Void] = []
        for layer in layers where acceptsAsSublayer(layer) {
            if layer.parentStorage !== self, let notice = layer.detachQuietly() { notices.append(notice) }
            sublayerStorage.append(layer)
            layer.parentStorage = self
        }
        sublayersDidChange()
        for notice in notices { notice() }
    }

    func setMask(_ newMask: CALayer?) {
        guard newMask !== maskStorage else { return }
        if let newMask {
            guard !newMask.isAncestorOrSelf(of: self) else {
                CALayerTreeDiagnostics.report(.cycle(child: newMask.description, parent: description)); return
            }
        }
        let leftNotice = newMask?.detachQuietly()
        let old = maskStorage
        old?.maskedLayer = nil
        maskStorage = newMask
        newMask?.maskedLayer = self
        leftNotice?()
        propertyDidChange("mask", oldValue: old)
    }

    private func sublayersDidChange() {
        markChanged()
        setNeedsLayout()
    }
}

extension CALayer {
    /// A new layer of `type` with its class's defaults, for code that creates layers by class (UIKit's
    /// `layerClass`). Swift on Linux cannot call a non-required `init()` through a metatype, so built-in classes
    /// are made by name; another subclass is made through its required `init(layer:)` (its own `init()` does not
    /// run).
    package static func make(ofClass type: CALayer.Type) -> CALayer {
        let builtIn: [(CALayer.Type, () -> CALayer)] = [
            (CALayer.self, { CALayer() }), (CAShapeLayer.self, { CAShapeLayer() }), (CATextLayer.self, { CATextLayer() }),
            (CAGradientLayer.self, { CAGradientLayer() }), (CAReplicatorLayer.self, { CAReplicatorLayer() }),
            (CATransformLayer.self, { CATransformLayer() }), (CAScrollLayer.self, { CAScrollLayer() }),
            (CATiledLayer.self, { CATiledLayer() }), (CAEmitterLayer.self, { CAEmitterLayer() }),
        ]
        if let make = builtIn.first(where: { $0.0 == type })?.1 { return make() }
        let layer = type.init(layer: NSNull())
        CATransaction.current.register(layer)
        return layer
    }
}

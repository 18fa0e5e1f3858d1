#if canImport(Glibc)
import Glibc
#endif
extension CALayer {
    /// A copy Core Animation makes of the layer (a presentation layer, a commit's copy, a render-tree frame
    /// layer): marked as one, so it runs no actions and records no changes.
    package func engineCopy() -> Self {
        LayerCopying.asEngineCopy { type(of: self).init(layer: self) }
    }

    /// Copies every property and dynamic value into `copy` (for `init(layer:)`); an engine copy also takes the
    /// tree links, the delegate and the animation list, which a layer the application copies does not share.
    ///
    /// CALayer's own keys are one value, `LayerValues`, copied in one assignment (every commit copies each
    /// changed layer); a subclass's keys are one value too (`ShapeValues`, …), copied by its table's copier. A
    /// test checks that every key of every layer class is copied.
    func copyProperties(into copy: CALayer, asEngineCopy engineCopy: Bool) {
        copy.propertyValues = propertyValues
        // (A path still being edited by its owner is taken as it is now: a render thread may draw the copy.)
        if let path = propertyValues.shadowPath as? CGMutablePath { copy.propertyValues.shadowPath = path.copy() }
        let table = type(of: self).propertyTable
        if !table.addedCopiers.isEmpty {
            if type(of: copy) == type(of: self) {
                for copyValue in table.addedCopiers { copyValue(self, copy) }
            } else {
                // (The class copiers assume both layers are of this class; a copy of another class, which
                // `init(layer:)` allows, takes the keys both have through key-value coding.)
                for p in table.ordered where CALayer.layerProperties[p.name] == nil { _ = p.write(copy, p.read(self)) }
            }
        }
        copy.dynamicValues = dynamicValues
        copy.actions = actions
        copy.style = style
        copy.contentVersion = contentVersion
        guard engineCopy else { return }
        copy.delegate = delegate
        copy.sublayerStorage = sublayerStorage
        copy.maskStorage = maskStorage
        copy.animationEntries = animationEntries
        copy.modelSource = (self.isPresentationCopy ? self.modelSource : self)
        copy.hasBeenCommitted = hasBeenCommitted
        copy.ancestorsFlipGeometry = ancestorsFlipGeometry
    }
}

/// Whether the `init(layer:)` running on this thread was called by Core Animation itself (`engineCopy()`): a
/// thread-specific flag (a task-local value would allocate on every copy, and a commit copies each changed layer).
enum LayerCopying {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var makingEngineCopy: Bool { pthread_getspecific(key) != nil }

    static func asEngineCopy<T>(_ body: () -> T) -> T {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, outer) }
        return body()
    }
}

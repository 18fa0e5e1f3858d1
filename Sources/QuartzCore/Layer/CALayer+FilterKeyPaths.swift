/// `filters.<name>.<key>` and `backgroundFilters.<name>.<key>` key paths: a numeric input of the filter whose
/// `name` is `<name>`, read and set through key-value coding and animated like any property (as on macOS).
///
/// A layer's filters are never changed in place, since the render thread may be reading them: setting an input
/// replaces the array with one holding a changed copy of that filter.
extension CALayer {
    /// The array, filter and input a filter key path names; nil when it names none of this layer's filters.
    private func filter(at keyPath: String) -> (list: String, index: Int, filter: CIFilter, key: String)? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let list = filterList(named: parts[0]),
              let index = list.firstIndex(where: { ($0 as? CIFilter)?.name == parts[1] }),
              let filter = list[index] as? CIFilter else { return nil }
        return (parts[0], index, filter, parts[2])
    }

    private func filterList(named name: String) -> [Any]? {
        switch name {
        case "filters": return filters
        case "backgroundFilters": return backgroundFilters
        default: return nil
        }
    }

    /// The input a filter key path names, or nil.
    func filterValue(forKeyPath keyPath: String) -> Any? {
        guard let (_, _, filter, key) = filter(at: keyPath) else { return nil }
        return filter.value(forKey: key)
    }

    /// Sets the input a filter key path names; false (nothing changed) when the path names no filter here.
    @discardableResult
    func setFilterValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard let (list, index, filter, key) = filter(at: keyPath), var array = filterList(named: list) else { return false }
        let changed = filter.copy() as! CIFilter
        changed.setValue(value, forKey: key)
        array[index] = changed
        if list == "filters" { filters = array } else { backgroundFilters = array }
        return true
    }

    /// Whether `keyPath` is a filter input's path.
    static func isFilterKeyPath(_ keyPath: String) -> Bool {
        (keyPath.hasPrefix("backgroundFilters.") || keyPath.hasPrefix("filters.")) && keyPath.split(separator: ".").count == 3
    }

    /// The animatable property a filter input's key path stands for (numbers: every input Calyx applies is one).
    static func filterProperty(for keyPath: String) -> LayerProperty? {
        guard isFilterKeyPath(keyPath) else { return nil }
        return LayerProperty(name: keyPath, kind: .number, role: .compositing, implicitlyAnimates: false, animatable: true,
                             read: { $0.filterValue(forKeyPath: keyPath) },
                             write: { $0.setFilterValue($1, forKeyPath: keyPath) })
    }

    /// Filter arrays hold copies of the filters given: a filter changed after it was set does not change the layer
    /// behind its back (and the render thread never sees a filter change under it).
    static func copiedFilters(_ list: [Any]?) -> [Any]? {
        list?.map { ($0 as? CIFilter)?.copy() ?? $0 }
    }
}

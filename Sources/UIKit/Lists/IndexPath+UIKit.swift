import Foundation

/// UIKit's names for the two indexes of a list position: a row (or item) within a section.
extension IndexPath {
    /// The path of `row` in `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The path of `item` in `section` (a collection view's name for a row).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section: the first index.
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue, 0]) } }
    }
    /// The row within the section: the second index.
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) } }
    }
    /// The item within the section (the same index as `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}

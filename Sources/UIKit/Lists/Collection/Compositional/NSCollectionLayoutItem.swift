import QuartzCore

/// One cell's place in a compositional layout: its size in its group, and insets that shrink the cell inside that
/// size.
open class NSCollectionLayoutItem: NSObject, NSCopying, @unchecked Sendable {
    /// The item's size, in its group's terms.
    public let layoutSize: NSCollectionLayoutSize
    /// How far the cell is inset inside the item's size (ignored along an estimated dimension).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space kept around the item inside its group.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    /// An item of the given size.
    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
        super.init()
    }

    /// A copy with the same size, insets and spacing.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        return copy
    }
}

/// Items (or groups) in a row or a column: the unit a compositional layout section repeats.
///
/// A group made with `subitems:` repeats its subitems in turn as long as they fit along its axis; one made with a
/// `count` holds exactly that many copies of its subitem, sized to share the group's length between them (the
/// subitem's own length along the axis is ignored). Items start at the group's leading or top edge and are
/// `interItemSpacing` apart; a flexible spacing shares the room left over between them.
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem, @unchecked Sendable {
    enum Axis { case horizontal, vertical }

    let axis: Axis
    /// How many copies of the one subitem the group holds, if it was made with a count.
    let count: Int?
    /// The items the group lays out, in order.
    public let subitems: [NSCollectionLayoutItem]
    /// The space between neighbouring items (none by default).
    public var interItemSpacing: NSCollectionLayoutSpacing?

    init(layoutSize: NSCollectionLayoutSize, axis: Axis, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count.map { max($0, 0) }
        super.init(layoutSize: layoutSize)
    }

    /// A row of `subitems`, repeated as long as they fit.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, axis: .horizontal, subitems: subitems, count: nil)
    }
    /// A row of `count` copies of `subitem`, sharing the row's width.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        Self(layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], count: count)
    }
    /// A row of `count` copies of `subitem` (the name before iOS 16).
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    /// A column of `subitems`, repeated as long as they fit.
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, axis: .vertical, subitems: subitems, count: nil)
    }
    /// A column of `count` copies of `subitem`, sharing the column's height.
    public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        Self(layoutSize: layoutSize, axis: .vertical, subitems: [subitem], count: count)
    }
    /// A column of `count` copies of `subitem` (the name before iOS 16).
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    /// A copy with the same size, subitems, insets and spacings.
    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self(layoutSize: layoutSize, axis: axis, subitems: subitems, count: count)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        copy.interItemSpacing = interItemSpacing
        return copy
    }
}

import QuartzCore

/// Decides where a collection view's items go. Subclasses compute attributes in `prepare()` and answer
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`; the
/// collection view asks again after `invalidateLayout()`. During batch updates, items that appear start from
/// `initialLayoutAttributesForAppearingItem(at:)` and items that leave end at
/// `finalLayoutAttributesForDisappearingItem(at:)` (the item's own attributes, transparent, by default).
open class UICollectionViewLayout: NSObject, @unchecked Sendable {
    /// The collection view the layout places items for (set when the layout is given to one).
    open internal(set) weak var collectionView: UICollectionView?
    /// Whether `prepare()` must run before the next answers.
    var needsPreparation = true
    /// The changes of the batch update under way (between `prepare(forCollectionViewUpdates:)` and
    /// `finalizeCollectionViewUpdates()`).
    var updatesUnderWay: [UICollectionViewUpdateItem] = []

    /// A layout with no collection view yet.
    public override init() { super.init() }

    /// Computes what the answers need (called before the first layout and after each invalidation).
    open func prepare() {}

    /// The size of all the content, which the collection view scrolls through.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every item whose frame meets `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Marks the layout out of date: the collection view prepares it again and lays its items out anew.
    open func invalidateLayout() {
        needsPreparation = true
        collectionView?.setNeedsLayout()
    }

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout (only a change of size,
    /// by default).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// Where a scroll that would stop at `proposedContentOffset` stops instead (there, by default).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Called before a batch update animates, with its changes.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) { updatesUnderWay = updateItems }

    /// Called after a batch update's animations are set up.
    open func finalizeCollectionViewUpdates() { updatesUnderWay = [] }

    /// Where an item that appears in a batch update starts: its final attributes, transparent, by default.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// Where an item that disappears in a batch update ends: where it was, transparent, by default. (Answered
    /// from the attributes the item had before the update.)
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = collectionView?.attributesBeforeUpdate[itemIndexPath]?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// Prepares the layout if it is out of date.
    func prepareIfNeeded() {
        guard needsPreparation else { return }
        needsPreparation = false
        prepare()
    }
}

/// One change of a batch update, as layouts see it in `prepare(forCollectionViewUpdates:)`.
open class UICollectionViewUpdateItem: NSObject, @unchecked Sendable {
    /// The kinds of change, with UIKit's raw values.
    public enum Action: Int, Sendable {
        /// An item was inserted.
        case insert
        /// An item was deleted.
        case delete
        /// An item was reloaded.
        case reload
        /// An item moved.
        case move
        /// Nothing changed.
        case none
    }

    /// The item's position before the update (nil for an insertion).
    public let indexPathBeforeUpdate: IndexPath?
    /// The item's position after the update (nil for a deletion).
    public let indexPathAfterUpdate: IndexPath?
    /// What happened to the item.
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before; indexPathAfterUpdate = after; updateAction = action
    }
}

extension CGRect {
    /// Whether the two rectangles meet (touching counts, so empty item frames are found too), by comparisons
    /// alone: Foundation's `intersects` traps on the enormous and non-finite rectangles hostile sizes make.
    func meets(_ other: CGRect) -> Bool {
        let (x0, x1) = (other.origin.x, other.origin.x + other.size.width), (y0, y1) = (other.origin.y, other.origin.y + other.size.height)
        let (a0, a1) = (origin.x, origin.x + size.width), (b0, b1) = (origin.y, origin.y + size.height)
        return min(a0, a1) <= max(x0, x1) && max(a0, a1) >= min(x0, x1) && min(b0, b1) <= max(y0, y1) && max(b0, b1) >= min(y0, y1)
    }
}

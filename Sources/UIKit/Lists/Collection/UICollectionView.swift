import QuartzCore

/// Supplies a collection view's sections, items and cells.
public protocol UICollectionViewDataSource: AnyObject {
    /// How many sections there are (1 by default).
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// How many items `section` has.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for an item, usually from `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// Receives a collection view's item events. It is also the scroll view's delegate: set it as `delegate`.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// A cell is about to come on screen: where appearance animations start.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A cell left the screen (it is kept for reuse).
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// The user selected an item.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user's selection of another item deselected this one.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Items in sections, placed by a layout object (`UICollectionViewFlowLayout` for lines and grids, or a custom
/// `UICollectionViewLayout`), scrolling as a scroll view. Only the items on screen have cells, reused as the
/// content scrolls. Batch updates and layout changes animate each cell from where it was to where it goes;
/// items that appear start from, and items that leave end at, the attributes the layout gives for them.
open class UICollectionView: UIScrollView, @unchecked Sendable {
    /// Where `scrollToItem` and `selectItem` put the item, with UIKit's raw values.
    public struct ScrollPosition: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// A value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// At the top of the visible area.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// In the vertical middle of the visible area.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// At the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// At the left of the visible area.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// In the horizontal middle of the visible area.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// At the right of the visible area.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout placing the items; setting it changes layout without animation.
    open var collectionViewLayout: UICollectionViewLayout {
        get { layout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    /// Supplies the items and cells (held weakly).
    open weak var dataSource: UICollectionViewDataSource? { didSet { needsReload = true; setNeedsLayout() } }
    /// Whether tapping an item selects it.
    open var allowsSelection = true
    /// The selected items.
    open internal(set) var indexPathsForSelectedItems: [IndexPath]? = []
    /// How many cells the collection view has made (for reuse checks and benchmarks).
    public internal(set) var cellsCreated = 0

    var layout: UICollectionViewLayout
    var registrations: [String: UICollectionViewCell.Type] = [:]
    var reusable: [String: [UICollectionViewCell]] = [:]
    /// The cells on screen, by the item they show.
    var visible: [IndexPath: UICollectionViewCell] = [:]
    /// Each section's item count, as the data source last said.
    var counts: [Int] = []
    var needsReload = true
    /// Updates or layout changes under way: layout leaves the cells to their animations.
    var animatingUpdates = 0
    var batch = CollectionItemUpdates()
    var batchDepth = 0
    /// The attributes the items on screen had before the update under way (for disappearing items).
    var attributesBeforeUpdate: [IndexPath: UICollectionViewLayoutAttributes] = [:]

    /// A collection view placing its items with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
        let tap = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.tapped(at: recognizer.location(in: self))
        }
        tap.cancelsTouchesInView = false
        addGestureRecognizer(tap)
    }

    /// Collection views are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// The bounds; a change the layout says needs a new layout invalidates it.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            if layout.shouldInvalidateLayout(forBoundsChange: newValue) { layout.invalidateLayout() }
            super.bounds = newValue
        }
    }

    /// The frame; a new size the layout says needs a new layout invalidates it.
    open override var frame: CGRect {
        get { super.frame }
        set {
            if layout.shouldInvalidateLayout(forBoundsChange: CGRect(origin: bounds.origin, size: newValue.size)) { layout.invalidateLayout() }
            super.frame = newValue
        }
    }

    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    // MARK: Cells

    /// Makes cells of `cellClass` for `identifier` when no reusable one is waiting.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registrations[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// A cell for `identifier`: a reused one (after its `prepareForReuse()`), or a new one of the registered class
    /// (a plain cell when nothing is registered, where UIKit would raise).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if var waiting = reusable[identifier], let cell = waiting.popLast() {
            reusable[identifier] = waiting
            cell.prepareForReuse()
            return cell
        }
        cellsCreated += 1
        let cell = (registrations[identifier] ?? UICollectionViewCell.self).init(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cells on screen with their items, in item order: callbacks about them go out in this order, so what a
    /// delegate sees never depends on a dictionary's (per-process) hash order.
    var visibleInOrder: [(key: IndexPath, value: UICollectionViewCell)] { visible.sorted { $0.key < $1.key } }

    /// The cells on screen, in index-path order.
    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeeded()
        return visible.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeeded()
        return visible.keys.sorted()
    }

    /// The cell showing `indexPath`, if it is on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeeded()
        return visible[indexPath]
    }

    /// The item a cell on screen shows.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// The item whose frame contains `point` (in the collection view's content), if any.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        layoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0)
        return layout.layoutAttributesForElements(in: probe)?.last { $0.frame.meets(probe) && !$0.isHidden }?.indexPath
    }

    /// Where the layout puts an item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        reloadIfNeeded()
        layout.prepareIfNeeded()
        return layout.layoutAttributesForItem(at: indexPath)
    }

    // MARK: Data

    /// How many sections the data source gave.
    open var numberOfSections: Int { reloadIfNeeded(); return counts.count }

    /// How many items `section` has (0 for a section that does not exist).
    open func numberOfItems(inSection section: Int) -> Int {
        reloadIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Asks the data source for everything again and lays the items out anew, without animation: the cells on
    /// screen are kept for reuse and the items get cells from the data source again.
    open func reloadData() {
        needsReload = true
        let leaving = visibleInOrder
        visible = [:]
        for (indexPath, cell) in leaving { retire(cell, from: indexPath) }
        setNeedsLayout()
    }

    // MARK: Updates

    /// Adds items (index paths after the change); they fade in where the layout puts them.
    open func insertItems(at indexPaths: [IndexPath]) { record { $0.inserted.formUnion(indexPaths) } }

    /// Removes items (index paths before the change); they fade out where they were.
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deleted.formUnion(indexPaths) } }

    /// Replaces items' cells with new ones from the data source, cross-fading.
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloaded.formUnion(indexPaths) } }

    /// Moves an item, sliding its cell to the new place.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.moved.append((indexPath, newIndexPath)) } }

    /// Runs `updates` (which change the data source and call the item methods) and animates the changes
    /// together, then calls `completion`. Counts that do not add up (UIKit raises) reload without animation.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates?()
        endBatch(completion: completion)
    }

    /// Gives the collection view a new layout, moving every cell on screen from where the old layout put it to
    /// where the new one does when `animated`, then calls `completion`.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard layout !== self.layout else { completion?(true); return }
        let wasShown = !visible.isEmpty
        attributesBeforeUpdate = currentAttributes()
        self.layout.collectionView = nil
        self.layout = layout
        layout.collectionView = self
        layout.invalidateLayout()
        guard animated, wasShown else {
            setNeedsLayout()
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        let identity = Dictionary(uniqueKeysWithValues: visible.keys.map { ($0, $0) })
        animateChanges(mapping: ItemMapping(survivors: identity), updateItems: [], completion: completion)
    }

    // MARK: Scrolling and selection

    /// Scrolls so that the item sits where `scrollPosition` says (as little as it takes, for no position).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        let view = bounds.size
        if scrollPosition.contains(.top) { offset.y = frame.minY - contentInset.top }
        else if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - view.height / 2 }
        else if scrollPosition.contains(.bottom) { offset.y = frame.maxY - view.height + contentInset.bottom }
        if scrollPosition.contains(.left) { offset.x = frame.minX - contentInset.left }
        else if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - view.width / 2 }
        else if scrollPosition.contains(.right) { offset.x = frame.maxX - view.width + contentInset.right }
        if scrollPosition.isEmpty { scrollRectToVisible(frame, animated: animated); return }
        let maxX = max(contentSize.width + contentInset.right - view.width, -contentInset.left)
        let maxY = max(contentSize.height + contentInset.bottom - view.height, -contentInset.top)
        offset = CGPoint(x: min(max(offset.x, -contentInset.left), maxX), y: min(max(offset.y, -contentInset.top), maxY))
        setContentOffset(offset, animated: animated)
    }

    /// Selects an item (and scrolls to it as `scrollPosition` says), without telling the delegate, as UIKit does.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        for old in indexPathsForSelectedItems ?? [] where old != indexPath { visible[old]?.isSelected = false }
        indexPathsForSelectedItems = indexPath.map { [$0] } ?? []
        guard let indexPath else { return }
        visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        visible[indexPath]?.isSelected = false
        indexPathsForSelectedItems?.removeAll { $0 == indexPath }
    }

    private func tapped(at point: CGPoint) {
        guard allowsSelection, !isDecelerating, let indexPath = indexPathForItem(at: point) else { return }
        for old in indexPathsForSelectedItems ?? [] where old != indexPath {
            deselectItem(at: old, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: old)
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    // MARK: Layout

    /// Places the items on screen: cells that left are kept for reuse, items that arrived get cells from the
    /// data source (and the delegate's `willDisplay`).
    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        layout.prepareIfNeeded()
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
        guard animatingUpdates == 0 else { return }   // update animations place their cells themselves
        let wanted = (layout.layoutAttributesForElements(in: bounds) ?? []).filter { $0.representedElementCategory == .cell }
        let wantedPaths = Set(wanted.map(\.indexPath))
        let leaving = visibleInOrder.filter { !wantedPaths.contains($0.key) }
        for (indexPath, _) in leaving { visible[indexPath] = nil }
        for (indexPath, cell) in leaving { retire(cell, from: indexPath) }
        // A `didEndDisplaying` that reloaded or updated the view made this pass stale: the next one places the items.
        guard animatingUpdates == 0, !needsReload else { setNeedsLayout(); return }
        for attributes in wanted {
            if let cell = visible[attributes.indexPath] {
                UIView.performWithoutAnimation { attributes.apply(to: cell) }
                cell.apply(attributes)
                continue
            }
            guard let cell = makeCell(for: attributes) else { continue }
            visible[attributes.indexPath] = cell
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: attributes.indexPath)
        }
    }

    /// Asks the data source for counts again, if anything changed since.
    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        counts = currentCounts()
        layout.invalidateLayout()
    }

    /// The item counts the data source gives now (negative counts are empty).
    func currentCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<max(dataSource.numberOfSections(in: self), 0)).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
    }

    /// A cell for an item from the data source, placed by `attributes` without animation and shown.
    func makeCell(for attributes: UICollectionViewLayoutAttributes) -> UICollectionViewCell? {
        guard let dataSource else { return nil }
        let indexPath = attributes.indexPath
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        UIView.performWithoutAnimation {
            attributes.apply(to: cell)
            cell.isSelected = indexPathsForSelectedItems?.contains(indexPath) ?? false
            cell.isHighlighted = false
        }
        cell.apply(attributes)
        if cell.superview !== self { insertSubview(cell, at: 0) }
        return cell
    }

    /// Takes a cell off screen and keeps it for reuse.
    func retire(_ cell: UICollectionViewCell, from indexPath: IndexPath) {
        cell.removeFromSuperview()
        if let identifier = cell.reuseIdentifier { reusable[identifier, default: []].append(cell) }
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
}

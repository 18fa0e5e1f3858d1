import Foundation

/// The state of a list's data by identity: its sections in order, each with its items in order. A diffable data
/// source applies a snapshot by animating the differences from the last one. Item identifiers are unique across
/// the whole snapshot, as UIKit requires; adding one that is already present (where UIKit raises) is ignored.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private(set) var sections: [(id: SectionIdentifierType, items: [ItemIdentifierType])] = []
    /// Items whose cells are to be made again (`reloadItems`) or reconfigured (`reconfigureItems`).
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items whose cells are to be reconfigured in place.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    /// How many sections there are.
    public var numberOfSections: Int { sections.count }
    /// How many items there are, in all sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.id) }
    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    /// How many items a section has (0 for one not in the snapshot).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemIdentifiers(inSection: identifier).count }
    /// A section's items, in order (none for a section not in the snapshot).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sections.first { $0.id == identifier }?.items ?? []
    }
    /// The section holding an item.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { $0.items.contains(identifier) }?.id
    }
    /// An item's position among all items, section after section.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    /// A section's position.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex { $0.id == identifier } }

    /// Adds sections at the end (sections already present are ignored).
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers where indexOfSection(id) == nil { sections.append((id, [])) }
    }
    /// Adds items at the end of a section (the last one when nil; ignored when there is none).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let s = sectionIdentifier.flatMap(indexOfSection) ?? (sections.isEmpty ? nil : sections.count - 1) else { return }
        let present = Set(itemIdentifiers)
        var seen = Set<ItemIdentifierType>()
        sections[s].items += identifiers.filter { !present.contains($0) && seen.insert($0).inserted }
    }
    /// Inserts items just before another item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, at: beforeIdentifier, after: false)
    }
    /// Inserts items just after another item.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, at: afterIdentifier, after: true)
    }
    /// Removes items.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for s in sections.indices { sections[s].items.removeAll { gone.contains($0) } }
    }
    /// Removes every item and section.
    public mutating func deleteAllItems() { sections = [] }
    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        sections.removeAll { identifiers.contains($0.id) }
    }
    /// Moves an item to just before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        guard identifier != toIdentifier, indexOfItem(toIdentifier) != nil else { return }
        deleteItems([identifier])
        insertItems([identifier], beforeItem: toIdentifier)
    }
    /// Moves an item to just after another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        guard identifier != toIdentifier, indexOfItem(toIdentifier) != nil else { return }
        deleteItems([identifier])
        insertItems([identifier], afterItem: toIdentifier)
    }
    /// Marks items whose cells are to be made again.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloadedItemIdentifiers += identifiers }
    /// Marks items whose cells are to be updated in place.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reconfiguredItemIdentifiers += identifiers }

    /// Each item's index path.
    func indexPaths() -> [ItemIdentifierType: IndexPath] {
        var paths: [ItemIdentifierType: IndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (i, item) in section.items.enumerated() { paths[item] = IndexPath(item: i, section: s) }
        }
        return paths
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool) {
        let present = Set(itemIdentifiers)
        var seen = Set<ItemIdentifierType>()
        let fresh = identifiers.filter { !present.contains($0) && seen.insert($0).inserted }
        for s in sections.indices {
            guard let i = sections[s].items.firstIndex(of: anchor) else { continue }
            sections[s].items.insert(contentsOf: fresh, at: after ? i + 1 : i)
            return
        }
    }
}

/// A collection view's data source that holds its data as snapshots: `apply(_:animatingDifferences:)` animates
/// the items that came, went and moved since the last snapshot, each found by its identifier.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UICollectionViewDataSource, @unchecked Sendable {
    /// Makes the cell for an item (from `dequeueReusableCell(withReuseIdentifier:for:)`).
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for `collectionView` (which it becomes the data source of) making cells with `cellProvider`.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the data as it stands.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Makes `snapshot` the data. With `animatingDifferences`, items that are new fade in, items that are gone
    /// fade out, and items that moved slide to their new places; without, the view reloads. `completion` runs
    /// when the animations end.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current.indexPaths(), new = snapshot.indexPaths()
        // Reconfigured items get new cells too (cross-faded), where UIKit updates the cell in place.
        let reloaded = Set(snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers)
        current = snapshot
        current.clearMarks()
        guard let collectionView, animatingDifferences else {
            collectionView?.reloadData()
            completion?()
            return
        }
        var survivors: [IndexPath: IndexPath] = [:]
        var updateItems: [UICollectionViewUpdateItem] = []
        for (item, from) in old.sorted(by: { $0.value < $1.value }) {
            if let to = new[item], !reloaded.contains(item) {
                survivors[from] = to
                if from != to { updateItems.append(UICollectionViewUpdateItem(before: from, after: to, action: .move)) }
            } else {
                updateItems.append(UICollectionViewUpdateItem(before: from, after: nil, action: .delete))
            }
        }
        for (item, to) in new.sorted(by: { $0.value < $1.value }) where old[item] == nil || reloaded.contains(item) {
            updateItems.append(UICollectionViewUpdateItem(before: nil, after: to, action: .insert))
        }
        collectionView.applyDifferences(counts: snapshot.sections.map(\.items.count), mapping: ItemMapping(survivors: survivors),
                                        updateItems: updateItems) { _ in completion?() }
    }

    /// The item at an index path.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, current.sections.indices.contains(indexPath.section) else { return nil }
        let items = current.sections[indexPath.section].items
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// An item's index path.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPaths()[itemIdentifier] }

    /// How many sections the current snapshot has.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    /// How many items a section of the current snapshot has.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.sections.indices.contains(section) ? current.sections[section].items.count : 0
    }

    /// The cell the cell provider makes for the item (an empty cell when it makes none).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        return collectionView.dequeueReusableCell(withReuseIdentifier: "UICollectionViewDiffableDataSource.empty", for: indexPath)
    }
}

extension NSDiffableDataSourceSnapshot {
    /// Forgets the reload and reconfigure marks once they are applied.
    mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
    }
}

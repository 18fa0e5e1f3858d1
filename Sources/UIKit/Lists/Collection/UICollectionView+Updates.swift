import QuartzCore

/// The item changes of one batch, as index paths: deletions and reloads before the batch, insertions after it,
/// moves from before to after (UIKit's rule for `performBatchUpdates`).
struct CollectionItemUpdates {
    var deleted: Set<IndexPath> = []
    var inserted: Set<IndexPath> = []
    var reloaded: Set<IndexPath> = []
    var moved: [(from: IndexPath, to: IndexPath)] = []

    /// The changes as layouts see them.
    var updateItems: [UICollectionViewUpdateItem] {
        deleted.sorted().map { UICollectionViewUpdateItem(before: $0, after: nil, action: .delete) }
            + inserted.sorted().map { UICollectionViewUpdateItem(before: nil, after: $0, action: .insert) }
            + reloaded.sorted().map { UICollectionViewUpdateItem(before: $0, after: $0, action: .reload) }
            + moved.map { UICollectionViewUpdateItem(before: $0.from, after: $0.to, action: .move) }
    }
}

extension UICollectionView {
    /// How long update and layout-change animations take, ease-in-out (Calyx's timing, the same as a table's row
    /// animations; UIKit does not document its own).
    static let updateAnimationDuration = 0.3

    func beginBatch() {
        if batchDepth == 0 { batch = CollectionItemUpdates() }
        batchDepth += 1
    }

    func endBatch(completion: ((Bool) -> Void)?) {
        batchDepth -= 1
        guard batchDepth == 0 else { completion?(true); return }
        let changes = batch
        let old = counts
        reloadIfNeeded()
        counts = currentCounts()
        guard let mapping = ItemMapping(oldCounts: old, newCounts: counts, deleted: changes.deleted.union(changes.reloaded),
                                        inserted: changes.inserted.union(changes.reloaded), moved: changes.moved) else {
            reloadData()
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        animateChanges(mapping: mapping, updateItems: changes.updateItems, completion: completion)
    }

    func record(_ change: (inout CollectionItemUpdates) -> Void) {
        guard batchDepth == 0 else { change(&batch); return }
        beginBatch()
        change(&batch)
        endBatch(completion: nil)
    }

    /// The attributes the items on screen have now.
    func currentAttributes() -> [IndexPath: UICollectionViewLayoutAttributes] {
        var found: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for path in visible.keys.sorted() { found[path] = layout.layoutAttributesForItem(at: path) }
        return found
    }

    /// Animates the cells on screen from the layout as it was to the layout as it is after a change: survivors
    /// slide from where they were to where `mapping` sends them, new items come in from their appearing
    /// attributes, items that left go to their disappearing attributes and are kept for reuse.
    func animateChanges(mapping: ItemMapping, updateItems: [UICollectionViewUpdateItem], completion: ((Bool) -> Void)?) {
        // Never laid out: there is nothing on screen to animate.
        guard window != nil || !visible.isEmpty else {
            reloadData()
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        if attributesBeforeUpdate.isEmpty { attributesBeforeUpdate = currentAttributes() }
        let before = attributesBeforeUpdate
        needsReload = false
        layout.invalidateLayout()
        layout.prepareIfNeeded()
        contentSize = layout.collectionViewContentSize
        layout.prepare(forCollectionViewUpdates: updateItems)
        let oldVisible = visible
        var moving: [(UICollectionViewCell, UICollectionViewLayoutAttributes)] = []
        var leaving: [(UICollectionViewCell, IndexPath, UICollectionViewLayoutAttributes?)] = []
        visible = [:]
        for (oldPath, cell) in oldVisible.sorted(by: { $0.key < $1.key }) {
            if let newPath = mapping.survivors[oldPath], let target = layout.layoutAttributesForItem(at: newPath) {
                visible[newPath] = cell
                moving.append((cell, target))
            } else {
                leaving.append((cell, oldPath, layout.finalLayoutAttributesForDisappearingItem(at: oldPath)))
            }
        }
        let arrivingAttributes = (layout.layoutAttributesForElements(in: bounds) ?? []).filter {
            $0.representedElementCategory == .cell && visible[$0.indexPath] == nil
        }
        var arriving: [(UICollectionViewCell, UICollectionViewLayoutAttributes)] = []
        for target in arrivingAttributes {
            let path = target.indexPath
            let start = mapping.origins[path].flatMap { before[$0] } ?? layout.initialLayoutAttributesForAppearingItem(at: path) ?? target
            guard let cell = makeCell(for: start) else { continue }
            visible[path] = cell
            arriving.append((cell, target))
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        attributesBeforeUpdate = [:]
        animatingUpdates += 1
        UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: .curveEaseInOut, animations: {
            for (cell, target) in moving + arriving { target.apply(to: cell); cell.apply(target) }
            for (cell, _, end) in leaving { if let end { end.apply(to: cell) } else { cell.alpha = 0 } }
        }, completion: { [weak self] finished in
            guard let self else { return }
            for (cell, oldPath, _) in leaving {
                UIView.performWithoutAnimation { cell.alpha = 1; cell.layer.transform = CATransform3DIdentity }
                self.retire(cell, from: oldPath)
            }
            self.animatingUpdates -= 1
            self.setNeedsLayout()
            completion?(finished)
        })
        layout.finalizeCollectionViewUpdates()
    }
}

extension UICollectionView {
    /// Animates a change whose mapping is known outright (a diffable data source's, by item identity).
    func applyDifferences(counts newCounts: [Int], mapping: ItemMapping, updateItems: [UICollectionViewUpdateItem],
                          completion: ((Bool) -> Void)?) {
        reloadIfNeeded()
        attributesBeforeUpdate = currentAttributes()
        counts = newCounts
        animateChanges(mapping: mapping, updateItems: updateItems, completion: completion)
    }
}

import Foundation

/// The row changes of one batch, as index paths: deletions and reloads before the batch, insertions after it,
/// moves from before to after (UIKit's rule for `performBatchUpdates`).
struct TableRowUpdates {
    var deleted: [IndexPath: UITableView.RowAnimation] = [:]
    var inserted: [IndexPath: UITableView.RowAnimation] = [:]
    var reloaded: [IndexPath: UITableView.RowAnimation] = [:]
    var moved: [(from: IndexPath, to: IndexPath)] = []
}

extension UITableView {
    /// How long row animations take, ease-in-out (Calyx's timing; UIKit does not document it).
    static let rowAnimationDuration = 0.3

    func record(_ change: (inout TableRowUpdates) -> Void) {
        guard batchDepth == 0 else { change(&batch); return }
        var single = TableRowUpdates()
        change(&single)
        apply(single, completion: nil)
    }

    // MARK: Applying a batch

    func apply(_ updates: TableRowUpdates, completion: ((Bool) -> Void)?) {
        // Never laid out: there is nothing on screen to animate.
        guard !needsReload, window != nil || !visible.isEmpty else {
            reloadData()
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        let old = geometry
        let oldVisible = visible
        geometry = makeGeometry()
        guard let mapping = rowMapping(from: old, to: geometry, updates: updates) else {
            reloadData()
            reloadIfNeeded()
            CAMediaClock.current.events.runAtNextPass { completion?(true) }
            return
        }
        contentSize = CGSize(width: bounds.width, height: geometry.height)
        let width = bounds.width
        let onScreen = Set(geometry.rows(from: bounds.minY, to: bounds.maxY))
        var arriving: [(UITableViewCell, CGRect, RowAnimation)] = []
        var leaving: [(UITableViewCell, IndexPath, RowAnimation)] = []
        var moving: [(UITableViewCell, CGRect)] = []
        visible = [:]
        for (oldPath, cell) in oldVisible.sorted(by: { $0.key < $1.key }) {
            if let newPath = mapping.survivors[oldPath], let frame = geometry.frame(of: newPath, width: width) {
                visible[newPath] = cell
                moving.append((cell, frame))
            } else {
                leaving.append((cell, oldPath, updates.deleted[oldPath] ?? updates.reloaded[oldPath] ?? .automatic))
            }
        }
        for newPath in onScreen.sorted() where visible[newPath] == nil {
            guard let frame = geometry.frame(of: newPath, width: width) else { continue }
            let start: CGRect
            let animation: RowAnimation
            if let oldPath = mapping.origins[newPath], let was = old.frame(of: oldPath, width: width) {
                (start, animation) = (was, .none)   // a row that moves into view slides from where it was
            } else {
                (start, animation) = (frame, mapping.insertions[newPath] ?? .automatic)
            }
            guard let cell = makeCell(for: newPath, at: start) else { continue }
            visible[newPath] = cell
            if start != frame { moving.append((cell, frame)) } else { arriving.append((cell, frame, animation)) }
            (delegate as? UITableViewDelegate)?.tableView(self, willDisplay: cell, forRowAt: newPath)
        }
        UIView.performWithoutAnimation {
            for (cell, frame, animation) in arriving { Self.place(cell, outside: frame, by: animation, width: width) }
        }
        animatingUpdates += 1
        UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: .curveEaseInOut, animations: {
            for (cell, frame) in moving { cell.frame = frame }
            for (cell, frame, _) in arriving { cell.frame = frame; cell.alpha = 1 }
            for (cell, _, animation) in leaving where animation != .none {
                Self.place(cell, outside: cell.frame, by: animation, width: width)
            }
        }, completion: { [weak self] finished in
            guard let self else { return }
            for (cell, oldPath, _) in leaving {
                UIView.performWithoutAnimation { cell.alpha = 1 }
                cell.isHidden = false   // a cell taken out at once (`.none`) was hidden; it is reused shown
                self.retire(cell, from: oldPath)
            }
            self.animatingUpdates -= 1
            self.setNeedsLayout()
            completion?(finished)
        })
        for (cell, _, animation) in leaving where animation == .none { cell.isHidden = true }
    }

    /// Puts `cell` where `animation` brings a row in from (or takes it out to), around the row's `frame`.
    static func place(_ cell: UITableViewCell, outside frame: CGRect, by animation: RowAnimation, width: CGFloat) {
        switch animation {
        case .none: cell.frame = frame
        case .right: cell.frame = frame.offsetBy(dx: width, dy: 0)
        case .left: cell.frame = frame.offsetBy(dx: -width, dy: 0)
        case .top: cell.frame = frame.offsetBy(dx: 0, dy: -frame.height); cell.alpha = 0
        case .bottom: cell.frame = frame.offsetBy(dx: 0, dy: frame.height); cell.alpha = 0
        case .middle: cell.frame = CGRect(x: frame.minX, y: frame.midY, width: frame.width, height: 0); cell.alpha = 0
        case .fade, .automatic: cell.frame = frame; cell.alpha = 0
        }
    }

    /// Where each surviving row goes, where each row of the new table came from, and how the new rows come in;
    /// nil when the counts do not add up.
    private func rowMapping(from old: TableGeometry, to new: TableGeometry, updates: TableRowUpdates)
        -> (survivors: [IndexPath: IndexPath], origins: [IndexPath: IndexPath], insertions: [IndexPath: RowAnimation])? {
        var insertions = updates.inserted
        for (path, animation) in updates.reloaded { insertions[path] = animation }   // a reload is a delete and an insert
        guard let mapping = ItemMapping(oldCounts: old.sections.map(\.rowHeights.count), newCounts: new.sections.map(\.rowHeights.count),
                                        deleted: Set(updates.deleted.keys).union(updates.reloaded.keys), inserted: Set(insertions.keys),
                                        moved: updates.moved) else { return nil }
        return (mapping.survivors, mapping.origins, insertions)
    }
}

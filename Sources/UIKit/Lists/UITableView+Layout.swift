import Foundation

extension UITableView {
    /// Lays the rows on screen out: cells that left are kept for reuse, rows that arrived get cells from the data
    /// source (and the delegate's `willDisplay`), and section titles sit above their rows.
    func layOutRows() {
        reloadIfNeeded()
        guard animatingUpdates == 0 else { return }   // row animations place their cells themselves
        let wanted = geometry.rows(from: bounds.minY, to: bounds.maxY)
        let wantedSet = Set(wanted)
        for (indexPath, cell) in visible where !wantedSet.contains(indexPath) {
            visible[indexPath] = nil
            retire(cell, from: indexPath)
        }
        for indexPath in wanted {
            guard let frame = geometry.frame(of: indexPath, width: bounds.width) else { continue }
            if let cell = visible[indexPath] { cell.frame = frame; continue }
            guard let cell = makeCell(for: indexPath, at: frame) else { continue }
            visible[indexPath] = cell
            (delegate as? UITableViewDelegate)?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
        placeHeaders()
    }

    /// Asks the data source for counts and the delegate for heights again, if anything changed since.
    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        geometry = makeGeometry()
        contentSize = CGSize(width: bounds.width, height: geometry.height)
    }

    /// The geometry the data source and delegate describe now. Negative counts are empty, heights that are not
    /// finite and at least 0 are the table's row height (44 when that is automatic).
    func makeGeometry() -> TableGeometry {
        guard let dataSource else { return TableGeometry(sections: []) }
        let tableDelegate = delegate as? UITableViewDelegate
        let standardRow = rowHeight >= 0 && rowHeight.isFinite ? rowHeight : 44
        let sectionCount = max(dataSource.numberOfSections(in: self), 0)
        let sections = (0..<sectionCount).map { s -> TableGeometry.Section in
            let rows = max(dataSource.tableView(self, numberOfRowsInSection: s), 0)
            let heights = (0..<rows).map { r -> CGFloat in
                let h = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: r, section: s)) ?? standardRow
                return h >= 0 && h.isFinite ? h : standardRow
            }
            var header = tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? UITableView.automaticDimension
            if !(header >= 0 && header.isFinite) {
                header = dataSource.tableView(self, titleForHeaderInSection: s) != nil ? sectionHeaderHeight : (style == .plain ? 0 : 18)
            }
            return TableGeometry.Section(headerHeight: header, rowHeights: heights)
        }
        return TableGeometry(sections: sections)
    }

    /// A cell for `indexPath` from the data source, placed at `frame` without animation and shown.
    func makeCell(for indexPath: IndexPath, at frame: CGRect) -> UITableViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        UIView.performWithoutAnimation {
            cell.frame = frame
            cell.alpha = 1
            cell.setSelected(indexPath == indexPathForSelectedRow, animated: false)
        }
        if cell.superview !== self { insertSubview(cell, at: 0) }
        return cell
    }

    /// Takes a cell off screen and keeps it for reuse.
    func retire(_ cell: UITableViewCell, from indexPath: IndexPath) {
        cell.removeFromSuperview()
        if let identifier = cell.reuseIdentifier { reusable[identifier, default: []].append(cell) }
        (delegate as? UITableViewDelegate)?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// Section titles from the data source, as gray labels in their headers.
    private func placeHeaders() {
        guard let dataSource else { return }
        for section in 0..<geometry.sections.count {
            guard let frame = geometry.headerFrame(of: section, width: bounds.width),
                  let title = dataSource.tableView(self, titleForHeaderInSection: section) else {
                headerLabels[section]?.removeFromSuperview()
                headerLabels[section] = nil
                continue
            }
            let label = headerLabels[section] ?? UILabel()
            label.text = style == .plain ? title : title.uppercased()
            label.font = .systemFont(ofSize: 13, weight: .semibold)
            label.textColor = .secondaryLabel
            label.backgroundColor = style == .plain ? .secondarySystemBackground : .clear
            UIView.performWithoutAnimation { label.frame = frame.insetBy(dx: 16, dy: 0) }
            if label.superview !== self { addSubview(label) }
            headerLabels[section] = label
        }
    }
}

import Foundation

extension UITableView {
    /// Lays the rows on screen out: cells that left are kept for reuse, rows that arrived get cells from the data
    /// source (and the delegate's `willDisplay`), and section titles sit above their rows.
    func layOutRows() {
        reloadIfNeeded()
        guard animatingUpdates == 0 else { return }   // row animations place their cells themselves
        let wanted = geometry.rows(from: bounds.minY, to: bounds.maxY)
        let wantedSet = Set(wanted)
        let leaving = visibleInOrder.filter { !wantedSet.contains($0.key) }
        for (indexPath, _) in leaving { visible[indexPath] = nil }
        for (indexPath, cell) in leaving { retire(cell, from: indexPath) }
        // A `didEndDisplaying` that reloaded or updated the table made this pass stale: the next one places the rows.
        guard animatingUpdates == 0, !needsReload else { setNeedsLayout(); return }
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

    /// The geometry the data source and delegate describe now. Negative counts are empty; a row height of
    /// `automaticDimension` is measured from the row's cell; other heights that are not finite and at least 0 are
    /// the table's row height (44 when that is not one either).
    func makeGeometry() -> TableGeometry {
        guard let dataSource else { return TableGeometry(sections: []) }
        let tableDelegate = delegate as? UITableViewDelegate
        let standardRow = rowHeight >= 0 && rowHeight.isFinite ? rowHeight : 44
        let sectionCount = max(dataSource.numberOfSections(in: self), 0)
        let sections = (0..<sectionCount).map { s -> TableGeometry.Section in
            let rows = max(dataSource.tableView(self, numberOfRowsInSection: s), 0)
            let heights = (0..<rows).map { r -> CGFloat in
                let path = IndexPath(row: r, section: s)
                let h = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
                if h == UITableView.automaticDimension { return measuredHeight(of: path) ?? standardRow }
                return h >= 0 && h.isFinite ? h : standardRow
            }
            var header = tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? UITableView.automaticDimension
            if !(header >= 0 && header.isFinite) {
                header = dataSource.tableView(self, titleForHeaderInSection: s) != nil ? sectionHeaderHeight : (style == .plain ? 0 : 18)
            }
            var footer = tableDelegate?.tableView(self, heightForFooterInSection: s) ?? UITableView.automaticDimension
            if !(footer >= 0 && footer.isFinite) {
                footer = dataSource.tableView(self, titleForFooterInSection: s) != nil ? sectionFooterHeight : 0
            }
            return TableGeometry.Section(headerHeight: header, rowHeights: heights, footerHeight: footer)
        }
        return TableGeometry(sections: sections)
    }

    /// A self-sizing row's height: its cell, configured by the data source at the table's width, measured by
    /// Auto Layout when its content view holds constraints (iOS's way), else by its standard labels. The cell is
    /// kept for reuse afterwards. Every self-sizing row is measured when the table loads (iOS estimates the rows
    /// off screen instead), so the cost grows with the number of such rows.
    func measuredHeight(of indexPath: IndexPath) -> CGFloat? {
        guard let dataSource, bounds.width.isFinite, bounds.width > 0 else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        UIView.performWithoutAnimation { cell.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 44) }
        let height: CGFloat
        if cell.contentView.holdsConstraints {
            height = cell.contentView.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0),
                                                              withHorizontalFittingPriority: .required,
                                                              verticalFittingPriority: .fittingSizeLevel).height
        } else {
            height = cell.sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude)).height
        }
        if cell.superview == nil, let identifier = cell.reuseIdentifier { reusable[identifier, default: []].append(cell) }
        return height.isFinite && height >= 0 ? height.rounded(.up) : nil
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

    /// Section titles from the data source, as gray labels in their headers, and footer texts below the rows.
    private func placeHeaders() {
        guard let dataSource else { return }
        for section in 0..<geometry.sections.count {
            let title = dataSource.tableView(self, titleForHeaderInSection: section)
            place(style == .plain ? title : title?.uppercased(), in: geometry.headerFrame(of: section, width: bounds.width),
                  section: section, labels: &headerLabels, header: true)
            place(dataSource.tableView(self, titleForFooterInSection: section), in: geometry.footerFrame(of: section, width: bounds.width),
                  section: section, labels: &footerLabels, header: false)
        }
    }

    /// Shows `text` in a section's header or footer label (made on first use), or takes the label away.
    private func place(_ text: String?, in frame: CGRect?, section: Int, labels: inout [Int: UILabel], header: Bool) {
        guard let frame, let text else {
            labels[section]?.removeFromSuperview()
            labels[section] = nil
            return
        }
        let label = labels[section] ?? UILabel()
        label.text = text
        label.numberOfLines = header ? 1 : 0
        label.font = header ? .systemFont(ofSize: 13, weight: .semibold) : .systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        label.backgroundColor = header && style == .plain ? .secondarySystemBackground : .clear
        UIView.performWithoutAnimation { label.frame = frame.insetBy(dx: 16, dy: 0) }
        if label.superview !== self { addSubview(label) }
        labels[section] = label
    }
}

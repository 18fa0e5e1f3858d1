import Foundation

/// Supplies a table view's sections, rows and cells.
public protocol UITableViewDataSource: AnyObject {
    /// How many sections the table has (1 by default).
    func numberOfSections(in tableView: UITableView) -> Int
    /// How many rows `section` has.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row, usually from `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The title shown above a section (none by default).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The text shown below a section (none by default).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

extension UITableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No title.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// Receives a table view's row events and may size its rows. It is also the scroll view's delegate: set it as
/// `delegate`.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height (the table's `rowHeight` by default).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A section header's height (`automaticDimension`: the table's `sectionHeaderHeight` when there is a title).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A section footer's height (`automaticDimension`: the table's `sectionFooterHeight` when there is a footer
    /// text).
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A cell is about to come on screen: where appearance animations start.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (it is kept for reuse).
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// The user selected a row.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The user's selection of another row deselected this one.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// The table's `rowHeight`.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// `automaticDimension`.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// `automaticDimension`.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// Does nothing.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// A scrolling list of rows in sections. Only the rows on screen have cells: as the content scrolls, cells that
/// leave are kept for reuse and handed out again by `dequeueReusableCell(withIdentifier:for:)`, so a table of
/// ten thousand rows makes a screenful of cells. Inserting, deleting, reloading and moving rows animate with
/// UIKit's row animations.
open class UITableView: UIScrollView, @unchecked Sendable {
    /// The look of the sections, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// Rows run edge to edge with section headers that stay on screen.
        case plain = 0
        /// Sections are separated by space on a grouped background.
        case grouped
        /// Grouped sections inset from the edges with rounded corners.
        case insetGrouped
    }
    /// How inserted and deleted rows come and go, with UIKit's raw values.
    public enum RowAnimation: Int, Sendable {
        /// Rows fade in or out.
        case fade = 0
        /// Rows slide in from the right or out to the right.
        case right
        /// Rows slide in from the left or out to the left.
        case left
        /// Rows slide in from above or out upwards.
        case top
        /// Rows slide in from below or out downwards.
        case bottom
        /// Rows appear or disappear at once (the others still move).
        case none
        /// Rows grow from or shrink to their centre line.
        case middle
        /// The table picks a fitting animation (a fade).
        case automatic = 100
    }
    /// Where `scrollToRow` puts the row, with UIKit's raw values.
    public enum ScrollPosition: Int, Sendable {
        /// Scrolls as little as it takes to show the row.
        case none = 0
        /// Puts the row at the top of the visible area.
        case top
        /// Puts the row in the middle of the visible area.
        case middle
        /// Puts the row at the bottom of the visible area.
        case bottom
    }
    /// The height that means "the default" (UIKit's −1).
    public static let automaticDimension: CGFloat = -1

    /// The look of the sections, fixed when the table is made.
    public let style: Style
    /// Supplies the rows and cells (held weakly).
    open weak var dataSource: UITableViewDataSource? { didSet { needsReload = true; setNeedsLayout() } }
    /// The height of rows the delegate does not size (44 points); `automaticDimension` sizes each row to its cell
    /// (Auto Layout in the content view, or the standard labels).
    open var rowHeight: CGFloat = 44 { didSet { needsReload = true; setNeedsLayout() } }
    /// The height of a section header with a title.
    open var sectionHeaderHeight: CGFloat = 28
    /// The height of a section footer with a text.
    open var sectionFooterHeight: CGFloat = 28
    /// Accepted for source compatibility: rows are measured, not estimated.
    open var estimatedRowHeight: CGFloat = 44
    /// Whether tapping a row selects it.
    open var allowsSelection = true

    var registrations: [String: UITableViewCell.Type] = [:]
    var reusable: [String: [UITableViewCell]] = [:]
    /// The cells on screen, by the row they show.
    var visible: [IndexPath: UITableViewCell] = [:]
    var geometry = TableGeometry(sections: [])
    var needsReload = true
    /// Row updates under way: layout leaves the cells to their animations.
    var animatingUpdates = 0
    var headerLabels: [Int: UILabel] = [:]
    var footerLabels: [Int: UILabel] = [:]
    /// Row changes gathered between `beginUpdates()` and `endUpdates()` (or inside `performBatchUpdates`).
    var batch = TableRowUpdates()
    var batchDepth = 0
    /// The selected row, if any.
    open private(set) var indexPathForSelectedRow: IndexPath?
    /// How many cells the table has made (for reuse checks and benchmarks).
    public internal(set) var cellsCreated = 0

    /// A table with `style`'s look, bouncing vertically, selecting rows on tap.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .secondarySystemBackground
        alwaysBounceVertical = true
        let tap = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.tapped(at: recognizer.location(in: self))
        }
        tap.cancelsTouchesInView = false
        addGestureRecognizer(tap)
    }

    /// A plain table.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// Tables are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    private var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    // MARK: Cells

    /// Makes cells of `cellClass` for `identifier` when no reusable one is waiting.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = cellClass as? UITableViewCell.Type
    }

    /// A cell kept for reuse under `identifier` (after its `prepareForReuse()`), or nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard var waiting = reusable[identifier], let cell = waiting.popLast() else {
            guard let type = registrations[identifier] else { return nil }
            cellsCreated += 1
            return type.init(style: .default, reuseIdentifier: identifier)
        }
        reusable[identifier] = waiting
        cell.prepareForReuse()
        return cell
    }

    /// A cell for `identifier`: a reused one, or a new one of the registered class (a plain cell when nothing is
    /// registered, where UIKit would raise).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        cellsCreated += 1
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// The cells on screen with their rows, in row order: callbacks about them go out in this order, so what a
    /// delegate sees never depends on a dictionary's (per-process) hash order.
    var visibleInOrder: [(key: IndexPath, value: UITableViewCell)] { visible.sorted { $0.key < $1.key } }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return visible.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visible.keys.sorted()
    }

    /// The cell showing `indexPath`, if it is on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return visible[indexPath]
    }

    /// The row a cell on screen shows.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    // MARK: Rows and geometry

    /// How many sections the data source gave.
    open var numberOfSections: Int { reloadIfNeeded(); return geometry.sections.count }

    /// How many rows `section` has (0 for a section that does not exist).
    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return geometry.sections.indices.contains(section) ? geometry.sections[section].rowHeights.count : 0
    }

    /// Where `indexPath`'s row is, in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        return geometry.frame(of: indexPath, width: bounds.width) ?? .zero
    }

    /// The row at `point` (content coordinates), if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        return geometry.row(at: point.y)
    }

    /// Asks the data source for everything again and redisplays the rows on screen.
    open func reloadData() {
        needsReload = true
        let leaving = visibleInOrder
        visible = [:]
        for (indexPath, cell) in leaving { retire(cell, from: indexPath) }
        setNeedsLayout()
    }

    /// Scrolls so that `indexPath`'s row sits at `position` (`.none`: the least scroll that shows it).
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let row = rectForRow(at: indexPath)
        guard row != .zero || indexPath == IndexPath(row: 0, section: 0) else { return }
        var offset = contentOffset
        switch position {
        case .top: offset.y = row.minY
        case .middle: offset.y = row.midY - bounds.height / 2
        case .bottom: offset.y = row.maxY - bounds.height
        case .none: scrollRectToVisible(row, animated: animated); return
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Layout and row changes (UITableView+Layout.swift, UITableView+Updates.swift)

    /// Places the rows on screen, reusing the cells of rows that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutRows()
    }

    /// Adds rows (index paths after the change), bringing them in as `animation` says.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for p in indexPaths { $0.inserted[p] = animation } }
    }

    /// Removes rows (index paths before the change), taking them out as `animation` says.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for p in indexPaths { $0.deleted[p] = animation } }
    }

    /// Replaces rows' cells with new ones from the data source, as `animation` says.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for p in indexPaths { $0.reloaded[p] = animation } }
    }

    /// Moves a row, sliding its cell to the new place.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.moved.append((indexPath, newIndexPath)) }
    }

    /// Starts a group of row changes that animate together at `endUpdates()`.
    open func beginUpdates() {
        if batchDepth == 0 { batch = TableRowUpdates() }
        batchDepth += 1
    }

    /// Animates the row changes made since `beginUpdates()`.
    open func endUpdates() {
        guard batchDepth > 0 else { return }
        batchDepth -= 1
        if batchDepth == 0 { apply(batch, completion: nil) }
    }

    /// Runs `updates` (which change the data source and call the row methods) and animates the changes together,
    /// then calls `completion`. Counts that do not add up (UIKit raises) reload the table without animation.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        batchDepth -= 1
        if batchDepth == 0 { apply(batch, completion: completion) } else { completion?(true) }
    }

    // MARK: Selection

    /// Selects a row (and scrolls to it as `scrollPosition` says), without telling the delegate, as UIKit does.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if let old = indexPathForSelectedRow, old != indexPath { visible[old]?.setSelected(false, animated: animated) }
        indexPathForSelectedRow = indexPath
        guard let indexPath else { return }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row, fading its selected look when `animated`.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        visible[indexPath]?.setSelected(false, animated: animated)
        if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
    }

    private func tapped(at point: CGPoint) {
        guard allowsSelection, !isDecelerating, let indexPath = indexPathForRow(at: point) else { return }
        if let old = indexPathForSelectedRow, old != indexPath {
            deselectRow(at: old, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: old)
        }
        selectRow(at: indexPath, animated: false, scrollPosition: .none)
        tableDelegate?.tableView(self, didSelectRowAt: indexPath)
    }
}

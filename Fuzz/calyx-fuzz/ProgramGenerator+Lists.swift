import CoreGraphics
import QuartzCore
import UIKit

/// What a program does with a scroll view and a table view: hostile sizes, insets, heights and offsets; drags
/// through the window; animated scrolls; batch updates whose counts may not add up; and delegates that edit the
/// table, the scroll position and the world's views from inside their callbacks (reloading while a cell is being
/// displayed, deleting rows as one leaves, moving the offset while the view scrolls).
///
/// The script draws from its own generator, seeded by values the program already drew, so programs recorded
/// before lists joined the fuzzer stay the same.
struct ListScript {
    struct Step {
        let source: String
        let run: (ListStage) -> Void
    }
    let setup: String
    let frame: CGRect, contentSize: CGSize, inset: UIEdgeInsets
    let paging: Bool, bounces: Bool, rate: CGFloat
    let sections: [Int], heights: [CGFloat]
    let edits: ListEdits
    let steps: [Step]
    /// Drawn last, so the table part of programs recorded before collection views joined is unchanged.
    let collection: CollectionScript

    init(seed: UInt64) {
        var values = HostileValues(rng: SplitMix(seed: seed ^ 0x5C20_11ED))
        let frame = values.rect(), size = values.size(), top = values.number(-20, 40), left = values.number(-20, 40)
        self.frame = frame.value
        let scale = values.number(1, 200).value
        contentSize = CGSize(width: size.value.width * scale, height: size.value.height * scale)
        inset = UIEdgeInsets(top: CGFloat(top.value), left: CGFloat(left.value), bottom: CGFloat(-left.value), right: 0)
        paging = values.chance(0.3); bounces = values.chance(0.7)
        rate = values.chance(0.8) ? values.pick([0.998, 0.99]) : CGFloat(values.number(-1, 2).value)
        sections = (0..<values.int(0...3)).map { _ in values.int(0...40) }
        heights = (0..<values.int(0...4)).map { _ in CGFloat(values.number(-10, 90).value) }
        edits = ListEdits(reloadsWhileDisplaying: values.chance(0.2), deletesWhenRowLeaves: values.chance(0.2),
                          movesOffsetWhileScrolling: values.chance(0.2), target: values.chance(0.3) ? values.point().value : nil,
                          removesWorldView: values.chance(0.3), fadeDuration: values.number(-1, 1).value)
        setup = "scroll view \(frame.source) content \(size.source)×\(scale) inset (\(top.source), \(left.source)) paging \(paging) bounces \(bounces) rate \(rate); table sections \(sections) heights \(heights); \(edits)"
        steps = (0..<values.int(1...8)).map { _ in Self.step(&values) }
        collection = CollectionScript(&values)
    }

    private static func step(_ values: inout HostileValues) -> Step {
        switch values.int(0...8) {
        case 0, 1:
            let points = (0..<values.int(1...5)).map { _ in values.point().value }, dt = values.number(-0.05, 0.2).value
            return Step(source: "drag \(points) every \(dt) s") { $0.drag(points, every: dt) }
        case 2:
            let dt = values.number(-0.5, 3).value
            return Step(source: "clock.advance(by: \(dt))") { $0.advance(by: dt) }
        case 3:
            let p = values.point(), animated = values.chance(0.6)
            return Step(source: "setContentOffset(\(p.source), animated: \(animated))") { stage in
                stage.scrollView.setContentOffset(p.value, animated: animated)
                stage.table.setContentOffset(p.value, animated: animated)
            }
        case 4:
            let r = values.rect(), animated = values.chance(0.6)
            return Step(source: "scrollRectToVisible(\(r.source), animated: \(animated))") { stage in
                stage.scrollView.scrollRectToVisible(r.value, animated: animated)
                stage.table.scrollRectToVisible(r.value, animated: animated)
            }
        case 5:
            let edits = (0..<values.int(1...4)).map { _ in RowEdit(&values) }, fixesCounts = values.chance(0.6)
            return Step(source: "performBatchUpdates \(edits) (counts \(fixesCounts ? "follow" : "ignore") the edits)") { stage in
                stage.table.performBatchUpdates({
                    for edit in edits { edit.apply(to: stage, fixingCounts: fixesCounts) }
                }, completion: { _ in stage.world.completions += 1 })
            }
        case 6:
            let path = IndexPath(row: values.int(-1...45), section: values.int(-1...3))
            let position = UITableView.ScrollPosition(rawValue: values.int(0...3)) ?? .none, animated = values.chance(0.5)
            return Step(source: "scrollToRow(at: \(path), at: \(position), animated: \(animated)); selectRow") { stage in
                stage.table.scrollToRow(at: path, at: position, animated: animated)
                stage.table.selectRow(at: path, animated: animated, scrollPosition: position)
                stage.world.observe(stage.table.indexPathForSelectedRow)
            }
        case 7:
            let r = values.rect(), heightRow = values.number(-10, 90).value
            return Step(source: "table.frame = \(r.source); rowHeight = \(heightRow); reloadData()") { stage in
                stage.table.frame = r.value
                stage.table.rowHeight = CGFloat(heightRow)
                stage.table.reloadData()
            }
        default:
            let p = values.point()
            return Step(source: "observe rows at \(p.source)") { stage in
                stage.table.layoutIfNeeded()
                stage.world.observe(stage.table.indexPathForRow(at: p.value))
                stage.world.observe(stage.table.indexPathsForVisibleRows)
                stage.world.observe(stage.table.visibleCells.count)
                stage.world.observe(stage.table.cellsCreated)
            }
        }
    }

    var source: String { setup + "; " + steps.map(\.source).joined(separator: "; ") + "; " + collection.source }

    /// Builds the scroll view and the table in the world's window and runs the steps.
    func run(in world: ProgramWorld, editing a: Int) {
        let stage = ListStage(script: self, world: world, a: a)
        for step in steps { step.run(stage) }
        world.observe(stage.scrollView.contentOffset)
        world.observe(stage.table.contentOffset)
        world.keptAlive.append(stage)
        collection.run(in: world, frame: frame)
    }
}

/// Which edits the delegates make from inside their callbacks.
struct ListEdits: CustomStringConvertible {
    let reloadsWhileDisplaying: Bool, deletesWhenRowLeaves: Bool, movesOffsetWhileScrolling: Bool
    let target: CGPoint?
    let removesWorldView: Bool
    let fadeDuration: Double

    var description: String {
        "delegates: reload in willDisplay \(reloadsWhileDisplaying), delete in didEndDisplaying \(deletesWhenRowLeaves), offset in didScroll \(movesOffsetWhileScrolling), target \(String(describing: target)), remove V \(removesWorldView), fade \(fadeDuration)"
    }
}

/// One row change in a batch: index paths may be out of range or negative.
struct RowEdit: CustomStringConvertible {
    enum Kind: Int { case insert, delete, reload, move }
    let kind: Kind
    let path: IndexPath, other: IndexPath
    let animation: UITableView.RowAnimation

    init(_ values: inout HostileValues) {
        kind = Kind(rawValue: values.int(0...3)) ?? .insert
        path = IndexPath(row: values.int(-1...42), section: values.int(-1...3))
        other = IndexPath(row: values.int(-1...42), section: values.int(-1...3))
        animation = UITableView.RowAnimation(rawValue: values.pick([0, 1, 2, 3, 4, 5, 6, 100, 7])) ?? .automatic
    }

    var description: String { "\(kind) \(path)\(kind == .move ? "→\(other)" : "") \(animation)" }

    func apply(to stage: ListStage, fixingCounts: Bool) {
        let section = path.count == 2 ? path.section : -1
        let valid = stage.rows.indices.contains(section)
        switch kind {
        case .insert:
            if fixingCounts, valid { stage.rows[section] += 1 }
            stage.table.insertRows(at: [path], with: animation)
        case .delete:
            if fixingCounts, valid, stage.rows[section] > 0 { stage.rows[section] -= 1 }
            stage.table.deleteRows(at: [path], with: animation)
        case .reload:
            stage.table.reloadRows(at: [path], with: animation)
        case .move:
            stage.table.moveRow(at: path, to: other)
        }
    }
}

/// The scroll view, the table and their data source and delegate, which edit them from inside callbacks.
final class ListStage: NSObject, UITableViewDataSource, UITableViewDelegate, @unchecked Sendable {
    let scrollView: UIScrollView
    let table: UITableView
    unowned let world: ProgramWorld
    let script: ListScript
    let a: Int
    var rows: [Int]
    private var reloaded = false, deleted = false, moved = false

    init(script: ListScript, world: ProgramWorld, a: Int) {
        self.script = script; self.world = world; self.a = a
        rows = script.sections
        scrollView = UIScrollView(frame: script.frame)
        table = UITableView(frame: script.frame, style: script.paging ? .grouped : .plain)
        super.init()
        for view in [scrollView, table] as [UIScrollView] {
            view.contentInset = script.inset
            view.isPagingEnabled = script.paging
            view.bounces = script.bounces
            view.decelerationRate = UIScrollView.DecelerationRate(rawValue: script.rate)
            view.delegate = self
            world.window.addSubview(view)
            world.views.append(view); world.layers.append(view.layer)
        }
        scrollView.contentSize = script.contentSize
        scrollView.addSubview(UIView(frame: CGRect(origin: .zero, size: script.contentSize)))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
    }

    func drag(_ points: [CGPoint], every dt: Double) {
        for (k, p) in points.enumerated() {
            world.window.sendPointer(k == 0 ? .began : k == points.count - 1 ? .ended : .moved, at: p)
            advance(by: dt)
        }
    }

    func advance(by dt: Double) { world.advanceClock(by: dt) }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int { rows.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.indices.contains(section) ? rows[section] : 0
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section % 2 == 0 ? "Section \(section)" : nil
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        script.heights.isEmpty ? tableView.rowHeight : script.heights[abs(indexPath.row % script.heights.count)]
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        cell.alpha = 0
        UIView.animate(withDuration: script.edits.fadeDuration, animations: { cell.alpha = 1 },
                       completion: { [unowned world] _ in world.completions += 1 })
        if script.edits.removesWorldView { world.view(a)?.removeFromSuperview() }
        if script.edits.reloadsWhileDisplaying, !reloaded {
            reloaded = true
            tableView.reloadData()
            tableView.layoutIfNeeded()
        }
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        guard script.edits.deletesWhenRowLeaves, !deleted, rows.indices.contains(indexPath.section), rows[indexPath.section] > 0 else { return }
        deleted = true
        rows[indexPath.section] -= 1
        tableView.deleteRows(at: [IndexPath(row: 0, section: indexPath.section)], with: .fade)
    }
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        world.observe(scrollView.contentOffset)
        guard script.edits.movesOffsetWhileScrolling, !moved else { return }
        moved = true
        scrollView.setContentOffset(CGPoint(x: 0, y: -scrollView.contentOffset.y), animated: true)
    }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        world.observe(velocity)
        if let target = script.edits.target { targetContentOffset.pointee = target }
    }
}

import Foundation
import Testing
@testable import UIKit

/// Self-sizing rows and section footers, as iOS code writes them. Expected heights follow from the constraints
/// (a box of fixed height pinned 10 points inside the content view) and from Liberation Sans's line height,
/// 1.149 em (17 points: ⌈19.55⌉ = 20; 12 points: ⌈13.79⌉ = 14), with a standard cell's 11 points above and below.
@Suite struct TableSelfSizingTests {
    /// A cell whose content view holds a box of a height the data source sets, pinned 10 points inside it.
    final class BoxCell: UITableViewCell, @unchecked Sendable {
        let box = UIView()
        var height: NSLayoutConstraint!
        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            height = box.heightAnchor.constraint(equalToConstant: 10)
            NSLayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
                box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                height,
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    final class Rows: NSObject, UITableViewDataSource {
        let boxHeights: [CGFloat] = [60, 20, 35]
        var footer: String? = "Changes apply to every device."
        func numberOfSections(in tableView: UITableView) -> Int { 2 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? boxHeights.count : 1 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            if indexPath.section == 1 {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = "Hello"
                cell.detailTextLabel?.text = "World"
                return cell
            }
            let cell = tableView.dequeueReusableCell(withIdentifier: "box", for: indexPath) as! BoxCell
            cell.height.constant = boxHeights[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { section == 0 ? footer : nil }
    }

    @Test func automaticRowsTakeTheirCellsHeightsAndFootersFollowTheirSections() {
        withClock { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKeyAndVisible()
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(BoxCell.self, forCellReuseIdentifier: "box")
            table.rowHeight = UITableView.automaticDimension
            let rows = Rows()
            table.dataSource = rows
            window.addSubview(table)
            table.layoutIfNeeded()
            // Boxes of 60, 20 and 35 points with 10 above and below: rows of 80, 40 and 55.
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 320, height: 80))
            #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 80, width: 320, height: 40))
            #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 120, width: 320, height: 55))
            // The footer (28 points) follows the rows; the next section's subtitle cell measures 20 + 14 + 22.
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)) == CGRect(x: 0, y: 175 + 28, width: 320, height: 56))
            #expect(table.contentSize.height - 259 == 0, "off by \(table.contentSize.height - 259)")
            let footer = table.subviews.compactMap { $0 as? UILabel }.first { $0.text == rows.footer }
            #expect(footer?.frame == CGRect(x: 16, y: 175, width: 288, height: 28))
            // The cell on screen shows its measured height.
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.height == 80)
            withExtendedLifetime(window) {}
        }
    }

    /// The most common self-sizing cell on iOS: a label with `numberOfLines = 0` pinned 12 points inside the content
    /// view. Its row is as tall as the text wrapped at the label's width (320 − 2 × 16 = 288 points) plus 24:
    /// the wrapped height is the label's own `sizeThatFits` at that width, and must be several lines.
    final class TextCell: UITableViewCell, @unchecked Sendable {
        let body = UILabel()
        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            body.numberOfLines = 0
            body.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(body)
            NSLayoutConstraint.activate([
                body.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
                body.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                body.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    final class Paragraphs: NSObject, UITableViewDataSource {
        let texts = ["Short.", String(repeating: "Rows grow with the text they wrap. ", count: 6)]
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
            cell.body.text = texts[indexPath.row]
            return cell
        }
    }

    @Test func rowsWithWrappingLabelsUnderAutoLayoutTakeTheWrappedHeight() {
        withClock { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKeyAndVisible()
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(TextCell.self, forCellReuseIdentifier: "text")
            table.rowHeight = UITableView.automaticDimension
            let paragraphs = Paragraphs()
            table.dataSource = paragraphs
            window.addSubview(table)
            table.layoutIfNeeded()
            let oneLine = UILabel()
            oneLine.text = "Short."
            var y: CGFloat = 0
            for (row, text) in paragraphs.texts.enumerated() {
                let label = UILabel()
                label.numberOfLines = 0
                label.text = text
                let wrapped = label.sizeThatFits(CGSize(width: 288, height: CGFloat.greatestFiniteMagnitude)).height
                let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
                #expect(rect == CGRect(x: 0, y: y, width: 320, height: wrapped + 24), "row \(row)")
                y += rect.height
            }
            #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height - 24 >= 4 * oneLine.intrinsicContentSize.height)
            // The cell on screen wraps the same way: its label is 288 points wide and as tall as the text.
            let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as? TextCell
            #expect(cell?.body.frame.width == 288)
            #expect(cell.map { $0.body.frame.height == $0.bounds.height - 24 } == true)
            withExtendedLifetime(window) {}
        }
    }

    @Test func constraintCellsAreSolvedOnTheirOwnNotWithTheWindow() {
        withClock { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKeyAndVisible()
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(TextCell.self, forCellReuseIdentifier: "text")
            table.rowHeight = UITableView.automaticDimension
            let paragraphs = Paragraphs()
            table.dataSource = paragraphs
            window.addSubview(table)
            table.layoutIfNeeded()
            // The window's solve has nothing constraint-laid-out outside the cells: it holds the window alone.
            #expect(LayoutSystem(root: window, freeRootSize: nil).viewCount == 1)
            // Each cell's solve holds the cell, its content view and its label.
            let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
            #expect(LayoutSystem(root: cell, freeRootSize: nil).viewCount == 3)
            #expect((cell as? TextCell)?.body.frame.width == 288)
            withExtendedLifetime(window) {}
        }
    }
}

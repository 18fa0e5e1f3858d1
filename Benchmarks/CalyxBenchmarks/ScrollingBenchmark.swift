import Foundation
import MallocInterposerSwift
import UIKit

/// Scrolling figures (issue 27): a phone-sized table of 10,000 rows, each a cell with a label and an image,
/// scrolled 12 points a frame. One frame is what a window's frame does on one core: the commit (the table's
/// layout, which retires and reuses cells) and the compositor drawing the whole window. Against the same frame
/// with nothing scrolled (drawing only), and the 16.7 ms of 60 Hz; with the cells the table made and the
/// allocations of a scrolled frame.
enum ScrollingBenchmark {
    final class Rows: NSObject, UITableViewDataSource {
        let image: UIImage
        init(image: UIImage) { self.image = image }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10_000 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            cell.imageView?.image = image
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    static func run(into report: inout BenchReport) {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.makeKeyAndVisible()
            let icon = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30)).image { context in
                UIColor.systemBlue.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
            }
            let rows = Rows(image: icon)
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = rows
            window.addSubview(table)
            CATransaction.flush()
            let bitmap = CGContext.canonicalBitmap(width: 390, height: 844)!
            let renderer = CARenderer(context: bitmap)
            renderer.layer = window.layer
            var time = 1.0
            func frame(scrolling: Bool) {
                if scrolling { table.contentOffset.y += 12 }
                CATransaction.flush()
                time += 1.0 / 60
                clock.setManualTime(time)
                renderer.beginFrame(atTime: time, timeStamp: nil)
                renderer.addUpdate(window.bounds)
                renderer.render()
                renderer.endFrame()
            }
            let still = medianSeconds(warmup: 3, runs: 31) { frame(scrolling: false) }
            let scrolled = medianSeconds(warmup: 3, runs: 121) { frame(scrolling: true) }
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            frame(scrolling: true)
            MallocInterposerSwift.unhook()
            let mallocs = Double(MallocInterposerSwift.getStatistics().mallocCount)
            // Then on through the whole table, a screenful and more at a time, for the reuse count.
            while table.contentOffset.y + 2000 < table.contentSize.height - table.bounds.height {
                table.contentOffset.y += 2000
                table.layoutIfNeeded()
            }
            report.add("scroll-table-frame", scrolled * 1000, "ms",
                       note: String(format: "10,000-row table of labels and images scrolled 12 pt a frame, layout and the whole window drawn on one core; %.0f %% of a 60 Hz frame", scrolled / (1.0 / 60) * 100))
            report.add("scroll-table-vs-still-frame", scrolled / still, "x", note: "the scrolled frame against the same frame with nothing scrolled, same run")
            report.add("scroll-table-cells-created", Double(table.cellsCreated), "cells",
                       note: "cells made while scrolling through all 10,000 rows (a screenful is 20)")
            report.add("scroll-table-frame-mallocs", mallocs, "allocations", note: "allocations of one scrolled frame")
        }
    }
}

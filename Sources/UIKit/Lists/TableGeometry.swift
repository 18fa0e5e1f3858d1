import Foundation

/// Where every row, section header and footer of a table sits, from the heights the data source and delegate
/// gave: each section is its header, its rows and its footer, top to bottom. Rows are found by binary search, so a table of ten
/// thousand rows finds the screenful it shows in a few steps.
struct TableGeometry {
    struct Section {
        var headerHeight: CGFloat
        var rowHeights: [CGFloat]
        var footerHeight: CGFloat = 0
        /// Where the section's header starts.
        var top: CGFloat = 0
        /// Where each row starts.
        var rowTops: [CGFloat] = []
        /// Where the section's footer starts.
        var footerTop: CGFloat { (rowTops.last ?? top + headerHeight) + (rowHeights.last ?? 0) }
        var bottom: CGFloat { footerTop + footerHeight }
    }

    private(set) var sections: [Section]
    /// The content's height.
    private(set) var height: CGFloat = 0

    init(sections: [Section]) {
        self.sections = sections
        var y: CGFloat = 0
        for i in self.sections.indices {
            self.sections[i].top = y
            y += self.sections[i].headerHeight
            var tops: [CGFloat] = []
            tops.reserveCapacity(self.sections[i].rowHeights.count)
            for h in self.sections[i].rowHeights { tops.append(y); y += h }
            self.sections[i].rowTops = tops
            y += self.sections[i].footerHeight
        }
        height = y
    }

    /// The row's frame for a table `width` points wide, or nil for a row that does not exist.
    func frame(of indexPath: IndexPath, width: CGFloat) -> CGRect? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard section.rowTops.indices.contains(indexPath.row) else { return nil }
        return CGRect(x: 0, y: section.rowTops[indexPath.row], width: width, height: section.rowHeights[indexPath.row])
    }

    /// The header's frame, or nil when the section has none.
    func headerFrame(of section: Int, width: CGFloat) -> CGRect? {
        guard sections.indices.contains(section), sections[section].headerHeight > 0 else { return nil }
        return CGRect(x: 0, y: sections[section].top, width: width, height: sections[section].headerHeight)
    }

    /// The footer's frame, or nil when the section has none.
    func footerFrame(of section: Int, width: CGFloat) -> CGRect? {
        guard sections.indices.contains(section), sections[section].footerHeight > 0 else { return nil }
        return CGRect(x: 0, y: sections[section].footerTop, width: width, height: sections[section].footerHeight)
    }

    /// The row covering content height `y`.
    func row(at y: CGFloat) -> IndexPath? {
        guard let s = sections.lastIndex(where: { $0.top <= y }) else { return nil }
        let section = sections[s]
        guard let r = lastIndex(in: section.rowTops, atOrBefore: y), y < section.rowTops[r] + section.rowHeights[r] else { return nil }
        return IndexPath(row: r, section: s)
    }

    /// The rows that overlap the content heights `top..<bottom`, in order.
    func rows(from top: CGFloat, to bottom: CGFloat) -> [IndexPath] {
        guard top.isFinite, bottom.isFinite, bottom > top else { return [] }
        var result: [IndexPath] = []
        for (s, section) in sections.enumerated() where section.bottom > top && section.top < bottom {
            var r = lastIndex(in: section.rowTops, atOrBefore: top) ?? 0
            while r < section.rowTops.count, section.rowTops[r] < bottom {
                if section.rowTops[r] + section.rowHeights[r] > top { result.append(IndexPath(row: r, section: s)) }
                r += 1
            }
        }
        return result
    }

    /// The last index whose value is at most `y` (values ascending).
    private func lastIndex(in tops: [CGFloat], atOrBefore y: CGFloat) -> Int? {
        var lo = 0, hi = tops.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if tops[mid] <= y { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }
}

import QuartzCore

/// Places the cells of one compositional layout section: groups inside groups, down to the items, whose cell
/// frames are appended in item order until the section's items run out.
struct CompositionalPlacement {
    /// The cell frames placed so far, in item order.
    private(set) var frames: [CGRect] = []
    /// How many items the section has.
    let itemCount: Int

    init(itemCount: Int) { self.itemCount = max(itemCount, 0) }

    var isFull: Bool { frames.count >= itemCount }

    /// Repeats `section`'s group from `origin` until the items run out, along `vertical`'s direction (or across it,
    /// when the section scrolls orthogonally); answers the extent of the groups placed, insets excluded.
    mutating func place(_ section: NSCollectionLayoutSection, at origin: CGPoint, container: CGSize, vertical: Bool) -> CGSize {
        let groupSize = section.group.layoutSize.size(in: container)
        let stacksDown = vertical == (section.orthogonalScrollingBehavior == .none)
        let spacing = Self.length(section.interGroupSpacing)
        var cursor: CGFloat = 0, placedAny = false
        while !isFull {
            let before = frames.count
            let box = stacksDown ? CGRect(x: origin.x, y: origin.y + cursor, width: groupSize.width, height: groupSize.height)
                                 : CGRect(x: origin.x + cursor, y: origin.y, width: groupSize.width, height: groupSize.height)
            place(section.group, in: box)
            // A group that holds no items would repeat for ever.
            if frames.count == before { break }
            cursor += (stacksDown ? groupSize.height : groupSize.width) + spacing
            placedAny = true
        }
        let along = placedAny ? cursor - spacing : 0
        return stacksDown ? CGSize(width: groupSize.width, height: along) : CGSize(width: along, height: groupSize.height)
    }

    /// Places one item or group in its box: an item's cell is the box less its content insets; a group's members
    /// are laid along its axis.
    private mutating func place(_ item: NSCollectionLayoutItem, in box: CGRect) {
        guard !isFull else { return }
        guard let group = item as? NSCollectionLayoutGroup else {
            frames.append(Self.cellFrame(item, in: box))
            return
        }
        let horizontal = group.axis == .horizontal
        let length = horizontal ? box.width : box.height
        let members = self.members(of: group, in: box.size)
        let used = members.reduce(0) { $0 + $1.length }
        let spacing = group.interItemSpacing?.spacing ?? 0
        var gap = spacing
        if group.interItemSpacing?.isFlexibleSpacing == true, members.count > 1 {
            gap = spacing + max(length - used - spacing * CGFloat(members.count - 1), 0) / CGFloat(members.count - 1)
        }
        var cursor: CGFloat = 0
        for member in members where !isFull {
            let lead = member.item.edgeSpacing?.leading?.spacing ?? 0, top = member.item.edgeSpacing?.top?.spacing ?? 0
            let memberBox = horizontal
                ? CGRect(x: box.minX + cursor + lead, y: box.minY + top, width: member.size.width, height: member.size.height)
                : CGRect(x: box.minX + lead, y: box.minY + cursor + top, width: member.size.width, height: member.size.height)
            place(member.item, in: memberBox)
            cursor += member.length + gap
        }
    }

    /// One member of a group: the item, its size, and the length it takes along the group's axis with its edge
    /// spacing.
    private struct Member { let item: NSCollectionLayoutItem; let size: CGSize; let length: CGFloat }

    /// The members a group holds: `count` copies of its subitem sharing its length, or its subitems in turn while
    /// they fit (at least one). Never more than the items left to place, so zero-length items end.
    private func members(of group: NSCollectionLayoutGroup, in groupSize: CGSize) -> [Member] {
        let horizontal = group.axis == .horizontal
        let length = horizontal ? groupSize.width : groupSize.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        let room = itemCount - frames.count
        func along(_ item: NSCollectionLayoutItem) -> CGFloat {
            horizontal ? (item.edgeSpacing?.leading?.spacing ?? 0) + (item.edgeSpacing?.trailing?.spacing ?? 0)
                       : (item.edgeSpacing?.top?.spacing ?? 0) + (item.edgeSpacing?.bottom?.spacing ?? 0)
        }
        if let count = group.count {
            guard let item = group.subitems.first, count > 0 else { return [] }
            let share = max((length - spacing * CGFloat(count - 1)) / CGFloat(count) - along(item), 0)
            var size = item.layoutSize.size(in: groupSize)
            if horizontal { size.width = share } else { size.height = share }
            let member = Member(item: item, size: size, length: share + along(item))
            return Array(repeating: member, count: min(count, room))
        }
        guard !group.subitems.isEmpty else { return [] }
        var members: [Member] = [], used: CGFloat = 0
        while members.count < room {
            let item = group.subitems[members.count % group.subitems.count]
            let size = item.layoutSize.size(in: groupSize)
            let taken = (horizontal ? size.width : size.height) + along(item)
            let needed = members.isEmpty ? taken : used + spacing + taken
            // A hair of slack, so five fifths of a width fit.
            if !members.isEmpty, needed > length + 0.001 { break }
            members.append(Member(item: item, size: size, length: taken))
            used = needed
        }
        return members
    }

    /// The cell's frame: the item's box less its content insets, except along an estimated dimension.
    private static func cellFrame(_ item: NSCollectionLayoutItem, in box: CGRect) -> CGRect {
        let insets = item.contentInsets
        let insetsWidth = !item.layoutSize.widthDimension.isEstimated, insetsHeight = !item.layoutSize.heightDimension.isEstimated
        let left = insetsWidth ? length(insets.leading) : 0, right = insetsWidth ? length(insets.trailing) : 0
        let top = insetsHeight ? length(insets.top) : 0, bottom = insetsHeight ? length(insets.bottom) : 0
        return CGRect(x: box.minX + left, y: box.minY + top,
                      width: max(box.width - left - right, 0), height: max(box.height - top - bottom, 0))
    }

    static func length(_ value: CGFloat) -> CGFloat { value.isFinite && value >= 0 ? value : 0 }
}

import QuartzCore

/// Sizes and spacing a flow layout asks its collection view's delegate for, section by section or item by item;
/// each answer not given falls back to the layout's own property.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// An item's size (the layout's `itemSize` by default).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    /// A section's insets (the layout's `sectionInset` by default).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    /// A section's spacing between lines (the layout's `minimumLineSpacing` by default).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// A section's spacing between items of a line (the layout's `minimumInteritemSpacing` by default).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    /// The layout's `itemSize`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    /// The layout's `sectionInset`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    /// The layout's `minimumLineSpacing`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
}

/// The scroll directions of a flow layout, with UIKit's raw values.
public enum UICollectionViewScrollDirection: Int, Sendable {
    /// Lines run across and stack downwards; the content scrolls vertically.
    case vertical
    /// Lines run down and stack to the right; the content scrolls horizontally.
    case horizontal
}

/// Items in lines, as many to a line as fit, lines one after another: a grid when the items are the same size.
///
/// As Apple's programming guide describes the flow layout: each line takes items while they fit across the
/// section (inside its insets, `minimumInteritemSpacing` apart); the extra space of a full line is shared between
/// its items, so its first and last items touch the insets; the last line of a section keeps the minimum spacing
/// from its leading edge; items are centred on their line, whose depth is its deepest item's; lines are
/// `minimumLineSpacing` apart. Item sizes that are not finite and at least 0 count as zero.
open class UICollectionViewFlowLayout: UICollectionViewLayout, @unchecked Sendable {
    /// The value of `estimatedItemSize` that asks for self-sizing cells with no estimate: cells are proposed
    /// `itemSize`.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// The direction the content scrolls, across which lines run.
    open var scrollDirection: UICollectionViewScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of items the delegate does not size (50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// When not zero, items size themselves: each cell, proposed this size (`itemSize` for `automaticSize`), is
    /// asked for its `preferredLayoutAttributesFitting(_:)`, and the item takes the size it prefers.
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The least space between lines (10).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between the items of a line (10).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The space around each section's items.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }

    private var frames: [[CGRect]] = []
    private var contentSize: CGSize = .zero

    /// A vertical flow layout with 50 × 50 items, 10 points apart.
    public override init() { super.init() }

    /// Places every item.
    open override func prepare() {
        super.prepare()
        frames = []
        contentSize = .zero
        guard let collectionView, let dataSource = collectionView.dataSource else { return }
        let vertical = scrollDirection == .vertical
        let viewport = collectionView.bounds.size, inset = collectionView.contentInset
        let across = vertical ? viewport.width - inset.left - inset.right : viewport.height - inset.top - inset.bottom
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        var along: CGFloat = 0, widest: CGFloat = 0
        for section in 0..<max(dataSource.numberOfSections(in: collectionView), 0) {
            let count = max(dataSource.collectionView(collectionView, numberOfItemsInSection: section), 0)
            let sectionInset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? self.sectionInset
            let lineSpacing = Self.length(delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing)
            let itemSpacing = Self.length(delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing)
            let sizes = (0..<count).map { item -> CGSize in
                let indexPath = IndexPath(item: item, section: section)
                var size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                if let proposed = selfSizingProposal { size = collectionView.measuredItemSize(at: indexPath, proposed: proposed) ?? proposed }
                return CGSize(width: Self.length(size.width), height: Self.length(size.height))
            }
            let (leading, trailing) = vertical ? (sectionInset.left, sectionInset.right) : (sectionInset.top, sectionInset.bottom)
            let room = across - leading - trailing
            along += vertical ? sectionInset.top : sectionInset.left
            var lines: [[Int]] = []
            var line: [Int] = [], used: CGFloat = 0
            for (item, size) in sizes.enumerated() {
                let length = vertical ? size.width : size.height
                if !line.isEmpty, used + itemSpacing + length > room { lines.append(line); line = []; used = 0 }
                used += (line.isEmpty ? 0 : itemSpacing) + length
                line.append(item)
            }
            if !line.isEmpty { lines.append(line) }
            var sectionFrames = [CGRect](repeating: .zero, count: count)
            for (number, items) in lines.enumerated() {
                let lengths = items.map { vertical ? sizes[$0].width : sizes[$0].height }
                let depth = items.map { vertical ? sizes[$0].height : sizes[$0].width }.max() ?? 0
                let total = lengths.reduce(0, +)
                let isLast = number == lines.count - 1
                let gap = !isLast && items.count > 1 ? max((room - total) / CGFloat(items.count - 1), itemSpacing) : itemSpacing
                var position = leading
                for (k, item) in items.enumerated() {
                    let size = sizes[item]
                    let itemDepth = vertical ? size.height : size.width
                    let offset = along + (depth - itemDepth) / 2
                    sectionFrames[item] = vertical ? CGRect(x: position, y: offset, width: size.width, height: size.height)
                                                   : CGRect(x: offset, y: position, width: size.width, height: size.height)
                    position += lengths[k] + gap
                }
                widest = max(widest, position - gap + trailing)
                along += depth + (isLast ? 0 : lineSpacing)
            }
            along += vertical ? sectionInset.bottom : sectionInset.right
            frames.append(sectionFrames)
        }
        let size = vertical ? CGSize(width: max(across, widest), height: along) : CGSize(width: along, height: max(across, widest))
        contentSize = CGSize(width: Self.length(size.width), height: Self.length(size.height))
    }

    /// The size self-sizing cells are proposed, or nil when items are not self-sizing.
    private var selfSizingProposal: CGSize? {
        if estimatedItemSize == .zero { return nil }
        let proposal = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        return CGSize(width: Self.length(proposal.width), height: Self.length(proposal.height))
    }

    /// The extent of all the sections.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// The attributes of the items whose frames meet `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cellAttributes(of: frames, meeting: rect)
    }

    /// The attributes of one item (nil beyond the data).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cellAttributes(of: frames, at: indexPath)
    }

    private static func length(_ value: CGFloat) -> CGFloat { value.isFinite && value >= 0 ? value : 0 }
}

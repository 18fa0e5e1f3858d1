import QuartzCore

/// Where and how a collection view shows one item: the frame (through centre and size), transparency, transform,
/// stacking and visibility a layout computes and the collection view applies to the item's cell.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying, @unchecked Sendable {
    /// The kinds of element, with UIKit's raw values.
    public enum ElementCategory: UInt, Sendable {
        /// A cell showing an item.
        case cell
        /// A supplementary view, such as a header.
        case supplementaryView
        /// A decoration view.
        case decorationView
    }

    /// The item these attributes place.
    open var indexPath: IndexPath
    /// Where the item's centre is, in the collection view's content.
    open var center: CGPoint = .zero
    /// The item's size.
    open var size: CGSize = .zero
    /// The item's frame: its size around its centre.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set { size = newValue.size; center = CGPoint(x: newValue.midX, y: newValue.midY) }
    }
    /// The item's bounds: its size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// The item's opacity (1 by default).
    open var alpha: CGFloat = 1
    /// The item's 2-D transform about its centre.
    open var transform: CGAffineTransform {
        get { CATransform3DIsAffine(transform3D) ? CATransform3DGetAffineTransform(transform3D) : .identity }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The item's 3-D transform about its centre.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The item's stacking order: higher values are drawn over lower ones.
    open var zIndex = 0
    /// Whether the item is hidden.
    open var isHidden = false
    /// Which kind of element these attributes place.
    open private(set) var representedElementCategory: ElementCategory = .cell

    /// Attributes for the cell showing `indexPath`.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        super.init()
    }

    /// A copy of these attributes.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self.init(forCellWith: indexPath)
        copy.center = center; copy.size = size; copy.alpha = alpha; copy.transform3D = transform3D
        copy.zIndex = zIndex; copy.isHidden = isHidden; copy.representedElementCategory = representedElementCategory
        return copy
    }

    /// Whether two attributes place their items the same way.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return indexPath == other.indexPath && center == other.center && size == other.size && alpha == other.alpha
            && CATransform3DEqualToTransform(transform3D, other.transform3D) && zIndex == other.zIndex && isHidden == other.isHidden
    }

    /// Applies the attributes to `view` (its frame through centre and bounds, so the transform is kept apart).
    func apply(to view: UIView) {
        let safeSize = CGSize(width: size.width.isFinite ? max(size.width, 0) : 0, height: size.height.isFinite ? max(size.height, 0) : 0)
        view.bounds = CGRect(origin: view.bounds.origin, size: safeSize)
        if center.x.isFinite, center.y.isFinite { view.center = center }
        view.alpha = alpha
        view.layer.transform = transform3D
        view.layer.zPosition = CGFloat(zIndex)
        view.isHidden = isHidden
    }
}

extension UICollectionViewLayout {
    /// The attributes of the cells whose frames (by section, then item) meet `rect`: the answer of layouts that
    /// place every item in `prepare()`.
    func cellAttributes(of frames: [[CGRect]], meeting rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        var found: [UICollectionViewLayoutAttributes] = []
        for (section, sectionFrames) in frames.enumerated() {
            for (item, frame) in sectionFrames.enumerated() where frame.meets(rect) {
                found.append(.cell(at: IndexPath(item: item, section: section), frame: frame))
            }
        }
        return found
    }

    /// The attributes of the cell at `indexPath` among `frames` (nil beyond them).
    func cellAttributes(of frames: [[CGRect]], at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, frames.indices.contains(indexPath.section),
              frames[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return .cell(at: indexPath, frame: frames[indexPath.section][indexPath.item])
    }
}

extension UICollectionViewLayoutAttributes {
    /// A cell's attributes with its frame.
    static func cell(at indexPath: IndexPath, frame: CGRect) -> UICollectionViewLayoutAttributes {
        let made = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        made.frame = frame
        return made
    }
}

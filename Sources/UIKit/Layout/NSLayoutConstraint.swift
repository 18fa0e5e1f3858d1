/// A relation between two layout attributes — `first.attribute = multiplier × second.attribute + constant`, or
/// `≤`/`≥` — that Auto Layout keeps true when it positions and sizes views, at its `priority`.
///
/// Changing `constant`, `priority` or `multiplier`… (`constant` and `priority` only, as in UIKit) or activating
/// it lays its views out again at the next layout pass; inside `UIView.animate`, `layoutIfNeeded()` animates the
/// views to their new frames, as iOS code does.
open class NSLayoutConstraint: NSObject, @unchecked Sendable {
    /// The attributes, with UIKit's raw values.
    public enum Attribute: Int, Sendable {
        /// The left edge.
        case left = 1
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge (left in left-to-right text).
        case leading
        /// The trailing edge (right in left-to-right text).
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal centre.
        case centerX
        /// The vertical centre.
        case centerY
        /// The baseline of the last line of text.
        case lastBaseline
        /// The baseline of the first line of text.
        case firstBaseline
        /// The left edge inside the layout margins.
        case leftMargin
        /// The right edge inside the layout margins.
        case rightMargin
        /// The top edge inside the layout margins.
        case topMargin
        /// The bottom edge inside the layout margins.
        case bottomMargin
        /// The leading edge inside the layout margins.
        case leadingMargin
        /// The trailing edge inside the layout margins.
        case trailingMargin
        /// The horizontal centre of the area inside the margins.
        case centerXWithinMargins
        /// The vertical centre of the area inside the margins.
        case centerYWithinMargins
        /// No attribute: the second item of a constant constraint.
        case notAnAttribute = 0
        /// The last baseline.
        public static var baseline: Attribute { .lastBaseline }
    }
    /// How the two sides compare, with UIKit's raw values.
    public enum Relation: Int, Sendable {
        /// The first attribute is at most the second.
        case lessThanOrEqual = -1
        /// The two attributes are equal.
        case equal = 0
        /// The first attribute is at least the second.
        case greaterThanOrEqual = 1
    }

    /// The view or guide on the left side.
    public private(set) weak var firstItem: AnyObject?
    /// The view or guide on the right side (nil for a constant).
    public private(set) weak var secondItem: AnyObject?
    /// The left side's attribute.
    public let firstAttribute: Attribute
    /// The right side's attribute.
    public let secondAttribute: Attribute
    /// How the sides compare.
    public let relation: Relation
    /// The right side's factor.
    public let multiplier: CGFloat
    /// Added to the right side; changing it re-solves (animated inside a block with `layoutIfNeeded()`).
    open var constant: CGFloat { didSet { if constant != oldValue { changed() } } }
    /// How strongly it must hold (required by default). UIKit does not allow changing a required constraint
    /// to optional once active; Calyx allows it.
    open var priority: UILayoutPriority = .required { didSet { if priority != oldValue { changed() } } }
    /// A name for debugging.
    open var identifier: String?
    /// Accepted; nothing is archived.
    open var shouldBeArchived = false

    /// The view it is kept in while active (the items' nearest common ancestor).
    weak var holder: UIView?

    /// `view1.attr1 relation view2.attr2 × multiplier + c` (inactive until activated).
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        secondItem = view2.map { $0 as AnyObject }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier.isFinite ? multiplier : 1
        constant = c.isFinite ? c : 0
        super.init()
    }

    /// Whether the constraint takes part in layout. Setting it installs the constraint in the items' nearest
    /// common ancestor (or the first item's view while they share none).
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue { install() } else { uninstall() }
        }
    }

    /// Activates constraints.
    public static func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates constraints.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    /// The equation.
    open override var description: String {
        let first = firstItem.map { String(describing: type(of: $0)) } ?? "nil"
        let second = secondItem.map { "\(String(describing: type(of: $0))).\(secondAttribute) × \(multiplier) + " } ?? ""
        return "<NSLayoutConstraint \(identifier ?? "") \(first).\(firstAttribute) \(relation) \(second)\(constant) @\(priority.rawValue)>"
    }

    // MARK: Installing

    /// The view each item lays out in: a view itself, a guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    func install() {
        guard holder == nil, let first = Self.view(of: firstItem) else { return }
        let target = Self.view(of: secondItem).flatMap { first.nearestCommonAncestor(with: $0) } ?? first
        target.addConstraint(self)
    }

    func uninstall() { holder?.removeConstraint(self) }

    private func changed() {
        guard let holder else { return }
        AutoLayoutEngine.invalidate()
        holder.setNeedsLayout()
    }
}

extension UIView {
    /// The nearest view that is this one or an ancestor of it and of `other`.
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        var ancestors = Set<ObjectIdentifier>()
        var v: UIView? = self
        while let x = v { ancestors.insert(ObjectIdentifier(x)); v = x.superview }
        v = other
        while let x = v { if ancestors.contains(ObjectIdentifier(x)) { return x }; v = x.superview }
        return nil
    }
}

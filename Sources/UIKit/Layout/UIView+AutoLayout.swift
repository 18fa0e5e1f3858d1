/// A view's Auto Layout state: the constraints kept in it, its guides, its content priorities and margins.
final class AutoLayoutState {
    var installed: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// The generation and root size the last solve for this root was made at.
    var solved: (generation: Int, size: CGSize)?
}

extension UIView: LayoutAnchorOwner {
    // MARK: Anchors

    /// The leading edge (left, in left-to-right text).
    public var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    /// The trailing edge (right, in left-to-right text).
    public var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    /// The baseline of the first line of text (the bottom for views without text).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.firstBaseline) }
    /// The baseline of the last line of text (the bottom for views without text).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.lastBaseline) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { dimension(.height) }

    // MARK: Constraints kept in the view

    /// The constraints kept in this view (those whose nearest common ancestor it is, when activated).
    public var constraints: [NSLayoutConstraint] { autoLayout.installed }

    /// Activates a constraint (the older way of adding one to a view).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder == nil else { return }
        constraint.holder = self
        autoLayout.installed.append(constraint)
        AutoLayoutEngine.constraintsChanged()
        setNeedsLayout()
    }
    /// Activates constraints.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }

    /// Deactivates a constraint.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        constraint.holder = nil
        autoLayout.installed.removeAll { $0 === constraint }
        AutoLayoutEngine.constraintsChanged()
        setNeedsLayout()
    }
    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    // MARK: Guides and margins

    /// The layout guides the view owns.
    public var layoutGuides: [UILayoutGuide] { autoLayout.guides }

    /// Adds a layout guide to the view.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayout.guides.append(guide)
        AutoLayoutEngine.constraintsChanged()
    }

    /// Removes a layout guide from the view.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        guide.owningView = nil
        autoLayout.guides.removeAll { $0 === guide }
        AutoLayoutEngine.constraintsChanged()
    }

    /// The layout margins, by leading and trailing edge.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = newValue.edgeInsets }
    }

    /// The view's bounds inside its layout margins.
    public var layoutMarginsGuide: UILayoutGuide { guide(of: .margins, identifier: "UIViewLayoutMarginsGuide") }
    /// The view's safe area: its bounds (there are no bars or notches here, so the insets are zero).
    public var safeAreaLayoutGuide: UILayoutGuide { guide(of: .safeArea, identifier: "UIViewSafeAreaLayoutGuide") }
    /// Zero: Calyx's windows have no bars or notches.
    public var safeAreaInsets: UIEdgeInsets { .zero }

    private func guide(of kind: UILayoutGuide.Kind, identifier: String) -> UILayoutGuide {
        if let existing = autoLayout.guides.first(where: { $0.kind == kind }) { return existing }
        let guide = UILayoutGuide()
        guide.kind = kind
        guide.identifier = identifier
        addLayoutGuide(guide)
        return guide
    }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size along `axis`.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }
    /// Sets how strongly the view resists growing along `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.hugging.horizontal = priority } else { autoLayout.hugging.vertical = priority }
        invalidateIntrinsicContentSize()
    }
    /// How strongly the view resists shrinking below its intrinsic size along `axis`.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }
    /// Sets how strongly the view resists shrinking along `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.compressionResistance.horizontal = priority } else { autoLayout.compressionResistance.vertical = priority }
        invalidateIntrinsicContentSize()
    }

    // MARK: Fitting

    /// The smallest and largest sizes to fit to.
    public static let layoutFittingCompressedSize = CGSize.zero
    /// A target size asking for the largest size the constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size the view's constraints give it when it is asked to be as near `targetSize` as they allow.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it with its width pulled towards `targetSize.width` at
    /// `horizontalFittingPriority` and its height at `verticalFittingPriority` (required pins it).
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                        verticalFittingPriority: UILayoutPriority) -> CGSize {
        AutoLayoutEngine.fittingSize(of: self, target: targetSize, priorities: (horizontalFittingPriority, verticalFittingPriority))
    }

    /// The view's frame as Auto Layout sees it (no transform; the frame itself here).
    public func alignmentRect(forFrame frame: CGRect) -> CGRect { frame }
    /// The frame for an alignment rectangle (the same rectangle: views have no alignment insets here).
    public func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect { alignmentRect }
    /// False: the solver always picks one layout.
    public var hasAmbiguousLayout: Bool { false }
    /// Does nothing.
    public func exerciseAmbiguityInLayout() {}
    /// The active constraints that name the view (on either axis: Calyx does not sort them by axis).
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        autoLayout.installed.filter { ($0.firstItem === self || $0.secondItem === self) }
    }
}

extension UIView {
    /// Whether Auto Layout solves this view's subtree on its own: a table or collection cell placed by its frame,
    /// whose constraints (as UIKit asks) tie its content to itself and its content view.
    var isAutoLayoutIsland: Bool {
        translatesAutoresizingMaskIntoConstraints && (self is UITableViewCell || self is UICollectionReusableView)
    }

    /// Whether this view or one under it holds constraints or is laid out by them: whether Auto Layout can size it.
    var holdsConstraints: Bool {
        !autoLayout.installed.isEmpty || subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints || $0.holdsConstraints }
    }
}

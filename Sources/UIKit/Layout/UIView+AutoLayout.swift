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

    public var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.lastBaseline) }
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    public var heightAnchor: NSLayoutDimension { dimension(.height) }

    // MARK: Constraints kept in the view

    /// The constraints kept in this view (those whose nearest common ancestor it is, when activated).
    public var constraints: [NSLayoutConstraint] { autoLayout.installed }

    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder == nil else { return }
        constraint.holder = self
        autoLayout.installed.append(constraint)
        AutoLayoutEngine.constraintsChanged()
        setNeedsLayout()
    }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        constraint.holder = nil
        autoLayout.installed.removeAll { $0 === constraint }
        AutoLayoutEngine.constraintsChanged()
        setNeedsLayout()
    }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    // MARK: Guides and margins

    public var layoutGuides: [UILayoutGuide] { autoLayout.guides }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayout.guides.append(guide)
        AutoLayoutEngine.constraintsChanged()
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        guide.owningView = nil
        autoLayout.guides.removeAll { $0 === guide }
        AutoLayoutEngine.constraintsChanged()
    }

    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = newValue.edgeInsets }
    }

    /// The view's bounds inside its layout margins.
    public var layoutMarginsGuide: UILayoutGuide { guide(of: .margins, identifier: "UIViewLayoutMarginsGuide") }
    /// The view's safe area: its bounds (there are no bars or notches here, so the insets are zero).
    public var safeAreaLayoutGuide: UILayoutGuide { guide(of: .safeArea, identifier: "UIViewSafeAreaLayoutGuide") }
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

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.hugging.horizontal = priority } else { autoLayout.hugging.vertical = priority }
        invalidateIntrinsicContentSize()
    }
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.compressionResistance.horizontal = priority } else { autoLayout.compressionResistance.vertical = priority }
        invalidateIntrinsicContentSize()
    }

    // MARK: Fitting

    /// The smallest and largest sizes to fit to.
    public static let layoutFittingCompressedSize = CGSize.zero
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
    public func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect { alignmentRect }
    public var hasAmbiguousLayout: Bool { false }
    public func exerciseAmbiguityInLayout() {}
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        autoLayout.installed.filter { ($0.firstItem === self || $0.secondItem === self) }
    }
}

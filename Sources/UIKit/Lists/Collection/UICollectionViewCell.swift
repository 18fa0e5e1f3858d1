import QuartzCore

/// A view a collection view places with layout attributes and keeps for reuse: the base of cells (and of
/// supplementary views on iOS).
open class UICollectionReusableView: UIView, @unchecked Sendable {
    /// The identifier the collection view keeps the view under for reuse.
    open internal(set) var reuseIdentifier: String?

    /// A view at `frame`. Registered classes are made with this initializer.
    public required override init(frame: CGRect) { super.init(frame: frame) }

    /// Views are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// Called before the view is handed out again by `dequeueReusableCell(withReuseIdentifier:for:)`: reset
    /// what the last item set.
    open func prepareForReuse() {}

    /// Applies layout attributes the view's layout computed; override to read custom attributes (the frame,
    /// alpha and transform are applied already).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, given the layout's, when its layout sizes items to their views (a flow
    /// layout with an `estimatedItemSize`): the layout's, with the size Auto Layout finds for the view's
    /// constraints from the proposed size (a cell's content view's constraints), or `sizeThatFits(_:)` when no
    /// constraint holds it. Override to fix one dimension, for example the width of a one-column list.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes else { return layoutAttributes }
        let measured = (self as? UICollectionViewCell)?.contentView ?? self
        preferred.size = measured.holdsConstraints
            ? measured.systemLayoutSizeFitting(layoutAttributes.size, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
            : sizeThatFits(layoutAttributes.size)
        return preferred
    }
}

/// An item's view in a collection view: a content view for the item's subviews, optional background views for
/// the normal and selected looks, and selection and highlight states.
open class UICollectionViewCell: UICollectionReusableView, @unchecked Sendable {
    /// Where a cell's own subviews go.
    public let contentView = UIView()
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let backgroundView { insertSubview(backgroundView, at: 0) }; setNeedsLayout() }
    }
    /// A view behind the content while the cell is selected or highlighted (none by default).
    open var selectedBackgroundView: UIView? { didSet { oldValue?.removeFromSuperview(); updateSelectedLook() } }
    /// Whether the cell is selected (the collection view sets it).
    open var isSelected = false { didSet { updateSelectedLook() } }
    /// Whether the cell is highlighted, while a finger is down on it.
    open var isHighlighted = false { didSet { updateSelectedLook() } }

    /// A cell at `frame` with an empty content view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// Cells are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// Sizes the background views and the content view to the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        contentView.frame = bounds
    }

    private func updateSelectedLook() {
        guard let selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            selectedBackgroundView.frame = bounds
            if selectedBackgroundView.superview !== self { insertSubview(selectedBackgroundView, belowSubview: contentView) }
        } else {
            selectedBackgroundView.removeFromSuperview()
        }
    }
}

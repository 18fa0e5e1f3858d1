/// A view that lays its arranged subviews out in a row or a column with Auto Layout: it makes the constraints
/// for their spacing, distribution along the axis and alignment across it, and remakes them when they, the
/// settings or a subview's visibility change. Hidden arranged subviews take no space, so hiding one inside an
/// animation block slides the others into its place (the hidden view disappears at once; UIKit squeezes it
/// first).
open class UIStackView: UIView, @unchecked Sendable {
    /// How views share the length of the axis, with UIKit's raw values.
    public enum Distribution: Int, Sendable {
        /// Views fill the axis, the one with the lowest hugging priority stretching.
        case fill = 0
        /// Views share the axis equally.
        case fillEqually
        /// Views share the axis in proportion to their intrinsic sizes.
        case fillProportionally
        /// Views keep their sizes with equal gaps between them.
        case equalSpacing
        /// Views keep their sizes with their centres equally spaced.
        case equalCentering
    }
    /// How views sit across the axis, with UIKit's raw values.
    public enum Alignment: Int, Sendable {
        /// Views stretch across the stack.
        case fill = 0
        /// Views sit at the leading edge (the top, in a horizontal stack).
        case leading
        /// Views line up by the first baseline of their text.
        case firstBaseline
        /// Views are centred across the stack.
        case center
        /// Views sit at the trailing edge (the bottom, in a horizontal stack).
        case trailing
        /// Views line up by the last baseline of their text.
        case lastBaseline
        /// The top, in a horizontal stack (`.leading`).
        public static var top: Alignment { .leading }
        /// The bottom, in a horizontal stack (`.trailing`).
        public static var bottom: Alignment { .trailing }
    }
    /// The spacing UIKit chooses between views when asked for the system spacing.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// UIKit's marker for the standard spacing (Calyx does not interpret it yet: set a number).
    public static let spacingUseSystem = -CGFloat.greatestFiniteMagnitude

    /// The views the stack arranges, in order.
    open private(set) var arrangedSubviews: [UIView] = []
    /// Whether the views run across or down.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementChanged() } }
    /// How the views share the stack's length.
    open var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    /// How the views sit across the stack.
    open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    /// The space between views.
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    /// Whether vertical spacing measures from baselines.
    open var isBaselineRelativeArrangement = false
    /// Whether the views are laid out inside the layout margins rather than the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]
    private var generated: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    /// An empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A stack arranging `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// Adds a view at the end.
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts a view at a position.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view` (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacing[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    /// A view removed from the stack stops being arranged.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            arrangementChanged()
        }
    }

    /// Sets the space after one view.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
        arrangementChanged()
    }
    /// The space after one view.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    func arrangedSubviewVisibilityChanged(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
    }

    private func arrangementChanged() {
        rebuildConstraints()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: The constraints

    private func rebuildConstraints() {
        NSLayoutConstraint.deactivate(generated)
        for spacer in spacers { removeLayoutGuide(spacer) }
        generated = []
        spacers = []
        let visible = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard !visible.isEmpty else { return }
        let horizontal = axis == .horizontal
        // The rectangle the views are arranged in: the stack's bounds or its margins guide.
        let edges: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        var made: [NSLayoutConstraint] = []
        func make(_ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?,
                  _ ba: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, _ c: CGFloat = 0, priority: UILayoutPriority = .required) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: multiplier, constant: c)
            constraint.priority = priority
            made.append(constraint)
        }
        let start: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let end: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let length: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let centre: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY

        // Along the axis: the ends pinned, and the gaps.
        make(visible.first!, start, .equal, edges, start)
        make(visible.last!, end, .equal, edges, end)
        for (previous, next) in zip(visible, visible.dropFirst()) {
            let gap = customSpacing[ObjectIdentifier(previous)].flatMap { $0 == UIStackView.spacingUseDefault ? nil : $0 } ?? spacing
            switch distribution {
            case .equalSpacing, .equalCentering:
                let spacer = UILayoutGuide()
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let (from, to): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) = distribution == .equalSpacing ? (end, start) : (centre, centre)
                make(spacer, start, .equal, previous, from)
                make(spacer, end, .equal, next, to)
                make(next, start, .greaterThanOrEqual, previous, end, gap)
                if spacers.count > 1 { make(spacer, length, .equal, spacers[0], length) }
            default:
                make(next, start, .equal, previous, end, gap)
            }
        }
        switch distribution {
        case .fillEqually:
            for view in visible.dropFirst() { make(view, length, .equal, visible[0], length) }
        case .fillProportionally:
            let sizes = visible.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let first = sizes.first, first > 0 {
                for (view, size) in zip(visible, sizes).dropFirst() where size > 0 {
                    make(view, length, .equal, visible[0], length, multiplier: size / first, priority: UILayoutPriority(999))
                }
            }
        case .fill:
            // The view that hugs least stretches; among equals, the first (UIKit's rule): the others hug a little harder.
            let axisHugging = visible.map { $0.contentHuggingPriority(for: axis) }
            let least = axisHugging.min() ?? .defaultLow
            var first = true
            for (view, hug) in zip(visible, axisHugging) where hug == least {
                if first { first = false; continue }
                let size = horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
                if size != UIView.noIntrinsicMetric { make(view, length, .lessThanOrEqual, nil, .notAnAttribute, size, priority: min(hug + 1, UILayoutPriority(999))) }
            }
        default:
            break
        }

        // Across the axis.
        let crossStart: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossEnd: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCentre: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossLength: NSLayoutConstraint.Attribute = horizontal ? .height : .width
        for view in visible {
            switch alignment {
            case .fill:
                make(view, crossStart, .equal, edges, crossStart)
                make(view, crossEnd, .equal, edges, crossEnd)
            case .leading:
                make(view, crossStart, .equal, edges, crossStart)
                make(view, crossEnd, .lessThanOrEqual, edges, crossEnd)
            case .trailing:
                make(view, crossStart, .greaterThanOrEqual, edges, crossStart)
                make(view, crossEnd, .equal, edges, crossEnd)
            case .center:
                make(view, crossCentre, .equal, edges, crossCentre)
                make(view, crossStart, .greaterThanOrEqual, edges, crossStart)
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if horizontal, view !== visible[0] { make(view, baseline, .equal, visible[0], baseline) }
                make(view, crossStart, .greaterThanOrEqual, edges, crossStart)
                make(view, crossEnd, .lessThanOrEqual, edges, crossEnd)
            }
        }
        // A stack not sized from outside shrinks to its views.
        make(self, crossLength, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(49))
        make(self, length, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(49))
        NSLayoutConstraint.activate(made)
        generated = made
    }
}

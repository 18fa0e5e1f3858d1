/// The bar along the top of a navigation controller: the top item's title in the middle (17-point semibold),
/// a back button naming the previous item at the left, and the items' bar buttons at either end.
///
/// When the top item changes with animation, the title and buttons cross-fade over the push or pop.
open class UINavigationBar: UIView, @unchecked Sendable {
    /// The bar's height (iOS's standard bar).
    public static let standardHeight: CGFloat = 44

    /// The items, bottom to top: the last is shown.
    open private(set) var items: [UINavigationItem]? = []
    /// The item shown.
    open var topItem: UINavigationItem? { items?.last }
    /// The item below the top one: its title names the back button.
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }
    /// The bar's background colour (the system background when nil).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? .systemBackground } }
    /// Whether the bar is translucent (kept for code that sets it; the bar is drawn opaque).
    open var isTranslucent = true
    /// Whether titles are large (kept for code that sets it; titles are drawn at the standard size).
    open var prefersLargeTitles = false
    /// The attributes of the title's text (font, colour).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { showTopItem() } }
    /// Called when the back button is tapped (the navigation controller pops).
    var backTapped: (() -> Void)?
    /// Each item's title as shown (an item without one takes its controller's, supplied here).
    var titleOfItem: (UINavigationItem) -> String? = { $0.title }

    private let content = UIView()
    private let titleLabel = UILabel()

    /// An empty bar at `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        addSubview(content)
    }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The standard bar height, with no width of its own.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }
    /// The given width at the standard bar height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    /// Replaces the items, cross-fading the title and buttons when `animated`.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        self.items = items
        for item in items ?? [] { item.changed = { [weak self] in self?.showTopItem() } }
        if animated {
            UIView.transition(with: content, duration: 0.35, options: [.transitionCrossDissolve, .allowUserInteraction],
                              animations: { self.showTopItem() })
        } else {
            showTopItem()
        }
    }
    /// Adds `item` on top, cross-fading to it when `animated`.
    open func pushItem(_ item: UINavigationItem, animated: Bool) { setItems((items ?? []) + [item], animated: animated) }
    /// Removes the top item and returns it (nil when there is none), cross-fading when `animated`.
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = topItem else { return nil }
        setItems(Array((items ?? []).dropLast()), animated: animated)
        return top
    }

    /// Places the title in the middle and the buttons at the ends.
    open override func layoutSubviews() {
        super.layoutSubviews()
        content.frame = bounds
        showTopItem()
    }

    /// Lays out the top item: the back button or left items, the title, the right items.
    private func showTopItem() {
        for view in content.subviews { view.removeFromSuperview() }
        guard let item = topItem else { return }
        let margin: CGFloat = 8
        var left = margin, right = bounds.width - margin
        var leading: [UIView] = []
        if let back = backItem, !item.hidesBackButton, item.leftBarButtonItems == nil {
            let button = UIButton(type: .system)
            button.setTitle("‹ " + (back.backButtonTitle ?? titleOfItem(back) ?? "Back"), for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 17)
            button.addAction(UIAction { [weak self] _ in self?.backTapped?() }, for: .primaryActionTriggered)
            button.sizeToFit()
            leading.append(button)
        }
        leading += (item.leftBarButtonItems ?? []).map { $0.makeView() }
        for view in leading {
            view.frame.origin = CGPoint(x: left, y: (bounds.height - view.bounds.height) / 2)
            content.addSubview(view)
            left += view.bounds.width + margin
        }
        for barItem in item.rightBarButtonItems ?? [] {
            let view = barItem.makeView()
            right -= view.bounds.width
            view.frame.origin = CGPoint(x: right, y: (bounds.height - view.bounds.height) / 2)
            content.addSubview(view)
            right -= margin
        }
        let titleView = item.titleView ?? titleLabel
        if titleView === titleLabel {
            let title = titleOfItem(item) ?? ""
            if let titleTextAttributes {
                titleLabel.attributedText = NSAttributedString(string: title, attributes: titleTextAttributes)
            } else {
                titleLabel.text = title
            }
            titleLabel.sizeToFit()
        }
        // Centred in the bar, moved in to stay clear of the buttons.
        let width = min(titleView.bounds.width, max(right - left, 0))
        let x = min(max(bounds.midX - width / 2, left), right - width)
        titleView.frame = CGRect(x: x, y: (bounds.height - titleView.bounds.height) / 2, width: width, height: titleView.bounds.height)
        content.addSubview(titleView)
    }
}

/// The bar along the top of a navigation controller: the top item's title in the middle (17-point semibold),
/// a back button naming the previous item at the left, and the items' bar buttons at either end.
///
/// When the top item changes with animation, the title and buttons cross-fade over the push or pop.
open class UINavigationBar: UIView, @unchecked Sendable {
    /// The bar's height (iOS's standard bar).
    public static let standardHeight: CGFloat = 44

    open private(set) var items: [UINavigationItem]? = []
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }
    /// The bar's background colour (the system background when nil).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? .systemBackground } }
    open var isTranslucent = true
    open var prefersLargeTitles = false
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { showTopItem() } }
    /// Called when the back button is tapped (the navigation controller pops).
    var backTapped: (() -> Void)?
    /// Each item's title as shown (an item without one takes its controller's, supplied here).
    var titleOfItem: (UINavigationItem) -> String? = { $0.title }

    private let content = UIView()
    private let titleLabel = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        addSubview(content)
    }

    public required init?(coder: NSCoder) { return nil }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

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
    open func pushItem(_ item: UINavigationItem, animated: Bool) { setItems((items ?? []) + [item], animated: animated) }
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = topItem else { return nil }
        setItems(Array((items ?? []).dropLast()), animated: animated)
        return top
    }

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

/// A control that runs an action when tapped, showing a title, an image and a background that can differ for
/// each state (normal, highlighted, disabled, selected), as UIKit's classic button API sets them — or, when
/// `configuration` is set, as its configuration says (UIButton+Configuration.swift).
///
/// A system button's title takes the tint colour, drops to 20 % alpha while a touch is on it and fades back over
/// 0.2 s when the touch lifts; a disabled one is grey. A custom button's title is white unless set. Actions are
/// closures: `UIButton(type: .system, primaryAction: UIAction { _ in … })` or `addAction(_:for:)`.
open class UIButton: UIControl, @unchecked Sendable {
    /// The kinds of button, with UIKit's raw values.
    public enum ButtonType: Int, Sendable {
        /// A button with no system look: the app supplies it.
        case custom = 0
        /// The system button: tinted title that dims when pressed.
        case system
        /// An information button.
        case detailDisclosure
        /// An information button, light.
        case infoLight
        /// An information button, dark.
        case infoDark
        /// An add button.
        case contactAdd
        /// A close button.
        case close
        /// The system button under its pre-iOS 7 name.
        public static var roundedRect: ButtonType { .system }
    }

    /// The kind of button it was made as.
    public private(set) var buttonType: ButtonType = .custom

    /// The values set for each state; a state without its own value shows the normal state's.
    struct PerState<Value> {
        var values: [UInt: Value] = [:]
        subscript(state: State) -> Value? {
            get { values[state.rawValue] }
            set { values[state.rawValue] = newValue }
        }
        /// The value for `state`: its own, else the normal state's.
        func resolved(_ state: State) -> Value? { values[state.rawValue] ?? values[State.normal.rawValue] }
    }
    private var titles = PerState<String>()
    private var attributedTitles = PerState<NSAttributedString>()
    private var titleColors = PerState<UIColor>()
    private var titleShadowColors = PerState<UIColor>()
    private var images = PerState<UIImage>()
    private var backgroundImages = PerState<UIImage>()

    private let label = UILabel()
    private let imageContent = UIImageView(image: nil)
    private let backgroundContent = UIImageView(image: nil)

    /// The label that shows the title (its font is the system font at 15 points by default).
    open var titleLabel: UILabel? { label }
    /// The view that shows the image.
    open var imageView: UIImageView? { imageContent }

    /// Space around the image and title together; `.zero` leaves a system-sized margin of 6 points above and
    /// below a title.
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { contentDidChange() } }
    /// Moves and resizes the title's rectangle (positive insets shrink it from that edge).
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Insets of the image's rectangle.
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Whether a custom button's image darkens while highlighted.
    open var adjustsImageWhenHighlighted = true { didSet { updateAppearance() } }
    /// Whether the image dims while the button is disabled.
    open var adjustsImageWhenDisabled = true { didSet { updateAppearance() } }
    /// Accepted; Calyx draws no glow on touch.
    open var showsTouchWhenHighlighted = false

    /// A custom-type button.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(backgroundContent)
        addSubview(imageContent)
        addSubview(label)
        isAccessibilityElement = true
        accessibilityTraits = .button
        updateAppearance()
    }

    /// The current title, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? currentTitle ?? configuration?.title }
        set { super.accessibilityLabel = newValue }
    }

    /// A button of `buttonType`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        updateAppearance()
    }

    /// A button of `buttonType` running `primaryAction` when tapped, titled with the action's title.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
        }
    }

    /// A button shown as `configuration` says, running `primaryAction` when tapped.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
        setNeedsUpdateConfiguration()  // (observers do not run for a property set in its own class's initializer)
    }

    /// Buttons are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Per-state content

    /// The title shown in `state` (states without one show the normal state's).
    open func setTitle(_ title: String?, for state: State) { titles[state] = title; contentDidChange() }
    /// The title shown in `state`.
    open func title(for state: State) -> String? { titles.resolved(state) }
    /// The styled title shown in `state`, used before the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) { attributedTitles[state] = title; contentDidChange() }
    /// The styled title shown in `state`.
    open func attributedTitle(for state: State) -> NSAttributedString? { attributedTitles.resolved(state) }
    /// The title colour in `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state] = color; updateAppearance() }
    /// The title colour in `state` (the button type's default when none was set).
    open func titleColor(for state: State) -> UIColor? { titleColors.resolved(state) ?? defaultTitleColor(for: state) }
    /// The title's shadow colour in `state`.
    open func setTitleShadowColor(_ color: UIColor?, for state: State) { titleShadowColors[state] = color; updateAppearance() }
    /// The title's shadow colour in `state`.
    open func titleShadowColor(for state: State) -> UIColor? { titleShadowColors.resolved(state) }
    /// The image shown in `state`.
    open func setImage(_ image: UIImage?, for state: State) { images[state] = image; contentDidChange() }
    /// The image shown in `state`.
    open func image(for state: State) -> UIImage? { images.resolved(state) }
    /// The image stretched behind the content in `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state] = image; contentDidChange() }
    /// The background image in `state`.
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages.resolved(state) }

    /// The title shown now.
    open var currentTitle: String? { title(for: state) ?? attributedTitle(for: state)?.string }
    /// The styled title shown now.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    /// The title colour now.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The image shown now.
    open var currentImage: UIImage? { image(for: state) }
    /// The background image shown now.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: State

    /// Whether a finger is down on the button (its highlighted look shows).
    open override var isHighlighted: Bool {
        didSet {
            guard isHighlighted != oldValue else { return }
            if !isHighlighted && buttonType == .system && window != nil {
                // A system button's title fades back when the touch lifts.
                UIView.transition(with: label, duration: 0.2, options: [.transitionCrossDissolve, .allowUserInteraction],
                                  animations: { self.updateAppearance() })
            } else {
                updateAppearance()
            }
        }
    }
    /// Whether the button takes touches (its disabled look shows when it does not).
    open override var isEnabled: Bool { didSet { updateAppearance() } }
    /// Whether the button is selected (its selected state's content shows).
    open override var isSelected: Bool { didSet { updateAppearance() } }
    /// Recolours tinted content.
    open override func tintColorDidChange() { super.tintColorDidChange(); updateAppearance() }

    /// A tap (touch up inside) is also the button's primary action.
    open override func sendActions(for events: Event) {
        super.sendActions(for: events.contains(.touchUpInside) ? events.union(.primaryActionTriggered) : events)
    }

    /// Shows the current state's title, colours and images.
    func updateAppearance() {
        if configuration != nil || configurationUpdateHandler != nil { updateConfiguration(); return }
        let state = self.state
        if let attributed = attributedTitle(for: state) {
            label.attributedText = attributed
        } else {
            label.text = title(for: state)
            label.textColor = titleColor(for: state) ?? .white
        }
        label.shadowColor = titleShadowColor(for: state)
        label.isHidden = (currentTitle ?? "").isEmpty
        imageContent.image = image(for: state)
        imageContent.isHidden = imageContent.image == nil
        let dims = buttonType == .custom && (isHighlighted && adjustsImageWhenHighlighted || !isEnabled && adjustsImageWhenDisabled)
        imageContent.alpha = dims ? 0.5 : 1
        backgroundContent.image = backgroundImage(for: state)
        backgroundContent.isHidden = backgroundContent.image == nil
    }

    /// A system button's title is the tint colour (20 % alpha while highlighted, grey when disabled); the
    /// other types' titles are white.
    private func defaultTitleColor(for state: State) -> UIColor? {
        guard buttonType != .custom else { return .white }
        if state.contains(.disabled) { return .systemGray3 }
        let tint = tintColor ?? .systemBlue
        return state.contains(.highlighted) ? tint.withAlphaComponent(0.2) : tint
    }

    private func contentDidChange() {
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Layout

    /// The rectangle the background image fills: the bounds.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }
    /// The rectangle the image and title share: the bounds inside `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// Where the title goes: beside the image, the pair placed as `contentHorizontalAlignment` and
    /// `contentVerticalAlignment` say, moved by `titleEdgeInsets`.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        let (image, title) = contentSizes(in: contentRect)
        let x = contentOriginX(width: image.width + title.width, in: contentRect) + image.width
        return place(title, x: x, in: contentRect).inset(by: titleEdgeInsets)
    }

    /// Where the image goes: before the title, moved by `imageEdgeInsets`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        let (image, title) = contentSizes(in: contentRect)
        let x = contentOriginX(width: image.width + title.width, in: contentRect)
        return place(image, x: x, in: contentRect).inset(by: imageEdgeInsets)
    }

    /// Places the image and title within the content insets.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if configuration != nil { layoutConfiguredContent(); return }
        backgroundContent.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        imageContent.frame = imageRect(forContentRect: content)
        label.frame = titleRect(forContentRect: content)
    }

    /// The image and title side by side with `contentEdgeInsets` around them (6 points above and below a title
    /// when the insets are zero), or the background image's size if that is larger.
    open override var intrinsicContentSize: CGSize {
        if configuration != nil { return configuredContentSize }
        let (image, title) = contentSizes(in: CGRect(x: 0, y: 0, width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
        let insets = contentEdgeInsets == .zero && title.height > 0 ? UIEdgeInsets(top: 6, left: 0, bottom: 6, right: 0) : contentEdgeInsets
        var size = CGSize(width: image.width + title.width + insets.left + insets.right,
                          height: max(image.height, title.height) + insets.top + insets.bottom)
        if let background = currentBackgroundImage?.size {
            size = CGSize(width: max(size.width, background.width), height: max(size.height, background.height))
        }
        return size
    }

    /// The intrinsic content size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The image's size and the title's (fitted to what is left of the width).
    private func contentSizes(in rect: CGRect) -> (CGSize, CGSize) {
        let image = currentImage?.size ?? .zero
        guard !label.isHidden, !(currentTitle ?? "").isEmpty else { return (image, .zero) }
        var title = label.intrinsicContentSize
        title.width = min(title.width, max(rect.width - image.width, 0))
        return (image, title)
    }

    private func contentOriginX(width: CGFloat, in rect: CGRect) -> CGFloat {
        switch contentHorizontalAlignment {
        case .left, .leading, .fill: rect.minX
        case .right, .trailing: rect.maxX - width
        case .center: rect.midX - width / 2
        }
    }

    private func place(_ size: CGSize, x: CGFloat, in rect: CGRect) -> CGRect {
        let y: CGFloat = switch contentVerticalAlignment {
        case .top, .fill: rect.minY
        case .bottom: rect.maxY - size.height
        case .center: rect.midY - size.height / 2
        }
        let height = contentVerticalAlignment == .fill ? rect.height : size.height
        return CGRect(x: x, y: y, width: size.width, height: height)
    }

    // MARK: Configuration storage (UIButton+Configuration.swift)

    /// The button's configuration; when set, it decides the title, image, colours, background and insets.
    open var configuration: Configuration? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// Called when the configuration should change for a new state; it may set `configuration`.
    open var configurationUpdateHandler: ((UIButton) -> Void)? { didSet { setNeedsUpdateConfiguration() } }
    /// Whether the image and title dim while highlighted and the colours follow the state automatically.
    open var automaticallyUpdatesConfiguration = true

    /// Asks for `updateConfiguration()` (the handler, or the automatic update) now.
    open func setNeedsUpdateConfiguration() { updateConfiguration() }

    /// Runs the update handler (which may change `configuration`), then shows the configuration.
    open func updateConfiguration() {
        guard !isApplyingConfiguration else { return }
        isApplyingConfiguration = true
        defer { isApplyingConfiguration = false }
        configurationUpdateHandler?(self)
        applyConfiguration()
    }

    /// Shapes drawn for a configured button: its background fill and outline.
    let configuredBackground = UIView()
    var subtitleContent: UILabel?
    var isApplyingConfiguration = false
}

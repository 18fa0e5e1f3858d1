/// A background's appearance: fill, outline and corner radius (the part of UIKit's background configuration a
/// button uses).
public struct UIBackgroundConfiguration: Sendable {
    /// The background's colour (nil: the style's).
    public var backgroundColor: UIColor?
    /// The background's corner radius.
    public var cornerRadius: CGFloat = 0
    /// The outline's colour.
    public var strokeColor: UIColor?
    /// The outline's width.
    public var strokeWidth: CGFloat = 0
    /// An image drawn as the background.
    public var image: UIImage?
    /// A clear background.
    public init() {}
    /// A background with nothing drawn.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}

extension UIButton {
    /// iOS 15's description of a button: a style (`plain()`, `tinted()`, `gray()`, `filled()`, and the bordered
    /// ones), its title, subtitle and image and how they are placed, its colours, corners, size and insets.
    /// The button updates it for each state (`updated(for:)`), dimming it while highlighted and greying it
    /// while disabled.
    ///
    /// Apple documents the styles but not their exact numbers; Calyx's are its decisions (docs/app-uikit.md):
    /// a medium button's title is the body text style (17 points) with insets of 7 above and below and 12 at
    /// the sides, and its dynamic corners are 6 points round.
    public struct Configuration: @unchecked Sendable {
        /// How round the background's corners are.
        public enum CornerStyle: Sendable {
            /// The background's own corner radius, unchanged by size.
            case fixed
            /// A corner radius that follows the button's size and text size.
            case dynamic
            /// A small corner radius.
            case small
            /// A medium corner radius.
            case medium
            /// A large corner radius.
            case large
            /// Corners of half the height: a capsule.
            case capsule
        }
        /// How large the button is drawn.
        public enum Size: Sendable {
            /// The smallest button.
            case mini
            /// A small button.
            case small
            /// The standard button.
            case medium
            /// A large button.
            case large
        }
        /// Where the title and subtitle align.
        public enum TitleAlignment: Sendable {
            /// Aligned as the image placement suggests.
            case automatic
            /// Aligned to the leading edge.
            case leading
            /// Centred.
            case center
            /// Aligned to the trailing edge.
            case trailing
        }
        enum Style { case plain, tinted, gray, filled, bordered, borderedTinted, borderedProminent, borderless }

        let style: Style
        /// The title.
        public var title: String?
        /// A smaller line under the title.
        public var subtitle: String?
        /// An image drawn as the background.
        public var image: UIImage?
        /// Which side of the title the image is on (`.leading` by default; `.top`, `.bottom`, `.trailing`).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Space between the image and the titles.
        public var imagePadding: CGFloat = 0
        /// Space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// Where the title lines align.
        public var titleAlignment: TitleAlignment = .automatic
        /// The title and image colour the style starts from.
        public var baseForegroundColor: UIColor?
        /// The background colour the style starts from.
        public var baseBackgroundColor: UIColor?
        /// The background.
        public var background = UIBackgroundConfiguration()
        /// How round the corners are.
        public var cornerStyle: CornerStyle = .dynamic
        /// How large the button is drawn.
        public var buttonSize: Size = .medium
        /// Whether a spinner replaces the image.
        public var showsActivityIndicator = false
        private var explicitInsets: NSDirectionalEdgeInsets?

        /// Space between the edges and the content (by `buttonSize` until set).
        public var contentInsets: NSDirectionalEdgeInsets {
            get {
                if let explicitInsets { return explicitInsets }
                return switch buttonSize {
                case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
                case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
                case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
                case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
                }
            }
            set { explicitInsets = newValue }
        }

        init(style: Style) { self.style = style }

        /// Tinted text, no background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// Tinted text on a light tint of the same colour.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// Tinted text on light gray.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// White text on the tint colour.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// The older plain style.
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// The older bordered style: tinted text on light gray.
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// The older tinted style.
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// The older filled style.
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// The configuration as `button` shows it in its current state.
        public func updated(for button: UIButton) -> Configuration {
            var result = self
            let tint = button.tintColor ?? .systemBlue
            let prominent = style == .filled || style == .borderedProminent
            var foreground = baseForegroundColor ?? (prominent ? .white : tint)
            let tinted = style == .tinted || style == .borderedTinted
            let styleFill: UIColor? = switch style {
            case .plain, .borderless: nil
            case .tinted, .borderedTinted: tint.withAlphaComponent(0.15)
            case .gray, .bordered: .systemGray5
            case .filled, .borderedProminent: tint
            }
            var fill = background.backgroundColor ?? baseBackgroundColor.map { tinted ? $0.withAlphaComponent(0.15) : $0 } ?? styleFill
            if !button.isEnabled {
                foreground = .systemGray3
                if fill != nil { fill = .systemGray6 }
            } else if button.isHighlighted {
                foreground = foreground.withAlphaComponent(prominent ? 1 : 0.5)
                fill = fill.map { $0.withAlphaComponent(($0.cgColor.alpha) * 0.7) }
            }
            result.baseForegroundColor = foreground
            result.background.backgroundColor = fill
            return result
        }

        /// The corner radius for a button `height` points high.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: background.cornerRadius
            case .capsule: height / 2
            case .small: 4
            case .medium: 6
            case .large: 8
            case .dynamic:
                switch buttonSize {
                case .mini, .small: 4
                case .medium: 6
                case .large: 8
                }
            }
        }

        var titleFont: UIFont {
            switch buttonSize {
            case .mini: .preferredFont(forTextStyle: .footnote)
            case .small: .preferredFont(forTextStyle: .subheadline)
            case .medium, .large: .preferredFont(forTextStyle: .body)
            }
        }
        var subtitleFont: UIFont { .preferredFont(forTextStyle: buttonSize == .large ? .subheadline : .footnote) }
    }

    /// Shows `configuration` (updated for the state when automatic) in the title, subtitle and image views and
    /// the background.
    func applyConfiguration() {
        guard let stored = configuration else {
            configuredBackground.removeFromSuperview()
            subtitleContent?.removeFromSuperview()
            return
        }
        let shown = automaticallyUpdatesConfiguration ? stored.updated(for: self) : stored
        if configuredBackground.superview !== self { insertSubview(configuredBackground, at: 0) }
        configuredBackground.isUserInteractionEnabled = false
        configuredBackground.backgroundColor = shown.background.backgroundColor
        configuredBackground.layer.borderColor = shown.background.strokeColor?.cgColor
        configuredBackground.layer.borderWidth = shown.background.strokeWidth
        let foreground = shown.baseForegroundColor ?? .white
        titleLabel?.font = shown.titleFont
        titleLabel?.text = shown.title
        titleLabel?.textColor = foreground
        titleLabel?.isHidden = (shown.title ?? "").isEmpty
        let subtitle = subtitleLabel
        subtitle.font = shown.subtitleFont
        subtitle.text = shown.subtitle
        subtitle.textColor = foreground
        subtitle.isHidden = (shown.subtitle ?? "").isEmpty
        imageView?.image = shown.image
        imageView?.isHidden = shown.image == nil
        imageView?.alpha = 1
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The subtitle's label, made when first needed.
    private var subtitleLabel: UILabel {
        if let subtitleContent { return subtitleContent }
        let label = UILabel()
        label.textAlignment = .center
        addSubview(label)
        subtitleContent = label
        return label
    }

    /// The titles' block (title over subtitle) and the image's size.
    private var configuredSizes: (titles: CGSize, title: CGSize, subtitle: CGSize, image: CGSize) {
        let title = titleLabel?.isHidden == false ? titleLabel!.intrinsicContentSize : .zero
        let subtitle = subtitleContent?.isHidden == false ? subtitleContent!.intrinsicContentSize : .zero
        let padding = title.height > 0 && subtitle.height > 0 ? (configuration?.titlePadding ?? 0) : 0
        let titles = CGSize(width: max(title.width, subtitle.width), height: title.height + padding + subtitle.height)
        return (titles, title, subtitle, imageView?.isHidden == false ? imageView!.image?.size ?? .zero : .zero)
    }

    /// The image beside (or above or below) the titles, plus the padding between them.
    private var configuredContent: CGSize {
        guard let configuration else { return .zero }
        let sizes = configuredSizes
        let padding = sizes.image != .zero && sizes.titles != .zero ? configuration.imagePadding : 0
        if configuration.imagePlacement == .top || configuration.imagePlacement == .bottom {
            return CGSize(width: max(sizes.image.width, sizes.titles.width), height: sizes.image.height + padding + sizes.titles.height)
        }
        return CGSize(width: sizes.image.width + padding + sizes.titles.width, height: max(sizes.image.height, sizes.titles.height))
    }

    var configuredContentSize: CGSize {
        let insets = configuration?.contentInsets ?? .zero
        let content = configuredContent
        return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    /// Places the background, image and titles, centred inside the content insets.
    func layoutConfiguredContent() {
        guard let configuration else { return }
        configuredBackground.frame = bounds
        configuredBackground.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let area = bounds.inset(by: configuration.contentInsets.edgeInsets)
        let sizes = configuredSizes, content = configuredContent
        let padding = sizes.image != .zero && sizes.titles != .zero ? configuration.imagePadding : 0
        var origin = CGPoint(x: area.midX - content.width / 2, y: area.midY - content.height / 2)
        var titlesOrigin = origin
        switch configuration.imagePlacement {
        case .top:
            imageView?.frame = CGRect(x: area.midX - sizes.image.width / 2, y: origin.y, width: sizes.image.width, height: sizes.image.height)
            titlesOrigin = CGPoint(x: area.midX - sizes.titles.width / 2, y: origin.y + sizes.image.height + padding)
        case .bottom:
            titlesOrigin = CGPoint(x: area.midX - sizes.titles.width / 2, y: origin.y)
            imageView?.frame = CGRect(x: area.midX - sizes.image.width / 2, y: origin.y + sizes.titles.height + padding,
                                      width: sizes.image.width, height: sizes.image.height)
        case .trailing:
            titlesOrigin = CGPoint(x: origin.x, y: area.midY - sizes.titles.height / 2)
            origin.x += sizes.titles.width + padding
            imageView?.frame = CGRect(x: origin.x, y: area.midY - sizes.image.height / 2, width: sizes.image.width, height: sizes.image.height)
        default:
            imageView?.frame = CGRect(x: origin.x, y: area.midY - sizes.image.height / 2, width: sizes.image.width, height: sizes.image.height)
            titlesOrigin = CGPoint(x: origin.x + sizes.image.width + padding, y: area.midY - sizes.titles.height / 2)
        }
        titleLabel?.frame = CGRect(x: titlesOrigin.x, y: titlesOrigin.y, width: sizes.titles.width, height: sizes.title.height)
        let gap = sizes.title.height > 0 && sizes.subtitle.height > 0 ? configuration.titlePadding : 0
        subtitleContent?.frame = CGRect(x: titlesOrigin.x, y: titlesOrigin.y + sizes.title.height + gap,
                                        width: sizes.titles.width, height: sizes.subtitle.height)
    }
}

import Foundation

/// A row of a table view: a content view holding the standard labels and image of its style, an accessory at the
/// trailing edge, and the highlighted and selected looks. Cells are reused: a table view hands a cell that left
/// the screen back out of `dequeueReusableCell(withIdentifier:for:)` after calling its `prepareForReuse()`.
///
/// `init(style:reuseIdentifier:)` is `required` here (it is not in Apple's SDK): Swift without the Objective-C
/// runtime can make a registered subclass only through a required initializer. `calyx port` adds the keyword to
/// a subclass's `override init(style:reuseIdentifier:)`.
open class UITableViewCell: UIView, @unchecked Sendable {
    /// The arrangement of the standard labels, with UIKit's raw values.
    public enum CellStyle: Int, Sendable {
        /// A text label on the left and an optional image view.
        case `default` = 0
        /// A text label on the left and a detail label on the right, in grey.
        case value1
        /// A blue detail label on the left and a text label beside it (Settings style).
        case value2
        /// A text label above a smaller detail label.
        case subtitle
    }
    /// The standard views drawn at the trailing edge, with UIKit's raw values.
    public enum AccessoryType: Int, Sendable {
        /// No accessory.
        case none = 0
        /// A chevron pointing right.
        case disclosureIndicator
        /// An information button and a chevron.
        case detailDisclosureButton
        /// A check mark.
        case checkmark
        /// An information button.
        case detailButton
    }
    /// How a selected cell looks, with UIKit's raw values.
    public enum SelectionStyle: Int, Sendable {
        /// No highlight when selected.
        case none = 0
        /// A blue highlight (grey since iOS 7).
        case blue
        /// A grey highlight.
        case gray
        /// The system's highlight.
        case `default`
    }

    /// The arrangement of the standard labels, fixed when the cell is made.
    public let style: CellStyle
    /// The identifier the table keeps the cell under for reuse.
    open private(set) var reuseIdentifier: String?
    /// Where a cell's own subviews go (inset from the accessory).
    public let contentView = UIView()
    /// The standard view at the trailing edge.
    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }
    /// How the cell looks when selected (`.none`: unchanged).
    open var selectionStyle: SelectionStyle = .default
    /// Shown behind the content while the cell is selected or highlighted (a light gray view by default).
    open var selectedBackgroundView: UIView?
    /// A view behind everything else in the cell.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let backgroundView { insertSubview(backgroundView, at: 0) }; setNeedsLayout() }
    }
    /// Whether the cell shows its selected look.
    open private(set) var isSelected = false
    /// Whether the cell shows its highlighted look.
    open private(set) var isHighlighted = false

    private var standardTextLabel: UILabel?
    private var standardDetailLabel: UILabel?
    private var standardImageView: UIImageView?
    private let accessoryLabel = UILabel()

    /// A cell with `style`'s labels, kept for reuse under `reuseIdentifier`.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .systemBackground
        let selected = UIView()
        selected.backgroundColor = .systemGray4
        selectedBackgroundView = selected
        addSubview(contentView)
        accessoryLabel.textColor = .systemGray
        accessoryLabel.textAlignment = .center
        addSubview(accessoryLabel)
    }

    /// A default-style cell with no reuse identifier.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Cells are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// The main label (made on first use).
    open var textLabel: UILabel? {
        if let standardTextLabel { return standardTextLabel }
        standardTextLabel = makeStandardLabel(font: .systemFont(ofSize: style == .value2 ? 12 : 17, weight: style == .value2 ? .semibold : .regular),
                                              color: style == .value2 ? .systemBlue : .label,
                                              alignment: style == .value2 ? .right : .natural)
        return standardTextLabel
    }

    /// The secondary label: nil in the default style.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let standardDetailLabel { return standardDetailLabel }
        standardDetailLabel = makeStandardLabel(font: .systemFont(ofSize: style == .subtitle ? 12 : 17),
                                                color: style == .value2 ? .label : .secondaryLabel,
                                                alignment: style == .value1 ? .right : .natural)
        return standardDetailLabel
    }

    /// A standard label in the content view, made the first time the cell's code asks for it.
    private func makeStandardLabel(font: UIFont, color: UIColor, alignment: NSTextAlignment) -> UILabel {
        let label = UILabel()
        label.font = font
        label.textColor = color
        label.textAlignment = alignment
        contentView.addSubview(label)
        return label
    }

    /// The image at the leading edge (made on first use; takes no room while it has no image).
    open var imageView: UIImageView? {
        if let standardImageView { return standardImageView }
        let view = UIImageView(image: nil)
        view.contentMode = .scaleAspectFit
        contentView.addSubview(view)
        standardImageView = view
        return view
    }

    /// Called before a table view hands the cell out again: reset what a previous row set.
    open func prepareForReuse() {}

    /// Shows or hides the selected look, fading over 0.3 s when `animated`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        updateSelectionLook(animated: animated)
    }

    /// Shows or hides the highlighted look (a finger on the row).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        updateSelectionLook(animated: animated)
    }

    private func updateSelectionLook(animated: Bool) {
        guard let selectedBackgroundView else { return }
        let shows = (isSelected || isHighlighted) && selectionStyle != .none
        if shows && selectedBackgroundView.superview !== self {
            selectedBackgroundView.frame = bounds
            selectedBackgroundView.alpha = 0
            // Behind the content, above the background view if there is one.
            if let backgroundView, backgroundView.superview === self {
                insertSubview(selectedBackgroundView, aboveSubview: backgroundView)
            } else {
                insertSubview(selectedBackgroundView, at: 0)
            }
        }
        let change = { selectedBackgroundView.alpha = shows ? 1 : 0 }
        let done: (Bool) -> Void = { _ in if !(self.isSelected || self.isHighlighted) { selectedBackgroundView.removeFromSuperview() } }
        if animated {
            UIView.animate(withDuration: 0.3, animations: change, completion: done)
        } else {
            UIView.performWithoutAnimation(change)
            done(true)
        }
    }

    /// The width the accessory takes at the trailing edge.
    private var accessoryWidth: CGFloat { accessoryType == .none ? 0 : 30 }

    /// The height the standard labels need at `size`'s width (their text wrapped, 11 points above and below), and
    /// at least the standard 44: what a self-sizing row of a standard style measures.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        var width = size.width - accessoryWidth - 32
        if let image = standardImageView?.image, image.size.width > 0 { width -= 30 + 12 }
        func height(_ label: UILabel?, _ share: CGFloat) -> CGFloat {
            guard let label, label.text?.isEmpty == false || label.attributedText?.length ?? 0 > 0 else { return 0 }
            return label.sizeThatFits(CGSize(width: max(width * share, 0), height: .greatestFiniteMagnitude)).height
        }
        let text: CGFloat = switch style {
        case .default: height(standardTextLabel, 1)
        case .subtitle: height(standardTextLabel, 1) + height(standardDetailLabel, 1)
        case .value1: max(height(standardTextLabel, 0.6), height(standardDetailLabel, 0.6))
        case .value2: max(height(standardTextLabel, 0.25), height(standardDetailLabel, 0.75))
        }
        return CGSize(width: size.width, height: max(text + 22, 44))
    }

    /// Lays out the content view, the accessory and the standard labels.
    open override func layoutSubviews() {
        super.layoutSubviews()
        accessoryLabel.text = switch accessoryType {
        case .none: nil
        case .disclosureIndicator: "›"
        case .checkmark: "✓"
        case .detailButton, .detailDisclosureButton: "ⓘ"
        }
        accessoryLabel.textColor = accessoryType == .checkmark ? (tintColor ?? .systemBlue) : .systemGray
        accessoryLabel.frame = CGRect(x: bounds.width - accessoryWidth - 8, y: 0, width: accessoryWidth, height: bounds.height)
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width - accessoryWidth, height: bounds.height)
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        layoutStandardViews(in: contentView.bounds.insetBy(dx: 16, dy: 0))
    }

    /// Places the labels and image as the cell style arranges them.
    private func layoutStandardViews(in area: CGRect) {
        var text = area
        if let imageView = standardImageView, imageView.image != nil {
            let side = min(area.height - 8, 30)
            imageView.frame = CGRect(x: area.minX, y: area.midY - side / 2, width: side, height: side)
            text = CGRect(x: area.minX + side + 12, y: area.minY, width: max(area.width - side - 12, 0), height: area.height)
        }
        let detail = standardDetailLabel
        switch style {
        case .default:
            standardTextLabel?.frame = text
        case .subtitle:
            standardTextLabel?.frame = CGRect(x: text.minX, y: text.minY + 4, width: text.width, height: text.height * 0.55 - 4)
            detail?.frame = CGRect(x: text.minX, y: text.minY + text.height * 0.55, width: text.width, height: text.height * 0.45 - 4)
        case .value1:
            standardTextLabel?.frame = CGRect(x: text.minX, y: text.minY, width: text.width * 0.6, height: text.height)
            detail?.frame = CGRect(x: text.minX + text.width * 0.4, y: text.minY, width: text.width * 0.6, height: text.height)
        case .value2:
            standardTextLabel?.frame = CGRect(x: text.minX, y: text.minY, width: text.width * 0.25, height: text.height)
            detail?.frame = CGRect(x: text.minX + text.width * 0.25 + 6, y: text.minY, width: text.width * 0.75 - 6, height: text.height)
        }
    }
}

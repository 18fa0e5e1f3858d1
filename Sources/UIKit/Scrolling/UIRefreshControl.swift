import QuartzCore

/// Pull to refresh: a spinner above a scroll view's content (set as the scroll view's `refreshControl`). Pulling
/// the content down far enough starts refreshing — `isRefreshing` becomes true and the control sends
/// `.valueChanged` — and the content then rests below the spinner until `endRefreshing()` slides it back.
///
/// DECISION: UIKit publishes neither distance; here refreshing starts at a pull of 90 points past the top, and
/// the spinner's space is 60 points.
open class UIRefreshControl: UIControl, @unchecked Sendable {
    static let triggerDistance: CGFloat = 90
    static let height: CGFloat = 60

    /// Whether the control is refreshing (its spinner turning, the content kept below it).
    open private(set) var isRefreshing = false
    /// Text shown under the spinner.
    open var attributedTitle: NSAttributedString? {
        didSet { titleLabel.attributedText = attributedTitle; setNeedsLayout() }
    }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    weak var scrollView: UIScrollView?

    /// A refresh control, to set as a scroll view's `refreshControl`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        titleLabel.textAlignment = .center
        titleLabel.font = .systemFont(ofSize: 12)
        titleLabel.textColor = .secondaryLabel
        addSubview(spinner)
        addSubview(titleLabel)
    }

    /// A refresh control.
    public convenience init() { self.init(frame: .zero) }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// Starts refreshing from code: the spinner turns and the content's resting place moves below it (the
    /// content is not scrolled and `.valueChanged` is not sent, as on iOS).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.alpha = 1
        spinner.startAnimating()
    }

    /// Ends refreshing: the spinner stops and the content slides back to its top if it rests below the spinner.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        UIView.animate(withDuration: 0.25) { self.spinner.alpha = 0 }
        guard let scrollView, !scrollView.isDragging else { return }
        let top = -scrollView.adjustedContentInset.top
        if scrollView.contentOffset.y < top { scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true) }
    }

    /// Centres the spinner (and the title under it) in the control.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let hasTitle = attributedTitle != nil
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY - (hasTitle ? 8 : 0))
        titleLabel.frame = CGRect(x: 0, y: bounds.midY + 8, width: bounds.width, height: 16)
    }

    /// Follows the scroll view: sits just above its content's top, shows the spinner as the pull grows, and
    /// starts refreshing once the user has pulled far enough.
    func scrollViewDidMove(_ scrollView: UIScrollView) {
        let top = -scrollView.adjustedContentInset.top + (isRefreshing ? Self.height : 0)
        let pull = top - scrollView.contentOffset.y
        UIView.performWithoutAnimation {
            frame = CGRect(x: scrollView.bounds.minX, y: top - Self.height, width: scrollView.bounds.width, height: Self.height)
            if !isRefreshing { spinner.alpha = min(max(pull / Self.triggerDistance, 0), 1) }
        }
        guard !isRefreshing, scrollView.isDragging, pull >= Self.triggerDistance else { return }
        beginRefreshing()
        sendActions(for: .valueChanged)
    }
}

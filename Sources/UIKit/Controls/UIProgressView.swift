/// A bar showing how far a task has got: a rounded track, filled from the left to `progress`.
///
/// `setProgress(_:animated:)` moves the fill over 0.25 s (UIKit does not document its duration; this is Calyx's
/// choice), through a view animation of the fill's frame.
open class UIProgressView: UIView, @unchecked Sendable {
    /// The look of a progress bar, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// The standard progress bar with a rounded track.
        case `default` = 0
        /// A bar for toolbars, with no rounded track.
        case bar = 1
    }

    /// The look of the bar.
    open var progressViewStyle: Style = .default { didSet { updateColors() } }
    private var storedProgress: Float = 0
    /// How far the task has got, 0 to 1 (values outside are clamped; NaN is 0).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    /// The fill's colour (the tint colour when nil).
    open var progressTintColor: UIColor? { didSet { updateColors() } }
    /// The track's colour (a light grey when nil).
    open var trackTintColor: UIColor? { didSet { updateColors() } }
    /// An image for the filled part (kept; the fill colour is drawn).
    open var progressImage: UIImage? { didSet { updateColors() } }
    /// An image for the track (kept; the track colour is drawn).
    open var trackImage: UIImage? { didSet { updateColors() } }

    private let fill = UIView()

    /// An empty progress bar at `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        fill.isUserInteractionEnabled = false
        addSubview(fill)
        updateColors()
    }

    /// An empty progress bar of `style`.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: 4))
        progressViewStyle = style
        updateColors()
    }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// Sets the progress, moving the fill there over 0.25 s when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState, .curveEaseInOut],
                           animations: { self.layoutFill() })
        } else {
            UIView.performWithoutAnimation { layoutFill() }
        }
    }

    /// No intrinsic width; 4 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }
    /// The given width at the bar's height (4 points).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 4) }

    /// Sizes the filled part to the progress.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = progressViewStyle == .default ? bounds.height / 2 : 0
        fill.layer.cornerRadius = layer.cornerRadius
        layoutFill()
    }

    /// Recolours the filled part with the new tint.
    open override func tintColorDidChange() { super.tintColorDidChange(); updateColors() }

    private func layoutFill() {
        fill.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(storedProgress), height: bounds.height)
    }

    private func updateColors() {
        // Images, when set, are stretched over the track and the fill in place of the colours.
        backgroundColor = trackImage == nil ? trackTintColor ?? .systemGray5 : nil
        layer.contents = trackImage?.cgImage
        fill.backgroundColor = progressImage == nil ? progressTintColor ?? tintColor ?? .systemBlue : nil
        fill.layer.contents = progressImage?.cgImage
    }
}

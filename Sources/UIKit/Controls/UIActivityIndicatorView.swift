/// The spinning indicator of work in progress: eight spokes around a centre, fading from the leading spoke
/// back, stepping round one spoke at a time, once a second.
///
/// Built from Calyx's own layers: one spoke replicated eight times by a `CAReplicatorLayer` (each copy turned an
/// eighth further back and a little fainter), turned by a discrete keyframe animation of its rotation — so the
/// render server spins it with no work on the main thread, and `presentation()` shows where it is.
open class UIActivityIndicatorView: UIView, @unchecked Sendable {
    /// The styles, with UIKit's raw values (the iOS 13 sizes and the three older ones).
    public enum Style: Int, Sendable {
        /// The standard 20-point spinner.
        case medium = 100
        /// The large 37-point spinner.
        case large = 101
        /// The large spinner in white (deprecated).
        case whiteLarge = 0
        /// The standard spinner in white (deprecated).
        case white = 1
        /// The standard spinner in grey (deprecated).
        case gray = 2

        var isLarge: Bool { self == .large || self == .whiteLarge }
        /// The view's side: 20 points, or 37 for the large styles.
        var side: CGFloat { isLarge ? 37 : 20 }
    }

    /// The key the spinning animation is added under.
    static let spinKey = "spin"
    static let spokeCount = 8

    private let spokes = CAReplicatorLayer()
    private let spoke = CALayer()

    /// The size (and, for the old styles, the colour).
    open var style: Style { didSet { updateSpokes() } }
    /// The spokes' colour (grey for the medium and large styles, white for the old white ones).
    open var color: UIColor! {
        didSet { if color == nil { color = style.defaultColor }; updateSpokes() }
    }
    /// Whether the view hides itself while not spinning (true by default).
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// Whether the spinner turns.
    open private(set) var isAnimating = false

    /// A stopped spinner of `style`.
    public init(style: Style = .medium) {
        self.style = style
        color = style.defaultColor
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        isUserInteractionEnabled = false
        spokes.instanceCount = Self.spokeCount
        spokes.addSublayer(spoke)
        layer.addSublayer(spokes)
        isHidden = true
        updateSpokes()
    }

    /// A stopped medium spinner at `frame`.
    public override convenience init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The style's square size.
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    /// The style's square size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Shows the spinner and starts it turning.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        // Eight discrete steps, each held an eighth of a second (a ninth value of 2π would show the top twice).
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<Self.spokeCount).map { CGFloat($0) * 2 * .pi / CGFloat(Self.spokeCount) }
        spin.calculationMode = .discrete
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        spokes.add(spin, forKey: Self.spinKey)
    }

    /// Stops the spinner (hiding it when `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokes.removeAnimation(forKey: Self.spinKey)
        if hidesWhenStopped { isHidden = true }
    }

    /// Centres the spokes in the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let side = min(bounds.width, bounds.height)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spokes.frame = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        let scale = side / style.side
        // One spoke pointing up from the centre; the copies turn an eighth back each (counter-clockwise on
        // screen) and fade, so the brightest spoke leads as the whole turns clockwise.
        let width = (style.isLarge ? 4 : 2.5) * scale
        let length = (style.isLarge ? 10 : 5.5) * scale
        spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
        spoke.cornerRadius = width / 2
        spoke.position = CGPoint(x: side / 2, y: side / 2 - (side / 2 - length / 2))
        CATransaction.commit()
    }

    private func updateSpokes() {
        spoke.backgroundColor = (color ?? style.defaultColor).cgColor
        spokes.instanceTransform = CATransform3DMakeRotation(-2 * .pi / CGFloat(Self.spokeCount), 0, 0, 1)
        spokes.instanceAlphaOffset = -0.8 / Float(Self.spokeCount)
        setNeedsLayout()
    }
}

extension UIActivityIndicatorView.Style {
    var defaultColor: UIColor {
        switch self {
        case .white, .whiteLarge: .white
        default: .systemGray
        }
    }
}

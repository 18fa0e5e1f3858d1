/// An on/off switch: a 51 × 31 rounded track with a white thumb that slides across when tapped, the track
/// turning to `onTintColor` when on.
///
/// A tap toggles it and sends `.valueChanged` (and `.primaryActionTriggered`); `setOn(_:animated:)` changes it
/// without sending anything. The slide takes 0.25 s (Calyx's choice: UIKit does not document it).
open class UISwitch: UIControl, @unchecked Sendable {
    /// The switch's fixed size.
    public static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2

    private var on = false
    /// Whether the switch is on (setting it does not animate; use `setOn(_:animated:)`).
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    /// The track's colour when on (system green when nil).
    open var onTintColor: UIColor? { didSet { updateAppearance() } }
    /// The thumb's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { updateAppearance() } }
    /// An image for the on state (kept; iOS 7 and later ignore it too).
    open var onImage: UIImage?
    /// An image for the off state (kept; iOS 7 and later ignore it too).
    open var offImage: UIImage?
    /// The round thumb that slides (Calyx's: iOS keeps it private).
    public let thumb = UIView()

    /// An off switch at `frame`'s origin, at the standard 51 × 31 size.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        layer.cornerRadius = UISwitch.size.height / 2
        let side = UISwitch.size.height - 2 * UISwitch.thumbInset
        thumb.frame = CGRect(x: UISwitch.thumbInset, y: UISwitch.thumbInset, width: side, height: side)
        thumb.layer.cornerRadius = side / 2
        thumb.layer.shadowOpacity = 0.25
        thumb.layer.shadowRadius = 2
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.isUserInteractionEnabled = false
        addSubview(thumb)
        updateAppearance()
    }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The switch's size whatever the frame asks for, as UIKit's.
    open override var intrinsicContentSize: CGSize { UISwitch.size }
    /// The standard size, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }

    /// Turns the switch on or off, sliding the thumb when `animated`; sends no actions.
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != self.on else { return }
        self.on = on
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.updateAppearance() })
        } else {
            UIView.performWithoutAnimation { updateAppearance() }
        }
    }

    /// Flips the switch (with animation) when a touch ends on it, sending `.valueChanged`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard isTouchInside else { return }
        setOn(!on, animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    private func updateAppearance() {
        backgroundColor = on ? onTintColor ?? .systemGreen : .systemGray5
        thumb.backgroundColor = thumbTintColor ?? .white
        thumb.frame.origin.x = on ? UISwitch.size.width - thumb.frame.width - UISwitch.thumbInset : UISwitch.thumbInset
    }
}

/// A control for choosing a value in a range by dragging a thumb along a track: the part before the thumb in
/// `minimumTrackTintColor`, the rest in `maximumTrackTintColor`.
///
/// A touch must start on the thumb; dragging moves it and sends `.valueChanged` as it goes (or once at the end
/// when `isContinuous` is false). `trackRect(forBounds:)` and `thumbRect(forBounds:trackRect:value:)` place the
/// parts and can be overridden.
open class UISlider: UIControl, @unchecked Sendable {
    static let thumbSide: CGFloat = 28
    static let trackHeight: CGFloat = 4

    private var storedValue: Float = 0
    /// The value, kept within the range (0 by default; NaN is the minimum).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The range's ends (0 and 1 by default). A minimum above the maximum moves the maximum up to it.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// The value at the right end.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether `.valueChanged` is sent while dragging (true) or only when the touch ends.
    open var isContinuous = true
    /// The track's colour left of the thumb (nil: the tint).
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The track's colour right of the thumb.
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb's colour.
    open var thumbTintColor: UIColor? { didSet { updateColors() } }
    /// An image at the left end.
    open var minimumValueImage: UIImage?
    /// An image at the right end.
    open var maximumValueImage: UIImage?

    private let minimumTrack = UIView(), maximumTrack = UIView(), thumb = UIView()
    private var dragOffset: CGFloat = 0

    /// A slider from 0 to 1 at 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        for part in [maximumTrack, minimumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        thumb.layer.shadowOpacity = 0.25
        thumb.layer.shadowRadius = 2
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        updateColors()
    }

    /// Not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// Sets the value (clamped to the range), moving the thumb over 0.25 s when `animated`.
    open func setValue(_ value: Float, animated: Bool) {
        let low = min(minimumValue, maximumValue), high = max(minimumValue, maximumValue)
        storedValue = value.isNaN ? low : min(max(value, low), high)
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: .beginFromCurrentState, animations: { self.layoutParts() })
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    /// No intrinsic width; 31 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    /// The track: 4 points high, across the bounds, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - UISlider.trackHeight / 2, width: bounds.width, height: UISlider.trackHeight)
    }

    /// The thumb for `value`: a 28-point circle whose centre runs along the track, its edges within it.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let side = UISlider.thumbSide
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let x = rect.minX + (rect.width - side) * fraction
        return CGRect(x: x, y: rect.midY - side / 2, width: side, height: side)
    }

    /// Lays the track and thumb out for the value.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    private func layoutParts() {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        thumb.frame = thumbFrame
        thumb.layer.cornerRadius = thumbFrame.height / 2
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(thumbFrame.midX - track.minX, 0), height: track.height)
        maximumTrack.frame = track
        minimumTrack.layer.cornerRadius = track.height / 2
        maximumTrack.layer.cornerRadius = track.height / 2
    }

    /// Recolours the track.
    open override func tintColorDidChange() { super.tintColorDidChange(); updateColors() }

    private func updateColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor ?? .systemBlue
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemGray5
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    // MARK: Tracking

    /// Starts a drag when the touch lands on the thumb.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        guard thumb.frame.insetBy(dx: -8, dy: -8).contains(point) else { return false }
        dragOffset = point.x - thumb.frame.midX
        return true
    }

    /// Moves the value with the finger, sending `.valueChanged`.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let track = trackRect(forBounds: bounds)
        let usable = max(track.width - UISlider.thumbSide, 1)
        let centre = touch.location(in: self).x - dragOffset
        let fraction = Float((centre - track.minX - UISlider.thumbSide / 2) / usable)
        let old = storedValue
        setValue(minimumValue + fraction * (maximumValue - minimumValue), animated: false)
        if isContinuous && storedValue != old { sendActions(for: .valueChanged) }
        return true
    }

    /// Ends the drag.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if !isContinuous { sendActions(for: .valueChanged) }
    }
}

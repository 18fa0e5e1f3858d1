/// A view that blurs what lies behind it (a `UIBlurEffect`) or shows its content as vibrancy over a blur (a
/// `UIVibrancyEffect`). Put subviews in `contentView`, not in the effect view itself.
///
/// The blur is a real backdrop blur drawn by the compositor (docs/view-animation.md §8): a private backdrop view
/// whose layer has `backgroundFilters` — a Gaussian blur named `gaussianBlur` and colour controls named
/// `colorSaturate` — under a tint view with the style's colour. Setting `effect` inside an animation block
/// animates the blur radius, the saturation and the tint with the block's timing, in both directions.
///
/// As on iOS, an `alpha` below 1 on the effect view (or an ancestor) breaks the effect: the view is then drawn as
/// one faded group without the blur. The backdrop follows the view's `layer.cornerRadius`.
open class UIVisualEffectView: UIView, @unchecked Sendable {
    /// The view to add subviews to.
    public let contentView = UIView(frame: .zero)
    private let backdropView = UIView(frame: .zero)
    private let tintView = UIView(frame: .zero)
    /// Vibrancy: the backdrop lightened (added to) where `contentView` draws; `contentView`'s layer is its mask.
    private let vibrancyLayer = CALayer()

    static let radiusKeyPath = "backgroundFilters.gaussianBlur.inputRadius"
    static let saturationKeyPath = "backgroundFilters.colorSaturate.inputSaturation"

    /// The effect, or nil for none. Animatable inside `UIView.animate` blocks.
    open var effect: UIVisualEffect? {
        didSet { apply(effect, animatingFrom: oldValue) }
    }

    /// An effect view showing `effect` (nil for none), with an empty content view.
    public init(effect: UIVisualEffect?) {
        super.init(frame: .zero)
        let blur = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 0])!
        blur.name = "gaussianBlur"
        let saturate = CIFilter(name: "CIColorControls")!
        saturate.name = "colorSaturate"
        backdropView.layer.backgroundFilters = [blur, saturate]
        backdropView.isUserInteractionEnabled = false
        tintView.isUserInteractionEnabled = false
        addSubview(backdropView)
        addSubview(tintView)
        addSubview(contentView)
        vibrancyLayer.actions = ["bounds": NSNull(), "position": NSNull(), "backgroundColor": NSNull(), "hidden": NSNull()]
        self.effect = effect
        apply(effect, animatingFrom: nil)
    }

    /// An effect view with no effect, at `frame`.
    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The frame; the backdrop and tint follow it at once.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; layoutEffectParts() }
    }

    /// The bounds; the backdrop and tint follow them at once.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; layoutEffectParts() }
    }

    /// Clipping an effect view clips its content and rounds its parts, not its own layer: a clipping layer is
    /// drawn as one group, apart from what is behind it, which would lose the blur. So the common iOS setup —
    /// `layer.cornerRadius`, then `clipsToBounds = true` — rounds the blur and clips the content.
    private var clipsContent = false
    /// Whether the content view and the effect's parts clip (the view's own layer never does, which would cut the blur off from what is behind it).
    open override var clipsToBounds: Bool {
        get { clipsContent }
        set { clipsContent = newValue; contentView.clipsToBounds = newValue }
    }

    /// A new corner radius on the view's layer reaches its parts at once (the layer asks its delegate for an
    /// action on every change, which is when the view hears of it).
    open override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        if layer === self.layer, event == "cornerRadius" { layoutEffectParts() }
        return super.action(for: layer, forKey: event)
    }

    /// Sizes the backdrop, the tint and the content view to the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutEffectParts()
    }

    /// The parts fill the view, with its corner radius.
    private func layoutEffectParts() {
        let b = bounds
        for part in [backdropView, tintView, contentView] {
            part.frame = b
            part.layer.cornerRadius = layer.cornerRadius
        }
        vibrancyLayer.frame = b
    }

    /// Sets the parts for `effect`; inside an animation block the blur's radius and saturation animate from what
    /// they were (the tint view's colour animates through its own action).
    private func apply(_ effect: UIVisualEffect?, animatingFrom old: UIVisualEffect?) {
        layoutEffectParts()
        let blur = effect as? UIBlurEffect
        let oldTint = (old as? UIBlurEffect)?.recipe
        // No effect: no blur, no saturation, and the tint's colour with no alpha (so only its alpha animates).
        let target = blur?.recipe ?? (radius: 0, saturation: 1, white: oldTint?.white ?? 1, alpha: 0)
        let backdrop = backdropView.layer
        let from = (backdrop.value(forKeyPath: Self.radiusKeyPath), backdrop.value(forKeyPath: Self.saturationKeyPath))
        backdrop.setValue(target.radius, forKeyPath: Self.radiusKeyPath)
        backdrop.setValue(target.saturation, forKeyPath: Self.saturationKeyPath)
        UIViewAnimationState.animateOwnLayer(backdrop, keyPath: Self.radiusKeyPath, from: from.0, to: target.radius)
        UIViewAnimationState.animateOwnLayer(backdrop, keyPath: Self.saturationKeyPath, from: from.1, to: target.saturation)
        tintView.backgroundColor = UIColor(white: target.white, alpha: target.alpha)
        applyVibrancy(effect as? UIVibrancyEffect)
    }

    /// Vibrancy: `contentView`'s layer becomes the mask of a layer that adds grey to the backdrop (lightening it
    /// by 0.35 × strength over dark blurs); over light blurs it is laid over as black at that alpha (a darkening:
    /// Calyx has no subtractive compositing).
    private func applyVibrancy(_ vibrancy: UIVibrancyEffect?) {
        backdropView.isHidden = vibrancy != nil
        tintView.isHidden = vibrancy != nil
        guard let vibrancy else {
            if vibrancyLayer.mask === contentView.layer {
                vibrancyLayer.mask = nil
                vibrancyLayer.removeFromSuperlayer()
                layer.addSublayer(contentView.layer)
            }
            return
        }
        let amount = 0.35 * vibrancy.strength
        if vibrancy.blurEffect.isDark {
            // White at `amount`: premultiplied, `amount` in every channel, which plus-lighter adds.
            vibrancyLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: amount)
            vibrancyLayer.compositingFilter = "plusL"
        } else {
            vibrancyLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: amount)
            vibrancyLayer.compositingFilter = nil
        }
        if vibrancyLayer.mask !== contentView.layer {
            contentView.layer.removeFromSuperlayer()
            vibrancyLayer.mask = contentView.layer
            layer.addSublayer(vibrancyLayer)
        }
    }
}

/// A view that shows an image, or plays a sequence of images (docs/view-animation.md §5a): the frames become one
/// discrete keyframe animation of the layer's `contents`.
open class UIImageView: UIView, @unchecked Sendable {
    /// The key the frame animation is added under (what UIKit uses).
    static let animationKey = "UIImageAnimation"

    /// The image shown.
    open var image: UIImage? { didSet { showResting() } }
    /// The image shown while highlighted.
    open var highlightedImage: UIImage? { didSet { showResting() } }
    /// Whether the highlighted image shows.
    open var isHighlighted = false { didSet { showResting() } }
    /// The frames `startAnimating()` cycles through.
    open var animationImages: [UIImage]?
    /// The frames cycled through while highlighted.
    open var highlightedAnimationImages: [UIImage]?
    /// Seconds for one pass through the images; 0 (the default) means 1/30 s a frame.
    open var animationDuration: TimeInterval = 0
    /// Passes to play; 0 (the default) plays forever.
    open var animationRepeatCount = 0

    /// An image view showing nothing.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view the size of `image`, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showResting()   // (observers may not run for a property set inside an initializer)
    }

    /// An image view with both images, sized to the image.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
        showResting()
    }

    /// Not available: Calyx reads no nib files.
    public required init?(coder: NSCoder) { return nil }

    /// Plays `animationImages` (or the highlighted set while highlighted), or an animated `image`.
    open func startAnimating() {
        let frames = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages
        let images = frames ?? image?.images
        guard let images, !images.isEmpty else { return }
        let cgImages = images.compactMap(\.cgImage)
        guard cgImages.count == images.count else { return }
        let n = cgImages.count
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.calculationMode = .discrete
        // Discrete frames i/n, each held until the next, and the last until 1.
        animation.values = cgImages
        animation.keyTimes = (0...n).map { NSNumber(value: Double($0) / Double(n)) }
        let perPass = frames != nil ? (animationDuration > 0 ? animationDuration : Double(n) / 30) : (image?.duration ?? 0)
        animation.duration = perPass > 0 && perPass.isFinite ? perPass : Double(n) / 30
        animation.repeatCount = frames != nil && animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.contentsScale = images[0].scale
        layer.add(animation, forKey: Self.animationKey)
    }

    /// Stops cycling the frames.
    open func stopAnimating() { layer.removeAnimation(forKey: Self.animationKey) }

    /// Whether the frames are cycling.
    open var isAnimating: Bool { layer.animation(forKey: Self.animationKey) != nil }

    /// What shows when no frames play: the (highlighted) image, without an implicit animation. An animated
    /// image starts playing by itself.
    private func showResting() {
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        UIView.performWithoutAnimation {
            layer.contents = shown?.cgImage ?? shown?.images?.first?.cgImage
            layer.contentsScale = shown?.scale ?? 1
        }
        if shown?.images != nil { startAnimating() }
    }
}

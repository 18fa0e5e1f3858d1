import QuartzCore

/// Every example of the Core Animation book chapters Calyx follows, written from their descriptions, as named
/// scenes: `calyx list` names them, `calyx render`/`calyx view` play them, and `make demo` renders them all with
/// a web page (``GalleryPage``).
public enum Gallery {
    public static let scenes: [GalleryScene] = explicitAnimationScenes + layerScenes + specialisedLayerScenes + viewAnimationScenes
        + viewEffectScenes + contentLayerScenes + lottieScenes + lottieFeatureScenes
        + lottieShapeScenes + lottieLayerScenes + appUIKitScenes + interactiveScenes + collectionScenes

    public static func scene(named name: String) -> GalleryScene? { scenes.first { $0.name == name } }

    /// The side of every scene's square stage, in points.
    public static let stageSize: CGFloat = 120

    /// A white square stage.
    static func stage(_ color: CGColor = CGColor.white) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: stageSize, height: stageSize)
        root.backgroundColor = color
        return root
    }

    static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A plain layer: `frame`, colour, corner radius.
    static func box(_ frame: CGRect, _ color: CGColor, corner: CGFloat = 0) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = corner
        return layer
    }

    /// A basic animation of `keyPath` from `from` to `to`.
    static func basic(_ keyPath: String, _ from: Any?, _ to: Any?, duration: CFTimeInterval,
                      repeats: Bool = false, autoreverses: Bool = false) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from; animation.toValue = to; animation.duration = duration
        animation.autoreverses = autoreverses
        if repeats { animation.repeatCount = .infinity }
        return animation
    }

    /// A soft white disc, 16 pixels across (particles).
    public static func dotImage() -> CGImage {
        let ctx = CGContext.canonicalBitmap(width: 16, height: 16)!
        ctx.setFillColor(CGColor.white)
        ctx.fillEllipse(in: CGRect(x: 1, y: 1, width: 14, height: 14))
        return ctx.makeImage()!
    }

    static let white = CGColor.white
}

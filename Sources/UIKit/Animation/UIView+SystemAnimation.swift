extension UIView {
    /// The animations the system defines (`perform(_:on:options:animations:completion:)`).
    public enum SystemAnimation: UInt, Sendable {
        /// The views blur, shrink and fade, then are removed from their superviews.
        case delete = 0
    }

    /// Runs the system animation on `views`, with `parallelAnimations` alongside it at the system's timing; then
    /// removes the views and calls `completion` (docs/view-animation.md §9).
    ///
    /// The deletion lasts 0.3 s on the ease-in-ease-out curve: each view shrinks to half its size about its
    /// centre, fades out and blurs to a radius of 10 points (in its own space, so the blur shrinks with it). The curve and duration options in `options` are
    /// ignored, as UIKit ignores them; the others apply. Once removed, each view has its own alpha, transform and
    /// filters back, so adding it again shows it as it was.
    public class func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                              animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let saved = views.map { (alpha: $0.alpha, transform: $0.layer.transform, filters: $0.layer.filters) }
        for view in views {
            let blur = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 0])!
            blur.name = "deleteBlur"
            UIView.performWithoutAnimation { view.layer.filters = (view.layer.filters ?? []) + [blur] }
        }
        let timing = options.subtracting([.curveEaseIn, .curveEaseOut, .curveLinear, .overrideInheritedCurve,
                                          .overrideInheritedDuration])
            .union([.curveEaseInOut, .overrideInheritedDuration, .overrideInheritedCurve])
        UIView.animate(withDuration: 0.3, delay: 0, options: timing, animations: {
            for view in views {
                view.transform = view.transform.scaledBy(x: 0.5, y: 0.5)
                view.alpha = 0
                view.layer.setValue(10, forKeyPath: "filters.deleteBlur.inputRadius")
                UIViewAnimationState.animateOwnLayer(view.layer, keyPath: "filters.deleteBlur.inputRadius", from: 0, to: 10)
            }
            parallelAnimations?()
        }, completion: { finished in
            for (view, was) in zip(views, saved) {
                view.removeFromSuperview()
                UIView.performWithoutAnimation {
                    view.alpha = was.alpha
                    view.layer.transform = was.transform
                    view.layer.filters = was.filters
                }
            }
            completion?(finished)
        })
    }
}

import QuartzCore
import CalyxGallery

/// Filmstrip rows drawn by the compositor: a `CARenderer` frame per moment, so 3-D depth order and transition
/// pixels (which `render(in:)` does not draw, as on Apple) show.
extension AnimationFilmstrip {
    struct CompositorScene: Sendable {
        let title: String
        let build: @Sendable () -> CALayer
        /// Applied after the first frame has been drawn (a transition starts from what is on screen).
        var change: (@Sendable (CALayer) -> Void)? = nil

        /// One image per time, each `cell` points square.
        func frames(at times: [CFTimeInterval]) -> [CGImage] {
            let clock = CAMediaClock(manualTime: 0)
            return CAMediaClock.$current.withValue(clock) {
                let root = build()
                CATransaction.flush()
                let ctx = CGContext.canonicalBitmap(width: cell, height: cell)!
                let renderer = CARenderer(context: ctx)
                renderer.layer = root
                var images: [CGImage] = []
                for (index, t) in times.enumerated() {
                    clock.setManualTime(t)
                    renderer.beginFrame(atTime: t, timeStamp: nil)
                    renderer.addUpdate(root.bounds)
                    renderer.render()
                    renderer.endFrame()
                    images.append(ctx.makeImage()!)
                    if index == 0, let change {
                        change(root)
                        CATransaction.flush()
                    }
                }
                return images
            }
        }
    }

    static let compositorScenes: [CompositorScene] = [
        CompositorScene(title: "CATransformLayer cube turning (CARenderer, m34 = −1/300)", build: Gallery.cube),
        CompositorScene(title: "CATransition push from the right (CARenderer)", build: Gallery.card,
                        change: { Gallery.changeCard($0, .push, .fromRight) }),
    ] + specialisedScenes
}

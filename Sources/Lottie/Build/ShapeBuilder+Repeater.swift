import Foundation
import QuartzCore

extension ShapeBuilder {
    /// A repeater: the items it copies, built once per copy. Copy k sits k + offset steps along — its position
    /// and rotation that many times the step's, its scale the step's to that power, about the step's anchor (as
    /// lottie-android, rlottie and ThorVG place copies; not the step composed k times, so a
    /// `CAReplicatorLayer`'s cumulative instance transform cannot say it) — at an opacity running from the start
    /// opacity to the end one. Later copies go above, or below in mode 2. Moving steps are sampled once a frame;
    /// the copy count is read at the first frame.
    func repeaterLayer(_ repeater: RepeaterModel, copying items: [ShapeItem]) -> CALayer {
        let container = LayerTreeBuilder.spaceLayer()
        let copies = repeater.copyCount(atFrame: frame)
        let moving = [repeater.anchor, repeater.position, repeater.scale, repeater.rotation, repeater.offset].contains { $0.isAnimated }
        let fading = repeater.startOpacity.isAnimated || repeater.endOpacity.isAnimated
        let timeline = builder.timeline
        let frames = timeline.sampleFrames.map { time.frame(atRootFrame: $0) }
        for k in 0..<copies {
            func placement(atFrame f: Double) -> CATransform3D {
                let offset = repeater.offset.value(atFrame: f)[0]
                return CATransform3DMakeAffineTransform(repeater.step(atFrame: f, times: Double(k) + (offset.isFinite ? offset : 0)))
            }
            func opacity(atFrame f: Double) -> Float {
                let a = repeater.startOpacity.value(atFrame: f)[0] / 100, b = repeater.endOpacity.value(atFrame: f)[0] / 100
                let value = copies > 1 ? a + (b - a) * Double(k) / Double(copies - 1) : a
                return Float(value.isFinite ? min(max(value, 0), 1) : 0)
            }
            let copy = LayerTreeBuilder.spaceLayer()
            addItems(items, to: copy)
            copy.transform = placement(atFrame: frame)
            copy.opacity = opacity(atFrame: frame)
            if moving { builder.add(timeline.sampled("transform", frames.map { NSValue(caTransform3D: placement(atFrame: $0)) }), to: copy) }
            if fading { builder.add(timeline.sampled("opacity", frames.map(opacity(atFrame:))), to: copy) }
            if repeater.stacksBelow { container.insertSublayer(copy, at: 0) } else { container.addSublayer(copy) }
        }
        return container
    }
}

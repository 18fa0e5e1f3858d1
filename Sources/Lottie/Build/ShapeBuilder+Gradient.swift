import Foundation
import QuartzCore

extension ShapeBuilder {
    /// A gradient fill or stroke: a `CAGradientLayer` over the geometry's box, masked by the geometry filled (or
    /// stroked). Its points are Lottie's, in the box's unit square; a radial gradient's end point sits at the
    /// radius along each axis, so the circle stays round in a box that is not square. Animated stops and points
    /// are sampled once a frame.
    func gradientLayer(_ gradient: GradientModel, geometry: ArraySlice<ShapeItem>) -> CALayer {
        let mask = styledLayer(geometry: geometry, opacity: .fixed(Numbers([100])))
        mask.fillColor = gradient.stroke == nil ? CGColor(gray: 0, alpha: 1) : nil
        mask.fillRule = gradient.evenOdd ? .evenOdd : .nonZero
        var reach: CGFloat = 1
        if let stroke = gradient.stroke {
            mask.strokeColor = CGColor(gray: 0, alpha: 1)
            mask.lineWidth = stroke.width.value(atFrame: frame)[0]
            Self.setLineStyle(of: mask, cap: stroke.cap, join: stroke.join)
            applyDashes(stroke.dashes, to: mask)
            builder.add(builder.timeline.animation("lineWidth", stroke.width, time: time) { $0[0] }, to: mask)
            reach += mask.lineWidth
        }
        mask.opacity = 1
        // The box: what the geometry covers over the whole animation (its path at each sampled frame when it
        // moves), or the composition when that is unknown (a stroke whose width changes). The gradient is painted
        // over the box every frame its points move: a composition-sized box for a small moving shape cost the
        // whole composition's pixels.
        var pathBox = mask.path?.boundingBoxOfPath ?? .null
        if geometry.contains(where: Self.isAnimated) {
            let samples = (mask.animation(forKey: "lottie.path") as? CAKeyframeAnimation)?.values ?? []
            // (Control points included: frames between the samples interpolate them.)
            for case let sample as CGPath in samples { pathBox = pathBox.union(sample.boundingBox) }
        }
        let widthChanges = gradient.stroke?.width.isAnimated ?? false
        let box = (widthChanges || pathBox.isNull || !pathBox.isFiniteValue)
            ? CGRect(x: 0, y: 0, width: builder.model.width, height: builder.model.height)
            : pathBox.insetBy(dx: -reach, dy: -reach)
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.position = box.origin
        layer.bounds = CGRect(origin: .zero, size: box.size)
        layer.type = gradient.radial ? .radial : .axial
        // The mask is in the gradient layer's space: the geometry moved by the box's corner.
        mask.position = CGPoint(x: -box.minX, y: -box.minY)
        layer.mask = mask
        layer.opacity = Float(gradient.opacity.value(atFrame: frame)[0] / 100)
        builder.add(builder.timeline.animation("opacity", gradient.opacity, time: time) { $0[0] / 100 }, to: layer)
        /// The highlight's focus relative to the centre, in the box's unit square: `h` percent of the radius
        /// (kept inside the rim) along the start-to-end direction turned by `a` degrees, as lottie-web places it.
        func focalOffset(atFrame f: Double) -> CGPoint {
            guard gradient.radial else { return .zero }
            let s = gradient.start.value(atFrame: f), e = gradient.end.value(atFrame: f)
            let length = gradient.highlightLength.value(atFrame: f)[0] / 100, turn = gradient.highlightAngle.value(atFrame: f)[0]
            guard length.isFinite, turn.isFinite, length != 0, box.width > 0, box.height > 0 else { return .zero }
            let distance = hypot(e[0] - s[0], e[1] - s[1]) * min(max(length, -0.99), 0.99)
            let angle = atan2(e[1] - s[1], e[0] - s[0]) + turn * .pi / 180
            return CGPoint(x: distance * cos(angle) / box.width, y: distance * sin(angle) / box.height)
        }
        func points(atFrame f: Double) -> (CGPoint, CGPoint) {
            let s = gradient.start.value(atFrame: f), e = gradient.end.value(atFrame: f)
            func unit(_ x: Double, _ y: Double) -> CGPoint {
                CGPoint(x: box.width > 0 ? (x - box.minX) / box.width : 0, y: box.height > 0 ? (y - box.minY) / box.height : 0)
            }
            let a = unit(s[0], s[1])
            guard gradient.radial else { return (a, unit(e[0], e[1])) }
            let radius = hypot(e[0] - s[0], e[1] - s[1])
            return (a, CGPoint(x: a.x + (box.width > 0 ? radius / box.width : 0), y: a.y + (box.height > 0 ? radius / box.height : 0)))
        }
        (layer.startPoint, layer.endPoint) = points(atFrame: frame)
        layer.focalOffset = focalOffset(atFrame: frame)
        let stops = gradient.stops(gradient.colors.value(atFrame: frame))
        layer.colors = stops.colors
        layer.locations = stops.locations.map { NSNumber(value: $0) }
        if gradient.start.isAnimated || gradient.end.isAnimated || gradient.colors.isAnimated
            || gradient.highlightLength.isAnimated || gradient.highlightAngle.isAnimated {
            let timeline = builder.timeline
            let frames = timeline.sampleFrames.map { time.frame(atRootFrame: $0) }
            var animated: [(String, [Any])] = []
            if gradient.start.isAnimated || gradient.end.isAnimated {
                let all = frames.map(points(atFrame:))
                animated += [("startPoint", all.map(\.0)), ("endPoint", all.map(\.1))]
            }
            if gradient.radial && (gradient.start.isAnimated || gradient.end.isAnimated || gradient.highlightLength.isAnimated
                                   || gradient.highlightAngle.isAnimated) {
                animated.append((CAGradientLayer.focalOffsetKey, frames.map(focalOffset(atFrame:))))
            }
            if gradient.colors.isAnimated {
                let all = frames.map { gradient.stops(gradient.colors.value(atFrame: $0)) }
                animated += [("colors", all.map(\.colors)), ("locations", all.map { $0.locations.map { NSNumber(value: $0) } })]
            }
            for (keyPath, values) in animated { builder.add(timeline.sampled(keyPath, values), to: layer) }
        }
        let map = self.time
        builder.registry.register(path + [gradient.name ?? "", "Colors"], .gradient, on: layer) { root in
            gradient.stops(gradient.colors.value(atFrame: map.frame(atRootFrame: root))).colors.map(\.lottieColorValue)
        }
        builder.registry.register(path + [gradient.name ?? "", "Opacity"], .opacity, on: layer) {
            Self.number(gradient.opacity, atRootFrame: $0, time: map)
        }
        return layer
    }
}

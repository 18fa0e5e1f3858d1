import Foundation
import QuartzCore

/// A shape layer's items as layers: a group is a layer with the group's transform; each fill and stroke is a
/// `CAShapeLayer` drawing the geometry listed before it in the same group. Items earlier in a list are in front.
/// (Unless every layer is asked for: a group that moves nothing adds its items to its parent, and an opaque
/// stroke just in front of an opaque fill is drawn by the fill's layer — see `LayerTreeBuilder.keepsEveryLayer`.)
struct ShapeBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap
    /// The names of the layer and groups the items are in (the start of their properties' keypaths).
    let path: [String]
    /// The modifiers (trims, rounded corners, …) after the groups these items are in, innermost first: After
    /// Effects applies a modifier to every path before it, those in groups before it too.
    var inherited: [ShapeItem] = []

    func addItems(_ items: [ShapeItem], to parent: CALayer) {
        // What a style draws: the paths before it and the modifiers after them, then those the groups it is in
        // inherit.
        func geometry(before index: Int) -> ArraySlice<ShapeItem> {
            inherited.isEmpty ? items[..<index] : ArraySlice(items[..<index] + inherited)
        }
        // The fills, strokes and groups before the group's last Merge Paths draw nothing: their paths are its input.
        let firstDrawn = items.lastIndex(where: Self.isMerge).map { $0 + 1 } ?? 0
        // The fill a stroke just in front of it may draw with (see `LayerTreeBuilder.keepsEveryLayer`).
        var fillBehind: (index: Int, layer: CAShapeLayer)?
        // Front first in the file: added back to front.
        for (index, item) in items.enumerated().reversed() where index >= firstDrawn {
            defer { if fillBehind?.index != index { fillBehind = nil } }
            switch item {
            case .repeater(let repeater):
                // Everything before the repeater in the group is what it copies; nothing is left to add after it.
                parent.addSublayer(repeaterLayer(repeater, copying: Array(items[..<index])))
                return
            case .group(let name, let children, let hidden):
                guard !hidden else { continue }
                let group = CALayer()
                group.name = name
                let transform = Self.transform(of: children)
                let after = items[(index + 1)...].filter(Self.isModifier)
                let inner = ShapeBuilder(builder: builder, time: time, path: path + [name ?? ""], inherited: after + inherited)
                builder.apply(transform, to: group, time: time, withOpacity: true, keypath: inner.path + ["Transform"])
                builder.registry.registerLayer(inner.path, group)
                if !builder.keepsEveryLayer, Self.isIdentity(transform) {
                    // (The group's space is its parent's: its items go straight into the parent, in the same order.)
                    builder.registry.markStandIn(group)
                    inner.addItems(children, to: parent)
                    continue
                }
                inner.addItems(children, to: group)
                parent.addSublayer(group)
            case .fill(let name, let color, let opacity, let evenOdd, let blendMode):
                let geometry = geometry(before: index)
                let shape = styledLayer(geometry: geometry, opacity: opacity)
                if let trim = geometry.last(where: Self.isTrim),
                   case .trim(let start, let end, let offset, let individually) = trim {
                    trimPath(of: shape, geometry: geometry, start: start, end: end, offset: offset, individually: individually)
                }
                shape.fillRule = evenOdd ? .evenOdd : .nonZero
                shape.compositingFilter = LayerModel.blendFilterName(blendMode)
                shape.fillColor = Self.color(color.value(atFrame: frame))
                builder.add(builder.timeline.animation("fillColor", color, time: time, convert: Self.color), to: shape)
                builder.registry.register(path + [name ?? "", "Color"], .fillColor, on: shape) { Self.lottieColor(color, atRootFrame: $0, time: time) }
                let drawsStroke = !builder.keepsEveryLayer && Self.isPlain(opacity: opacity, blendMode: blendMode) && !geometry.contains(where: Self.isTrim)
                builder.registry.register(path + [name ?? "", "Opacity"], .opacity, on: drawsStroke ? builder.registry.standIn() : shape) {
                    Self.number(opacity, atRootFrame: $0, time: time)
                }
                if drawsStroke { fillBehind = (index, shape) }
                parent.addSublayer(shape)
            case .stroke(let name, let color, let opacity, let width, let cap, let join, let miterLimit, let dashes, let blendMode):
                let geometry = geometry(before: index)
                // (The fill just behind, of the same paths — a stroke is not geometry — draws this stroke over itself.)
                let drawnByFill = fillBehind.flatMap { $0.index == index + 1 && Self.isPlain(opacity: opacity, blendMode: blendMode) ? $0.layer : nil }
                let shape = drawnByFill ?? styledLayer(geometry: geometry, opacity: opacity)
                if drawnByFill == nil { shape.fillColor = nil }
                shape.compositingFilter = LayerModel.blendFilterName(blendMode)
                shape.strokeColor = Self.color(color.value(atFrame: frame))
                shape.lineWidth = width.value(atFrame: frame)[0]
                Self.setLineStyle(of: shape, cap: cap, join: join)
                shape.miterLimit = miterLimit
                applyDashes(dashes, to: shape)
                builder.add(builder.timeline.animation("strokeColor", color, time: time, convert: Self.color), to: shape)
                builder.add(builder.timeline.animation("lineWidth", width, time: time) { $0[0] }, to: shape)
                if let trim = geometry.last(where: Self.isTrim),
                   case .trim(let start, let end, let offset, let individually) = trim {
                    // One run through every path is what `strokeStart` and `strokeEnd` cut; paths cut each alone
                    // are cut into the path itself.
                    if individually || (shape.path?.subpathPaths.count ?? 0) <= 1 {
                        applyTrim(start: start, end: end, offset: offset, to: shape)
                    } else {
                        trimPath(of: shape, geometry: geometry, start: start, end: end, offset: offset, individually: false)
                    }
                }
                builder.registry.register(path + [name ?? "", "Color"], .strokeColor, on: shape) { Self.lottieColor(color, atRootFrame: $0, time: time) }
                builder.registry.register(path + [name ?? "", "Opacity"], .opacity, on: drawnByFill == nil ? shape : builder.registry.standIn()) {
                    Self.number(opacity, atRootFrame: $0, time: time)
                }
                builder.registry.register(path + [name ?? "", "Stroke Width"], .strokeWidth, on: shape) { Self.number(width, atRootFrame: $0, time: time) }
                if drawnByFill == nil { parent.addSublayer(shape) }
            case .gradient(let gradient):
                let layer = gradientLayer(gradient, geometry: geometry(before: index))
                layer.compositingFilter = LayerModel.blendFilterName(gradient.blendMode)
                parent.addSublayer(layer)
            case .rectangle, .ellipse, .path, .polystar, .roundedCorners, .puckerBloat, .offsetPath, .zigZag, .transform, .trim, .merge, .unsupported:
                continue
            }
        }
    }

    /// The layer's frame at the composition's first frame.
    var frame: Double { time.frame(atRootFrame: builder.model.inPoint) }

    /// A shape layer drawing `geometry`'s paths at `opacity` (percent), animated when they are.
    func styledLayer(geometry: ArraySlice<ShapeItem>, opacity: AnimatedValue<Numbers>) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.anchorPoint = .zero
        shape.position = .zero
        // (Zero bounds: the path draws where it is, and the layer's picture covers the path alone, not the
        // whole composition — most of a frame's layers are small.)
        shape.bounds = .zero
        shape.opacity = Float(opacity.value(atFrame: frame)[0] / 100)
        builder.add(builder.timeline.animation("opacity", opacity, time: time) { $0[0] / 100 }, to: shape)
        shape.path = path(of: geometry, atFrame: frame)
        if geometry.contains(where: Self.isAnimated) {
            // Geometry that moves is sampled once a frame (its shape at each frame, eased per property).
            builder.add(builder.timeline.sampled("path", sampledPaths(of: geometry)), to: shape)
        }
        return shape
    }

    /// The geometry's path at each of the timeline's sample frames. Before its first keyframe and after its last
    /// the geometry holds still, so those samples repeat one path instead of building it again (a long
    /// composition has thousands of samples and few keyframes).
    func sampledPaths(of geometry: ArraySlice<ShapeItem>) -> [CGPath] {
        let times = geometry.flatMap(Self.keyframeTimes)
        let first = times.min() ?? 0, last = times.max() ?? 0
        var held: [Double: CGPath] = [:]
        return builder.timeline.sampleFrames.map { root in
            let f = time.frame(atRootFrame: root)
            guard f.isFinite, f <= first || f >= last else { return path(of: geometry, atFrame: f) }
            let still = f <= first ? first : last
            if let path = held[still] { return path }
            let path = path(of: geometry, atFrame: still)
            held[still] = path
            return path
        }
    }

    /// The times of a geometry item's first and last keyframes, over all its animated properties.
    static func keyframeTimes(_ item: ShapeItem) -> [Double] {
        func ends<V>(_ value: AnimatedValue<V>) -> [Double] {
            guard let list = value.keyframeList, let a = list.first, let b = list.last else { return [] }
            return [a.time, b.time]
        }
        switch item {
        case .rectangle(let p, let s, let r, _): return ends(p) + ends(s) + ends(r)
        case .ellipse(let p, let s, _): return ends(p) + ends(s)
        case .path(let shape): return ends(shape)
        case .polystar(let star):
            return [star.position, star.points, star.rotation, star.outerRadius, star.outerRoundness, star.innerRadius,
                    star.innerRoundness].flatMap(ends)
        case .roundedCorners(let radius): return ends(radius)
        case .puckerBloat(let amount): return ends(amount)
        case .offsetPath(let amount, _, let miterLimit): return ends(amount) + ends(miterLimit)
        case .zigZag(let amplitude, let ridges, let smooth): return ends(amplitude) + ends(ridges) + ends(smooth)
        case .group(_, let children, _):
            let t = transform(of: children)
            return children.flatMap(keyframeTimes) + [t.anchor, t.position, t.scale, t.rotation, t.skew, t.skewAxis].flatMap(ends)
                + [t.positionX, t.positionY].compactMap { $0 }.flatMap(ends)
        default: return []
        }
    }

    /// A trim as the stroke's `strokeStart` and `strokeEnd`: the smaller of start and end first (After Effects
    /// swaps them), both moved by the offset (a turn is the whole path) and kept within the path. Animated trims
    /// are sampled once a frame (the swap and the offset mix three properties).
    private func applyTrim(start: AnimatedValue<Numbers>, end: AnimatedValue<Numbers>, offset: AnimatedValue<Numbers>,
                           to shape: CAShapeLayer) {
        func window(atFrame f: Double) -> (CGFloat, CGFloat) {
            let s = start.value(atFrame: f)[0] / 100, e = end.value(atFrame: f)[0] / 100, o = offset.value(atFrame: f)[0] / 360
            let lower = min(s, e) + o, upper = max(s, e) + o
            func unit(_ v: Double) -> CGFloat { CGFloat(v.isFinite ? min(max(v, 0), 1) : 0) }
            return (unit(lower), unit(upper))
        }
        (shape.strokeStart, shape.strokeEnd) = window(atFrame: frame)
        guard start.isAnimated || end.isAnimated || offset.isAnimated else { return }
        let timeline = builder.timeline
        let windows = timeline.sampleFrames.map { window(atFrame: time.frame(atRootFrame: $0)) }
        builder.add(timeline.sampled("strokeStart", windows.map(\.0)), to: shape)
        builder.add(timeline.sampled("strokeEnd", windows.map(\.1)), to: shape)
    }

    /// The part of the geometry's paths a trim keeps, as the shape's path: each path cut alone, or (with
    /// `individually`) all of them as one run. A trimmed fill fills it (closed by a straight line, as After
    /// Effects fills an open path); a stroke whose paths are each cut alone strokes it. The window wraps round
    /// a path's end, as it does there. A moving trim or moving geometry is sampled once a frame.
    private func trimPath(of shape: CAShapeLayer, geometry: ArraySlice<ShapeItem>, start: AnimatedValue<Numbers>,
                          end: AnimatedValue<Numbers>, offset: AnimatedValue<Numbers>, individually: Bool) {
        // Measuring a path to trim it is the costly part, and samples past the last keyframe (thousands, in a long
        // composition) repeat the one before: the last inputs and their result are kept.
        var last: (whole: CGPath, window: [Double], result: CGPath)?
        func trimmed(atFrame f: Double, whole: CGPath? = nil) -> CGPath {
            let whole = whole ?? path(of: geometry, atFrame: f)
            let window = [start.value(atFrame: f)[0], end.value(atFrame: f)[0], offset.value(atFrame: f)[0]]
            if let last, last.window == window, last.whole == whole { return last.result }
            let result = trimmed(whole, start: window[0] / 100, end: window[1] / 100, offset: window[2] / 360)
            last = (whole, window, result)
            return result
        }
        func trimmed(_ whole: CGPath, start s: Double, end e: Double, offset o: Double) -> CGPath {
            guard s.isFinite, e.isFinite, o.isFinite else { return whole }
            if !individually {
                let each = whole.subpathPaths
                if each.count > 1 {
                    let all = CGMutablePath()
                    for path in each { all.addPath(trimmedRun(path, start: s, end: e, offset: o)) }
                    return all
                }
            }
            return trimmedRun(whole, start: s, end: e, offset: o)
        }
        func trimmedRun(_ whole: CGPath, start s: Double, end e: Double, offset o: Double) -> CGPath {
            let span = min(abs(e - s), 1)
            if span >= 1 { return whole }
            if span <= 0 { return CGMutablePath() }
            let lower = min(s, e) + o
            let from = lower - lower.rounded(.down), to = from + span
            guard to > 1 else { return whole.trimmed(from: from, to: to) }
            let both = CGMutablePath()
            both.addPath(whole.trimmed(from: from, to: 1))
            both.addPath(whole.trimmed(from: 0, to: to - 1))
            return both
        }
        shape.path = trimmed(atFrame: frame)
        guard start.isAnimated || end.isAnimated || offset.isAnimated || geometry.contains(where: Self.isAnimated) else { return }
        shape.removeAnimation(forKey: "lottie.path")
        let timeline = builder.timeline
        let paths = sampledPaths(of: geometry)
        builder.add(timeline.sampled("path", zip(timeline.sampleFrames, paths).map { trimmed(atFrame: time.frame(atRootFrame: $0), whole: $1) }), to: shape)
    }

    static func isAnimated(_ item: ShapeItem) -> Bool {
        switch item {
        case .rectangle(let p, let s, let r, _): return p.isAnimated || s.isAnimated || r.isAnimated
        case .ellipse(let p, let s, _): return p.isAnimated || s.isAnimated
        case .path(let shape): return shape.isAnimated
        case .polystar(let star): return star.isAnimated
        case .roundedCorners(let radius): return radius.isAnimated
        case .puckerBloat(let amount): return amount.isAnimated
        case .offsetPath(let amount, _, let miterLimit): return amount.isAnimated || miterLimit.isAnimated
        case .zigZag(let amplitude, let ridges, let smooth): return amplitude.isAnimated || ridges.isAnimated || smooth.isAnimated
        case .group(_, let children, let hidden):
            // (Only its geometry matters to a style outside it: a moving group with no paths changes nothing.)
            let geometry = children.filter(isGeometry)
            return !hidden && !geometry.isEmpty && (geometry.contains(where: isAnimated) || transform(of: children).isAnimated)
        default: return false
        }
    }

    /// Whether an item changes the paths before it.
    static func isModifier(_ item: ShapeItem) -> Bool {
        switch item {
        case .trim, .roundedCorners, .puckerBloat, .offsetPath, .zigZag: return true
        default: return false
        }
    }

    /// Whether an item adds paths (a shape, or a group that holds any).
    static func isGeometry(_ item: ShapeItem) -> Bool {
        switch item {
        case .rectangle, .ellipse, .path, .polystar: return true
        case .group(_, let children, let hidden): return !hidden && children.contains(where: isGeometry)
        default: return false
        }
    }

    /// The geometry items' paths at `frame`, as one path; the modifiers after each item (rounded corners, pucker
    /// and bloat, offset, zig-zag) change it in order.
    private func path(of geometry: ArraySlice<ShapeItem>, atFrame frame: Double) -> CGPath {
        let path = CGMutablePath()
        for shape in shapes(of: geometry, atFrame: frame) { path.addPath(shape.path()) }
        return path
    }

    /// The same as shapes, one for each path.
    private func shapes(of geometry: ArraySlice<ShapeItem>, atFrame frame: Double) -> [BezierShape] {
        // A Merge Paths combines the paths before it into one; the modifiers after it change what it made.
        if let m = geometry.lastIndex(where: Self.isMerge), case .merge(let mode) = geometry[m] {
            let after = geometry[(m + 1)...]
            let merged = Self.merged(shapes(of: geometry[..<m], atFrame: frame), mode: mode)
            return merged.map { Self.modified($0, by: after, atFrame: frame) } + shapes(of: after, atFrame: frame)
        }
        var shapes: [BezierShape] = []
        for (k, item) in zip(geometry.indices, geometry) {
            let modifiers = geometry[(k + 1)...]
            func modified(_ shape: BezierShape) -> BezierShape { Self.modified(shape, by: modifiers, atFrame: frame) }
            /// Whether a modifier moves a rectangle's or an ellipse's own vertices (pucker and bloat, offset, zig-zag).
            func movesVertices(_ modifiers: ArraySlice<ShapeItem>) -> Bool {
                modifiers.contains {
                    switch $0 {
                    case .puckerBloat, .offsetPath, .zigZag: return true
                    default: return false
                    }
                }
            }
            switch item {
            case .rectangle(let p, let s, let r, let counterclockwise):
                let c = p.value(atFrame: frame), size = s.value(atFrame: frame)
                let rect = CGRect(x: c[0] - size[0] / 2, y: c[1] - size[1] / 2, width: size[0], height: size[1]).standardized
                // (Rounded corners round a rectangle as its own roundness does: the larger wins.)
                var radius = r.value(atFrame: frame)[0]
                for case .roundedCorners(let extra) in modifiers { radius = max(radius, extra.value(atFrame: frame)[0]) }
                radius = min(max(radius.isFinite ? radius : 0, 0), min(rect.width, rect.height) / 2)
                // After Effects' vertices, from the top right: where trims and dashes start. (Pucker and bloat move
                // them; rounded corners are in the radius already.)
                var rectangle = BezierShape.rectangle(rect, radius: radius)
                if counterclockwise { rectangle = rectangle.reversed() }
                shapes.append(movesVertices(modifiers) ? modified(rectangle) : rectangle)
            case .ellipse(let p, let s, let counterclockwise):
                let c = p.value(atFrame: frame), size = s.value(atFrame: frame)
                let center = CGPoint(x: c[0], y: c[1]), radii = CGSize(width: abs(size[0]) / 2, height: abs(size[1]) / 2)
                let ellipse = BezierShape.ellipse(center: center, radii: radii, counterclockwise: counterclockwise)
                shapes.append(movesVertices(modifiers) ? modified(ellipse) : ellipse)
            case .path(let shape):
                shapes.append(modified(shape.value(atFrame: frame)))
            case .polystar(let star):
                shapes.append(modified(star.shape(atFrame: frame)))
            case .group(_, let children, let hidden):
                // A style after a group draws the group's paths too, moved by the group's transform (the
                // group's own styles draw them as well), and changed by the modifiers after the group.
                guard !hidden else { continue }
                let matrix = Self.transform(of: children).matrix(atFrame: frame)
                shapes += self.shapes(of: children[...], atFrame: frame).map { modified($0.applying(matrix)) }
            default:
                continue
            }
        }
        return shapes
    }

    /// `shape` changed by the modifiers among `items` that move paths (rounded corners, pucker and bloat, offset,
    /// zig-zag), in order; trims are the styles' to apply.
    static func modified(_ shape: BezierShape, by items: ArraySlice<ShapeItem>, atFrame frame: Double) -> BezierShape {
        items.reduce(shape) { shape, modifier in
            switch modifier {
            case .roundedCorners(let r): return shape.roundingCorners(radius: r.value(atFrame: frame)[0])
            case .puckerBloat(let a): return shape.puckeredOrBloated(by: a.value(atFrame: frame)[0] / 100)
            case .offsetPath(let a, let join, let limit):
                return shape.offset(by: a.value(atFrame: frame)[0], join: join, miterLimit: limit.value(atFrame: frame)[0])
            case .zigZag(let amplitude, let ridges, let smooth):
                return shape.zigZagged(amplitude: amplitude.value(atFrame: frame)[0], ridges: ridges.value(atFrame: frame)[0],
                                       smooth: smooth.value(atFrame: frame)[0].rounded() == 2)
            default: return shape
            }
        }
    }

    /// Whether a style is drawn fully opaque at every frame, with normal blending (what a fill and the stroke in
    /// front of it need to share a layer).
    static func isPlain(opacity: AnimatedValue<Numbers>, blendMode: Int) -> Bool {
        holds(opacity, at: [100]) && LayerModel.blendFilterName(blendMode) == nil
    }

    /// Whether `value` has no keyframes and is `expected`.
    static func holds(_ value: AnimatedValue<Numbers>, at expected: [Double]) -> Bool {
        !value.isAnimated && value.value(atFrame: 0).values == expected
    }

    static func isTrim(_ item: ShapeItem) -> Bool { if case .trim = item { return true }; return false }

    /// Whether `transform` leaves its group's space its parent's at every frame: no keyframes, and the anchor,
    /// position, scale, rotation, opacity and skew a group without a transform has.
    static func isIdentity(_ transform: TransformModel) -> Bool {
        transform.positionX == nil && transform.positionY == nil && holds(transform.anchor, at: [0, 0])
            && holds(transform.position, at: [0, 0]) && holds(transform.scale, at: [100, 100]) && holds(transform.rotation, at: [0])
            && holds(transform.opacity, at: [100]) && holds(transform.skew, at: [0])
    }

    /// A group's transform: its last transform item, or none.
    static func transform(of items: [ShapeItem]) -> TransformModel {
        var transform = TransformModel()
        for case .transform(let t) in items { transform = t }
        return transform
    }

    /// A stroke's dashes: the dash and gap lengths, in order, are the `lineDashPattern` (sampled once a frame when
    /// any of them moves) and the offset is the `lineDashPhase`. Negative lengths count as zero; a pattern of
    /// zeros draws the stroke solid, as Core Graphics does.
    func applyDashes(_ dashes: [StrokeDash], to shape: CAShapeLayer) {
        let lengths = dashes.filter { $0.kind != .offset }
        if !lengths.isEmpty {
            let pattern = { (frame: Double) -> [NSNumber] in
                lengths.map { NSNumber(value: Swift.max($0.value.value(atFrame: frame)[0], 0)) }
            }
            shape.lineDashPattern = pattern(frame)
            if lengths.contains(where: \.value.isAnimated) {
                let timeline = builder.timeline
                builder.add(timeline.sampled("lineDashPattern", timeline.sampleFrames.map { pattern(time.frame(atRootFrame: $0)) }), to: shape)
            }
        }
        if let offset = dashes.first(where: { $0.kind == .offset }) {
            shape.lineDashPhase = offset.value.value(atFrame: frame)[0]
            builder.add(builder.timeline.animation("lineDashPhase", offset.value, time: time) { $0[0] }, to: shape)
        }
    }

    /// Lottie's cap (1 butt, 2 round, 3 square) and join (1 miter, 2 round, 3 bevel) codes; round otherwise.
    static func setLineStyle(of shape: CAShapeLayer, cap: Int, join: Int) {
        shape.lineCap = [1: .butt, 3: .square][cap] ?? .round
        shape.lineJoin = [1: .miter, 3: .bevel][join] ?? .round
    }

    /// A colour property's value at a root frame, as lottie-ios's `LottieColor`.
    static func lottieColor(_ value: AnimatedValue<Numbers>, atRootFrame root: Double, time: TimeMap) -> LottieColor {
        let c = value.value(atFrame: time.frame(atRootFrame: root))
        return LottieColor(r: c[0], g: c[1], b: c[2], a: c.values.count > 3 ? c[3] : 1)
    }

    /// A one-number property's value at a root frame, as lottie-ios's `LottieVector1D`.
    static func number(_ value: AnimatedValue<Numbers>, atRootFrame root: Double, time: TimeMap) -> LottieVector1D {
        LottieVector1D(value.value(atFrame: time.frame(atRootFrame: root))[0])
    }

    /// A colour from Lottie's 0…1 components (alpha 1 when absent).
    static func color(_ c: Numbers) -> CGColor {
        func unit(_ v: Double) -> CGFloat { CGFloat(v.isFinite ? min(max(v, 0), 1) : 0) }
        return CGColor(red: unit(c[0]), green: unit(c[1]), blue: unit(c[2]), alpha: c.values.count > 3 ? unit(c[3]) : 1)
    }
}

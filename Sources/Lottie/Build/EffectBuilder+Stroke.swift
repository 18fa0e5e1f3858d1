import Foundation
import QuartzCore

extension EffectBuilder {
    /// After Effects' Stroke effect (`ty` 22): the layer's mask paths stroked with a round brush — one mask
    /// (control 0, counted from 1) or all of them (control 1 set) — in a colour (3), the brush's size (4) as half
    /// the line's width and an opacity (6, 0…1), from start to end percent of each path (7, 8; the smaller
    /// first), as dabs spaced by a percentage of the brush (9) when that is above zero. The paint style (10) lays
    /// the strokes over the masked layer (1), shows them alone (2), or shows the layer only through them (3).
    /// The strokes are not cut by the masks (After Effects applies effects after masks); the brush's hardness
    /// (5) is not drawn (lottie-web and ThorVG draw none either). Moving controls and mask paths are sampled once
    /// a frame; the paint style is read at the first frame.
    func applyStroke(_ effect: EffectModel, masks: [MaskModel], to node: CALayer) {
        guard !masks.isEmpty else { return }
        let first = time.frame(atRootFrame: builder.model.inPoint)
        func value(_ index: Int, atFrame f: Double = .nan) -> Double {
            let v = effect.control(index).value(atFrame: f.isNaN ? first : f)[0]
            return v.isFinite ? v : 0
        }
        let chosen: [MaskModel]
        if value(1) == 1 {
            chosen = masks
        } else {
            let index = Int(exactly: value(0).rounded()).map { $0 - 1 } ?? -1
            guard masks.indices.contains(index) else { return }
            chosen = [masks[index]]
        }
        let style = Int(exactly: value(10).rounded()) ?? 1
        let timeline = builder.timeline
        let frames = timeline.sampleFrames.map { time.frame(atRootFrame: $0) }
        func moves(_ controls: [Int]) -> Bool { controls.contains { effect.control($0).isAnimated } }

        let strokes = LayerTreeBuilder.spaceLayer()
        for mask in chosen {
            let stroke = CAShapeLayer()
            stroke.anchorPoint = .zero
            stroke.position = .zero
            stroke.fillColor = nil
            stroke.lineCap = .round
            stroke.lineJoin = .round
            stroke.path = mask.path.value(atFrame: first).path()
            if mask.path.isAnimated {
                builder.add(timeline.sampled("path", frames.map { mask.path.value(atFrame: $0).path() as CGPath }), to: stroke)
            }
            func color(atFrame f: Double) -> CGColor {
                // (Revealing the layer, the strokes are a mask: only their coverage counts.)
                style == 3 ? CGColor(gray: 1, alpha: 1) : ShapeBuilder.color(effect.control(3).value(atFrame: f))
            }
            func width(atFrame f: Double) -> CGFloat { CGFloat(min(max(value(4, atFrame: f), 0), 10_000) * 2) }
            func window(atFrame f: Double) -> (CGFloat, CGFloat) {
                let a = min(max(value(7, atFrame: f) / 100, 0), 1), b = min(max(value(8, atFrame: f) / 100, 0), 1)
                return (CGFloat(min(a, b)), CGFloat(max(a, b)))
            }
            func dashes(atFrame f: Double) -> [NSNumber]? {
                let gap = width(atFrame: f) * CGFloat(min(max(value(9, atFrame: f), 0), 10_000)) / 100
                return gap > 0 ? [1, NSNumber(value: Double(gap))] : nil
            }
            stroke.strokeColor = color(atFrame: first)
            stroke.lineWidth = width(atFrame: first)
            (stroke.strokeStart, stroke.strokeEnd) = window(atFrame: first)
            stroke.lineDashPattern = dashes(atFrame: first)
            if moves([3]), style != 3 { builder.add(timeline.sampled("strokeColor", frames.map(color(atFrame:))), to: stroke) }
            if moves([4]) { builder.add(timeline.sampled("lineWidth", frames.map(width(atFrame:))), to: stroke) }
            if moves([7, 8]) {
                let windows = frames.map(window(atFrame:))
                builder.add(timeline.sampled("strokeStart", windows.map(\.0)), to: stroke)
                builder.add(timeline.sampled("strokeEnd", windows.map(\.1)), to: stroke)
            }
            if moves([4, 9]) { builder.add(timeline.sampled("lineDashPattern", frames.map { dashes(atFrame: $0) ?? [] }), to: stroke) }
            strokes.addSublayer(stroke)
        }
        func opacity(atFrame f: Double) -> Float { Float(min(max(value(6, atFrame: f), 0), 1)) }
        strokes.opacity = opacity(atFrame: first)
        if moves([6]) { builder.add(timeline.sampled("opacity", frames.map(opacity(atFrame:))), to: strokes) }

        // The layer as masked so far, in a layer of its own, so the strokes lie over it uncut.
        let original = LayerTreeBuilder.spaceLayer()
        for sublayer in node.sublayers ?? [] { original.addSublayer(sublayer) }
        original.mask = node.mask
        original.maskReading = node.maskReading
        node.mask = nil
        switch style {
        case 2:
            node.addSublayer(strokes)
        case 3:
            let revealed = LayerTreeBuilder.spaceLayer()
            revealed.addSublayer(original)
            revealed.mask = strokes
            node.addSublayer(revealed)
        default:
            node.addSublayer(original)
            node.addSublayer(strokes)
        }
    }
}

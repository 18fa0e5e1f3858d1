import Foundation
import QuartzCore

/// A layer's masks as one mask layer, built from Core Animation's own pieces: a mask's path is a white
/// `CAShapeLayer` at the mask's opacity (an inverted mask fills the layer's box with the path cut out, even-odd);
/// adding a mask lays it over the coverage so far (a union), intersecting wraps the coverage so far in a layer
/// the mask masks, and subtracting does the same reading the mask inverted (coverage × (1 − mask), which keeps a
/// subtracted mask's opacity right). A first mask that subtracts or intersects starts from the whole box, as in
/// After Effects.
///
/// A list with lighten, darken or difference masks is combined in grey instead (``lumaMask``). Expansion
/// offsets the path (BezierShape+Offset.swift) with round joins.
struct MaskBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap

    /// The layer's frame at the composition's first frame.
    private var frame: Double { time.frame(atRootFrame: builder.model.inPoint) }

    /// The mask of a layer whose own box is `layerBox` and how the layer reads it; nil when every mask's mode
    /// is none.
    func mask(_ masks: [MaskModel], layerBox: CGRect) -> (layer: CALayer, reading: MaskReading)? {
        if masks.contains(where: { [.lighten, .darken, .difference].contains($0.mode) }) {
            return lumaMask(masks, layerBox: layerBox).map { ($0, .luminance) }
        }
        return alphaMask(masks, layerBox: layerBox).map { ($0, .alpha) }
    }

    /// Masks combined as coverage in grey, read by luminance: each mask's shape white at its opacity (a mask that
    /// subtracts, black), laid over the coverage so far — or, for intersect, lighten, darken and difference, drawn
    /// with the box black around it and blended with the coverage so far by multiply, lighten, darken or
    /// difference: c·m, max(c, m), min(c, m), |c − m|, with m zero outside the shape. Lighten, darken and
    /// difference need it: alpha has no blend modes, grey has all of them. A first mask that subtracts,
    /// intersects or darkens starts from the whole box, as in After Effects.
    private func lumaMask(_ masks: [MaskModel], layerBox: CGRect) -> CALayer? {
        let used = masks.filter { $0.mode != .none }
        guard let first = used.first else { return nil }
        let coverage = LayerTreeBuilder.spaceLayer()
        let startsFull = [.subtract, .intersect, .darken].contains(first.mode)
        coverage.addSublayer(wholeBox(layerBox, gray: startsFull ? 1 : 0))
        for mask in used {
            let shape = shapeLayer(for: mask, layerBox: layerBox)
            switch mask.mode {
            case .add, .none:
                coverage.addSublayer(shape)
            case .subtract:
                (shape as? CAShapeLayer)?.fillColor = CGColor(gray: 0, alpha: 1)
                coverage.addSublayer(shape)
            case .intersect, .lighten, .darken, .difference:
                let blended = LayerTreeBuilder.spaceLayer()
                blended.addSublayer(wholeBox(layerBox, gray: 0))
                blended.addSublayer(shape)
                blended.compositingFilter = [.intersect: "multiplyBlendMode", .lighten: "lightenBlendMode",
                                             .darken: "darkenBlendMode", .difference: "differenceBlendMode"][mask.mode]
                coverage.addSublayer(blended)
            }
        }
        return coverage
    }

    /// Masks combined as alpha coverage, Core Animation's own way (for add, subtract and intersect).
    private func alphaMask(_ masks: [MaskModel], layerBox: CGRect) -> CALayer? {
        var coverage: CALayer?
        for mask in masks where mask.mode != .none {
            switch mask.mode {
            case .add, .none, .lighten, .difference:
                let union = coverage.flatMap { $0.mask == nil && $0.maskReading == .alpha && $0.name == Self.unionName ? $0 : nil }
                    ?? unionLayer(containing: coverage)
                union.addSublayer(shapeLayer(for: mask, layerBox: layerBox))
                coverage = union
            case .intersect, .subtract, .darken:
                let holder = LayerTreeBuilder.spaceLayer()
                holder.addSublayer(coverage ?? wholeBox(layerBox))
                holder.mask = shapeLayer(for: mask, layerBox: layerBox)
                holder.maskReading = mask.mode == .subtract ? .invertedAlpha : .alpha
                coverage = holder
            }
        }
        return coverage
    }

    private static let unionName = "lottie.mask.union"

    /// A layer the next added masks are laid into, over `coverage` (when there is some).
    private func unionLayer(containing coverage: CALayer?) -> CALayer {
        let union = LayerTreeBuilder.spaceLayer()
        union.name = Self.unionName
        if let coverage { union.addSublayer(coverage) }
        return union
    }

    /// The layer's box filled opaque `gray` (white: full coverage).
    private func wholeBox(_ box: CGRect, gray: CGFloat = 1) -> CALayer {
        let whole = CAShapeLayer()
        whole.anchorPoint = .zero
        whole.position = .zero
        whole.path = CGPath(rect: box, transform: nil)
        whole.fillColor = CGColor(gray: gray, alpha: 1)
        return whole
    }

    /// One mask's coverage: its path, grown or shrunk by its expansion (an offset with round joins, as After
    /// Effects expands masks), filled white at its opacity (inverted within the box when it says so), sampled
    /// once a frame when the path or the expansion moves.
    private func shapeLayer(for mask: MaskModel, layerBox: CGRect) -> CALayer {
        func path(atFrame f: Double) -> CGPath {
            var shape = mask.path.value(atFrame: f)
            let expansion = mask.expansion.value(atFrame: f)[0]
            if expansion.isFinite, expansion != 0 { shape = shape.offset(by: expansion, join: .round, miterLimit: 4) }
            let outline = shape.path()
            guard mask.inverted else { return outline }
            let cut = CGMutablePath()
            cut.addRect(layerBox)
            cut.addPath(outline)
            return cut
        }
        let shape = CAShapeLayer()
        shape.anchorPoint = .zero
        shape.position = .zero
        shape.fillRule = mask.inverted ? .evenOdd : .nonZero
        shape.fillColor = CGColor(gray: 1, alpha: 1)
        shape.path = path(atFrame: frame)
        let timeline = builder.timeline
        if mask.path.isAnimated || mask.expansion.isAnimated {
            builder.add(timeline.sampled("path", timeline.sampleFrames.map { path(atFrame: time.frame(atRootFrame: $0)) }), to: shape)
        }
        return faded(shape, by: mask.opacity)
    }

    /// `layer` at the mask's opacity (percent), animated when it is.
    private func faded(_ layer: CALayer, by opacity: AnimatedValue<Numbers>) -> CALayer {
        layer.opacity = Float(min(max(opacity.value(atFrame: frame)[0] / 100, 0), 1))
        builder.add(builder.timeline.animation("opacity", opacity, time: time) { min(max($0[0] / 100, 0), 1) }, to: layer)
        return layer
    }
}

import Foundation
import QuartzCore
import CoreImage

/// Layer effects as Core Animation draws them: a drop shadow is the layer's shadow (colour, opacity of 255,
/// direction clockwise from twelve o'clock, distance, softness as four times the blur's standard deviation, as
/// lottie-web reads them), and a Gaussian blur is a `CIGaussianBlur` in the layer's `filters` (blurriness × 0.3
/// as the standard deviation, lottie-web's factor). Fill, tint, tritone and levels recolour the layer's flattened
/// picture through the compositor's ``PictureRecolor`` capability (Core Animation has no filter for them).
/// A drop shadow's and a blur's values are sampled once a frame when they move (shadow properties and a named
/// filter's `filters.<name>.inputRadius` are animatable); so are the recolouring effects', switching discretely
/// frame by frame. A stroke strokes the layer's masks (EffectBuilder+Stroke.swift); Set Matte is the layer
/// tree builder's, as track mattes are. Other effects are skipped.
struct EffectBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap

    /// Applies `effects` to `node`, the layer drawn with `masks` (which a stroke effect strokes).
    func apply(_ effects: [EffectModel], masks: [MaskModel] = [], to node: CALayer) {
        let first = time.frame(atRootFrame: builder.model.inPoint)
        let timeline = builder.timeline
        let frames = timeline.sampleFrames.map { time.frame(atRootFrame: $0) }
        func finite(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
        func rgb(_ c: Numbers) -> PictureRecolor.RGB { PictureRecolor.RGB(finite(c[0], 1), finite(c[1], 1), finite(c[2], 1)) }
        var recolorings: [EffectModel] = []
        for (k, effect) in effects.enumerated() where effect.enabled {
            func value(_ index: Int, atFrame frame: Double) -> Numbers { effect.control(index).value(atFrame: frame) }
            func value(_ index: Int) -> Numbers { value(index, atFrame: first) }
            func moves(_ controls: Range<Int>) -> Bool { controls.contains { effect.control($0).isAnimated } }
            switch effect.type {
            case 25:
                func shadow(atFrame f: Double) -> (color: CGColor, opacity: Float, offset: CGSize, radius: CGFloat) {
                    let color = value(0, atFrame: f), opacity = finite(value(1, atFrame: f)[0], 255) / 255
                    let direction = finite(value(2, atFrame: f)[0], 1e6) * .pi / 180
                    let distance = finite(value(3, atFrame: f)[0], 10_000), softness = max(finite(value(4, atFrame: f)[0], 10_000), 0)
                    return (ShapeBuilder.color(Numbers([color[0], color[1], color[2], 1])), Float(min(max(opacity, 0), 1)),
                            CGSize(width: distance * sin(direction), height: -distance * cos(direction)), softness / 4)
                }
                let now = shadow(atFrame: first)
                (node.shadowColor, node.shadowOpacity, node.shadowOffset, node.shadowRadius) = (now.color, now.opacity, now.offset, now.radius)
                if moves(0..<5) {
                    let all = frames.map(shadow(atFrame:))
                    builder.add(timeline.sampled("shadowColor", all.map(\.color)), to: node)
                    builder.add(timeline.sampled("shadowOpacity", all.map(\.opacity)), to: node)
                    builder.add(timeline.sampled("shadowOffset", all.map(\.offset)), to: node)
                    builder.add(timeline.sampled("shadowRadius", all.map(\.radius)), to: node)
                }
            case 29:
                func sigma(atFrame f: Double) -> Double { max(finite(value(0, atFrame: f)[0], 10_000), 0) * 0.3 }
                let animated = moves(0..<1)
                guard sigma(atFrame: first) > 0 || animated, let blur = CIFilter(name: "CIGaussianBlur") else { continue }
                blur.setValue(sigma(atFrame: first), forKey: kCIInputRadiusKey)
                // (Named, so an animation can address its radius.)
                blur.name = "lottieBlur\(k)"
                node.filters = (node.filters ?? []) + [blur]
                if animated {
                    builder.add(timeline.sampled("filters.lottieBlur\(k).\(kCIInputRadiusKey)", frames.map(sigma(atFrame:))), to: node)
                }
            case 21, 20, 23, 24:
                recolorings.append(effect)
            case 22:
                applyStroke(effect, masks: masks, to: node)
            default:
                continue
            }
        }
        applyRecolorings(recolorings, to: node, first: first, frames: frames, rgb: rgb, finite: finite)
    }

    /// Fill, tint and tritone effects, one after another in the list's order, as one recolouring of the layer's
    /// picture; sampled once a frame into a discrete animation when any of their controls moves.
    private func applyRecolorings(_ effects: [EffectModel], to node: CALayer, first: Double, frames: [Double],
                                  rgb: (Numbers) -> PictureRecolor.RGB, finite: (Double, Double) -> Double) {
        guard !effects.isEmpty else { return }
        func chain(atFrame f: Double) -> PictureRecolor {
            let all = effects.map { effect in
                Self.recolor(effect.type, value: { effect.control($0).value(atFrame: f) }, rgb: rgb, finite: finite)
            }
            return all.dropFirst().reduce(all[0]) { $0.followed(by: $1) }
        }
        node.pictureRecolor = chain(atFrame: first)
        if effects.contains(where: { effect in effect.controls.contains { $0.isAnimated } }) {
            let animation = builder.timeline.sampled(CALayer.pictureRecolorKey, frames.map(chain(atFrame:)))
            animation.calculationMode = .discrete
            builder.add(animation, to: node)
        }
    }

    /// The recolouring of a fill (21), tint (20), tritone (23) or levels (24) effect with `value` its controls'
    /// values.
    private static func recolor(_ type: Int, value: (Int) -> Numbers, rgb: (Numbers) -> PictureRecolor.RGB,
                                finite: (Double, Double) -> Double) -> PictureRecolor {
        switch type {
        case 24:
            // Levels (individual controls): five controls a curve — input black and white, gamma, output black
            // and white, 0…1 — for red, green and blue together (from control 3), then red (10), green (17), blue
            // (24) and alpha (31); each channel's own curve first, then the shared one, as lottie-web lays them.
            func curve(_ first: Int) -> PictureRecolor.LevelsCurve {
                PictureRecolor.LevelsCurve(inputBlack: value(first)[0], inputWhite: value(first + 1)[0], gamma: value(first + 2)[0],
                                           outputBlack: value(first + 3)[0], outputWhite: value(first + 4)[0])
            }
            return PictureRecolor(.levels(PictureRecolor.Levels(red: curve(10), green: curve(17), blue: curve(24), alpha: curve(31),
                                                                colors: curve(3))), amount: 1)
        case 21:
            // Fill: colour (control 2) over the layer's pixels at its opacity (control 6, 0…1) — After
            // Effects mixes the fill with the layer's colours (lottie-web multiplies the alpha by it instead).
            return PictureRecolor(.fill(rgb(value(2))), amount: finite(value(6)[0], 1))
        case 20:
            // Tint: black maps to control 0, white to control 1, by the amount to tint (control 2, percent).
            return PictureRecolor(.brightnessRamp([rgb(value(0)), rgb(value(1))]), amount: finite(value(2)[0], 100) / 100)
        default:
            // Tritone: highlights (control 0), midtones (1) and shadows (2), blended with the original by
            // control 3 (percent).
            return PictureRecolor(.brightnessRamp([rgb(value(2)), rgb(value(1)), rgb(value(0))]),
                                  amount: 1 - finite(value(3)[0], 100) / 100)
        }
    }
}

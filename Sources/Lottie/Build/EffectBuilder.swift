import Foundation
import QuartzCore
import CoreImage

/// Layer effects as Core Animation draws them: a drop shadow is the layer's shadow (colour, opacity of 255,
/// direction clockwise from twelve o'clock, distance, softness as four times the blur's standard deviation, as
/// lottie-web reads them), and a Gaussian blur is a `CIGaussianBlur` in the layer's `filters` (blurriness × 0.3
/// as the standard deviation, lottie-web's factor). Values are read at the layer's first frame; other effects
/// are skipped.
struct EffectBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap

    func apply(_ effects: [EffectModel], to node: CALayer) {
        let frame = time.frame(atRootFrame: builder.model.inPoint)
        func value(_ effect: EffectModel, _ index: Int) -> Numbers { effect.control(index).value(atFrame: frame) }
        func finite(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
        for effect in effects where effect.enabled {
            switch effect.type {
            case 25:
                let color = value(effect, 0), opacity = finite(value(effect, 1)[0], 255) / 255
                let direction = finite(value(effect, 2)[0], 1e6) * .pi / 180
                let distance = finite(value(effect, 3)[0], 10_000), softness = max(finite(value(effect, 4)[0], 10_000), 0)
                node.shadowColor = ShapeBuilder.color(Numbers([color[0], color[1], color[2], 1]))
                node.shadowOpacity = Float(min(max(opacity, 0), 1))
                node.shadowOffset = CGSize(width: distance * sin(direction), height: -distance * cos(direction))
                node.shadowRadius = softness / 4
            case 29:
                let sigma = max(finite(value(effect, 0)[0], 10_000), 0) * 0.3
                guard sigma > 0, let blur = CIFilter(name: "CIGaussianBlur") else { continue }
                blur.setValue(sigma, forKey: kCIInputRadiusKey)
                node.filters = (node.filters ?? []) + [blur]
            default:
                continue
            }
        }
    }
}

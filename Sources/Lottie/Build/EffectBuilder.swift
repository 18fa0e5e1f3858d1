import Foundation
import QuartzCore
import CoreImage

/// Layer effects as Core Animation draws them: a drop shadow is the layer's shadow (colour, opacity of 255,
/// direction clockwise from twelve o'clock, distance, softness as four times the blur's standard deviation, as
/// lottie-web reads them), and a Gaussian blur is a `CIGaussianBlur` in the layer's `filters` (blurriness × 0.3
/// as the standard deviation, lottie-web's factor). Fill, tint and tritone recolour the layer's flattened
/// picture through the compositor's ``PictureRecolor`` capability (Core Animation has no filter for them).
/// Values are read at the layer's first frame; other effects are skipped.
struct EffectBuilder {
    let builder: LayerTreeBuilder
    let time: TimeMap

    func apply(_ effects: [EffectModel], to node: CALayer) {
        let frame = time.frame(atRootFrame: builder.model.inPoint)
        func value(_ effect: EffectModel, _ index: Int) -> Numbers { effect.control(index).value(atFrame: frame) }
        func finite(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
        func rgb(_ c: Numbers) -> PictureRecolor.RGB { PictureRecolor.RGB(finite(c[0], 1), finite(c[1], 1), finite(c[2], 1)) }
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
            case 21:
                // Fill: colour (control 2) over the layer's pixels at its opacity (control 6, 0…1) — After
                // Effects mixes the fill with the layer's colours (lottie-web multiplies the alpha by it instead).
                node.pictureRecolor = PictureRecolor(.fill(rgb(value(effect, 2))), amount: finite(value(effect, 6)[0], 1))
            case 20:
                // Tint: black maps to control 0, white to control 1, by the amount to tint (control 2, percent).
                node.pictureRecolor = PictureRecolor(.brightnessRamp([rgb(value(effect, 0)), rgb(value(effect, 1))]),
                                                     amount: finite(value(effect, 2)[0], 100) / 100)
            case 23:
                // Tritone: highlights (control 0), midtones (1) and shadows (2), blended with the original by
                // control 3 (percent).
                let ramp = [rgb(value(effect, 2)), rgb(value(effect, 1)), rgb(value(effect, 0))]
                node.pictureRecolor = PictureRecolor(.brightnessRamp(ramp), amount: 1 - finite(value(effect, 3)[0], 100) / 100)
            default:
                continue
            }
        }
    }
}

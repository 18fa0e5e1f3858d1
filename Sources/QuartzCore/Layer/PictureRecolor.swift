/// A recolouring of a layer's flattened picture, pixel by pixel: After Effects' fill, tint and tritone effects
/// (which Lottie files carry), for which Core Animation's public API has no filter. Like ``MaskReading``, a
/// capability of Calyx's compositor that the Lottie module uses; `render(in:)` does not apply it.
package struct PictureRecolor: Sendable, Hashable {
    /// A colour's red, green and blue, 0…1 (sRGB).
    package typealias RGB = SIMD3<Double>

    package enum Map: Sendable, Hashable {
        /// Every pixel becomes this colour (its alpha kept).
        case fill(RGB)
        /// Each pixel's brightness picks a colour along stops spread evenly from black (the first) to white (the
        /// last), read linearly between: two stops are After Effects' tint, three its tritone.
        case brightnessRamp([RGB])
    }

    /// One recolouring: a map, and how much of it replaces the colour before it, 0…1.
    package struct Step: Sendable, Hashable {
        package var map: Map
        package var amount: Double
    }

    /// The recolourings, applied one after another (After Effects' effects in their list's order).
    package private(set) var steps: [Step]

    package init(_ map: Map, amount: Double) {
        steps = [Step(map: map, amount: amount.isFinite ? min(max(amount, 0), 1) : 1)]
    }

    /// This recolouring, then `next` on its result.
    package func followed(by next: PictureRecolor) -> PictureRecolor {
        var chain = self
        chain.steps += next.steps
        return chain
    }

    /// Recolours premultiplied BGRA pixels in place. Brightness is the mean of the channels in linear light,
    /// as lottie-web measures it for tint and tritone.
    func apply(to bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        let active = steps.filter { $0.amount > 0 }
        guard !active.isEmpty else { return }
        let linear = (0..<256).map { Self.linearize(Double($0) / 255) }
        func linearized(_ c: Double) -> Double { linear[Int((c * 255).rounded())] }
        let ramps: [[RGB]] = active.map {
            switch $0.map {
            case .fill(let color): return [color]
            case .brightnessRamp(let stops): return stops.isEmpty ? [RGB(0, 0, 0)] : stops
            }
        }
        for y in 0..<height {
            let row = bytes + y * bytesPerRow
            for x in 0..<width {
                let p = row + 4 * x
                let a = Double(p[3])
                guard a > 0 else { continue }
                // (Unpremultiplied, 0…1.)
                var colour = RGB(min(Double(p[2]) / a, 1), min(Double(p[1]) / a, 1), min(Double(p[0]) / a, 1))
                for (step, ramp) in zip(active, ramps) {
                    let target: RGB
                    if ramp.count == 1 {
                        target = ramp[0]
                    } else {
                        let brightness = Self.delinearize((linearized(colour.x) + linearized(colour.y) + linearized(colour.z)) / 3)
                        let position = min(max(brightness, 0), 1) * Double(ramp.count - 1)
                        let k = min(Int(position), ramp.count - 2)
                        let t = position - Double(k)
                        target = ramp[k] + (ramp[k + 1] - ramp[k]) * t
                    }
                    colour = colour + (target - colour) * step.amount
                    colour = RGB(min(max(colour.x, 0), 1), min(max(colour.y, 0), 1), min(max(colour.z, 0), 1))
                }
                p[2] = UInt8((colour.x * a).rounded())
                p[1] = UInt8((colour.y * a).rounded())
                p[0] = UInt8((colour.z * a).rounded())
            }
        }
    }

    static func linearize(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func delinearize(_ c: Double) -> Double { c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
}

extension CALayer {
    /// The key of ``pictureRecolor``: a discrete keyframe animation of ``PictureRecolor`` values on it changes the
    /// recolouring over time (an animated effect).
    package static let pictureRecolorKey = "calyxPictureRecolor"

    /// How the compositor recolours this layer's flattened picture (``PictureRecolor``); nil unless set. Not a
    /// Core Animation property: no implicit animation; it animates discretely under ``pictureRecolorKey``.
    package var pictureRecolor: PictureRecolor? {
        get { propertyValues.pictureRecolor }
        set { let old = propertyValues.pictureRecolor; propertyValues.pictureRecolor = newValue; didChange(Self.pictureRecolorKey, old, newValue) }
    }
}

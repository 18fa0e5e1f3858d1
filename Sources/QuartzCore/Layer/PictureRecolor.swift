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
        /// Each channel through its own curve, then red, green and blue through a shared one (After Effects'
        /// Levels, individual controls); alpha too.
        case levels(Levels)
    }

    /// After Effects' Levels: a curve for each of red, green, blue and alpha, then one for all three colours.
    package struct Levels: Sendable, Hashable {
        package var red, green, blue, alpha, colors: LevelsCurve
        package init(red: LevelsCurve, green: LevelsCurve, blue: LevelsCurve, alpha: LevelsCurve, colors: LevelsCurve) {
            (self.red, self.green, self.blue, self.alpha, self.colors) = (red, green, blue, alpha, colors)
        }
    }

    /// One channel's levels, values 0…1: input between its black and white points is stretched to the output's,
    /// bent by the gamma; input outside them holds at the output's ends. (An input white below the black point
    /// reverses the ramp.)
    package struct LevelsCurve: Sendable, Hashable {
        package var inputBlack, inputWhite, gamma, outputBlack, outputWhite: Double
        package init(inputBlack: Double, inputWhite: Double, gamma: Double, outputBlack: Double, outputWhite: Double) {
            func unit(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? min(max(v, -8), 8) : fallback }
            self.inputBlack = unit(inputBlack, 0); self.inputWhite = unit(inputWhite, 1)
            self.gamma = gamma.isFinite && gamma > 0 ? min(gamma, 1_000) : 1
            self.outputBlack = unit(outputBlack, 0); self.outputWhite = unit(outputWhite, 1)
        }
        /// The curve that changes nothing.
        package static let identity = LevelsCurve(inputBlack: 0, inputWhite: 1, gamma: 1, outputBlack: 0, outputWhite: 1)

        /// The curve at `x` (0…1), kept within 0…1.
        package func callAsFunction(_ x: Double) -> Double {
            let low = min(inputBlack, inputWhite), high = max(inputBlack, inputWhite), span = inputWhite - inputBlack
            let y: Double
            if x <= low { y = span < 0 ? outputWhite : outputBlack }
            else if x >= high { y = span < 0 ? outputBlack : outputWhite }
            else { y = outputBlack + (outputWhite - outputBlack) * pow((x - inputBlack) / span, 1 / gamma) }
            return y.isFinite ? min(max(y, 0), 1) : 0
        }

        /// The curve at the 256 byte values k / 255.
        package var table: [Double] { (0..<256).map { self(Double($0) / 255) } }
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
    /// as lottie-web measures it for tint and tritone. Levels read and write channels as bytes through their
    /// curves' tables (as an SVG component transfer of 256 table values does). Transparent pixels stay so.
    package func apply(to bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        let active = steps.filter { $0.amount > 0 }
        guard !active.isEmpty else { return }
        let linear = (0..<256).map { Self.linearize(Double($0) / 255) }
        func linearized(_ c: Double) -> Double { linear[Int((c * 255).rounded())] }
        let kinds: [StepKind] = active.map {
            switch $0.map {
            case .fill(let color): return .ramp([color])
            case .brightnessRamp(let stops): return .ramp(stops.isEmpty ? [RGB(0, 0, 0)] : stops)
            case .levels(let levels):
                return .levels(red: levels.red.table, green: levels.green.table, blue: levels.blue.table,
                               alpha: levels.alpha.table, colors: levels.colors.table)
            }
        }
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        for y in 0..<height {
            let row = bytes + y * bytesPerRow
            for x in 0..<width {
                let p = row + 4 * x
                let a = Double(p[3])
                guard a > 0 else { continue }
                // (Unpremultiplied, 0…1.)
                var colour = RGB(min(Double(p[2]) / a, 1), min(Double(p[1]) / a, 1), min(Double(p[0]) / a, 1))
                var alpha = a / 255
                for (step, kind) in zip(active, kinds) {
                    let target: RGB
                    switch kind {
                    case .ramp(let ramp) where ramp.count == 1:
                        target = ramp[0]
                    case .ramp(let ramp):
                        let brightness = Self.delinearize((linearized(colour.x) + linearized(colour.y) + linearized(colour.z)) / 3)
                        let position = min(max(brightness, 0), 1) * Double(ramp.count - 1)
                        let k = min(Int(position), ramp.count - 2)
                        let t = position - Double(k)
                        target = ramp[k] + (ramp[k + 1] - ramp[k]) * t
                    case .levels(let red, let green, let blue, let alphaCurve, let colors):
                        target = RGB(colors[byte(red[byte(colour.x)])], colors[byte(green[byte(colour.y)])], colors[byte(blue[byte(colour.z)])])
                        alpha = alpha + (alphaCurve[byte(alpha)] - alpha) * step.amount
                    }
                    colour = colour + (target - colour) * step.amount
                    colour = RGB(min(max(colour.x, 0), 1), min(max(colour.y, 0), 1), min(max(colour.z, 0), 1))
                }
                let scale = min(max(alpha, 0), 1) * 255
                p[3] = UInt8(scale.rounded())
                p[2] = UInt8((colour.x * scale).rounded())
                p[1] = UInt8((colour.y * scale).rounded())
                p[0] = UInt8((colour.z * scale).rounded())
            }
        }
    }

    /// A step made ready for the pixels: colours to mix toward, or levels' byte tables.
    private enum StepKind {
        case ramp([RGB])
        case levels(red: [Double], green: [Double], blue: [Double], alpha: [Double], colors: [Double])
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

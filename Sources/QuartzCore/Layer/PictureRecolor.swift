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

    package var map: Map
    /// How much of the recoloured picture replaces the original, 0…1.
    package var amount: Double

    package init(_ map: Map, amount: Double) {
        self.map = map
        self.amount = amount.isFinite ? min(max(amount, 0), 1) : 1
    }

    /// Recolours premultiplied BGRA pixels in place. Brightness is the mean of the channels in linear light,
    /// as lottie-web measures it for tint and tritone.
    func apply(to bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        guard amount > 0 else { return }
        let linear = (0..<256).map { Self.linearize(Double($0) / 255) }
        let ramp: [RGB]
        switch map {
        case .fill(let color): ramp = [color]
        case .brightnessRamp(let stops): ramp = stops.isEmpty ? [RGB(0, 0, 0)] : stops
        }
        for y in 0..<height {
            let row = bytes + y * bytesPerRow
            for x in 0..<width {
                let p = row + 4 * x
                let a = Double(p[3])
                guard a > 0 else { continue }
                // (Unpremultiplied, to 8 bits, to read the linear table.)
                let b = min(Int((Double(p[0]) * 255 / a).rounded()), 255)
                let g = min(Int((Double(p[1]) * 255 / a).rounded()), 255)
                let r = min(Int((Double(p[2]) * 255 / a).rounded()), 255)
                let original = RGB(Double(r), Double(g), Double(b)) / 255
                let target: RGB
                if ramp.count == 1 {
                    target = ramp[0]
                } else {
                    let brightness = Self.delinearize((linear[r] + linear[g] + linear[b]) / 3)
                    let position = brightness * Double(ramp.count - 1)
                    let k = min(Int(position), ramp.count - 2)
                    let t = position - Double(k)
                    target = ramp[k] + (ramp[k + 1] - ramp[k]) * t
                }
                let mixed = original + (target - original) * amount
                p[2] = UInt8((min(max(mixed.x, 0), 1) * a).rounded())
                p[1] = UInt8((min(max(mixed.y, 0), 1) * a).rounded())
                p[0] = UInt8((min(max(mixed.z, 0), 1) * a).rounded())
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

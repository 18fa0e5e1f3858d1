/// A colour as Calyx renders it: extended-sRGB-encoded red, green, blue and alpha, unpremultiplied.
/// The value type the renderer and the animation engine interpolate and composite.
package struct RGBA: Hashable, Sendable {
    package var r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat

    package init(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    package static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// Converts `components` (colour then alpha) of `space`; NaN components read as 0.
    package init(space: CGColorSpace, components: [CGFloat]) {
        let c = components.map { $0.isNaN ? 0 : $0 }
        switch (space.model, c.count) {
        case (.monochrome, 2...):
            let v = space.isLinear ? linearToSRGB(c[0]) : c[0]
            self.init(r: v, g: v, b: v, a: c[1])
        case (.rgb, 4...):
            if space.isLinear {
                self.init(r: linearToSRGB(c[0]), g: linearToSRGB(c[1]), b: linearToSRGB(c[2]), a: c[3])
            } else {
                self.init(r: c[0], g: c[1], b: c[2], a: c[3])
            }
        default:
            self.init(r: 0, g: 0, b: 0, a: c.last ?? 1)
        }
    }

    /// The colour expressed in `space` (colour components then alpha), or `nil` if `space` is not RGB or gray.
    package func converted(to space: CGColorSpace) -> [CGFloat]? {
        let clampIfNeeded: (CGFloat) -> CGFloat = { space.isExtended ? $0 : clampUnit($0) }
        switch space.model {
        case .rgb:
            let rgb = space.isLinear ? [r, g, b].map(sRGBToLinear) : [r, g, b]
            return rgb.map(clampIfNeeded) + [a]
        case .monochrome:
            // Rec. 709 luma on linear light, re-encoded.
            let y = 0.2126 * sRGBToLinear(r) + 0.7152 * sRGBToLinear(g) + 0.0722 * sRGBToLinear(b)
            return [clampIfNeeded(space.isLinear ? y : linearToSRGB(y)), a]
        default:
            return nil
        }
    }

    /// Premultiplied components clamped to [0, 1], for a rasterizer.
    package var premultipliedClamped: (r: Double, g: Double, b: Double, a: Double) {
        let alpha = Double(clampUnit(a))
        return (Double(clampUnit(r)) * alpha, Double(clampUnit(g)) * alpha, Double(clampUnit(b)) * alpha, alpha)
    }
}

/// sRGB transfer function (IEC 61966-2-1), extended symmetrically to negative values.
package func sRGBToLinear(_ v: CGFloat) -> CGFloat {
    let s: CGFloat = v < 0 ? -1 : 1, x = abs(v)
    return s * (x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4))
}

package func linearToSRGB(_ v: CGFloat) -> CGFloat {
    let s: CGFloat = v < 0 ? -1 : 1, x = abs(v)
    return s * (x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055)
}

import Foundation

/// How far apart two images are: the share of pixels that differ by more than a perceptual threshold, where a
/// pixel's difference is the CIE 1976 colour difference ΔE*ab between the two colours (each composited over
/// white, so transparency counts), on a scale where 100 is black against white and about 2.3 is the smallest
/// difference a person notices.
struct PerceptualComparison {
    /// The largest ΔE*ab two pixels may differ by and still match.
    let threshold: Double

    /// `perceptualPrecision` as swift-snapshot-testing defines it: 1 means identical, 0.98 allows ΔE 2.
    init(perceptualPrecision: Float) {
        threshold = Double(max(0, 1 - perceptualPrecision)) * 100
    }

    struct Result {
        /// Pixels that differ beyond the threshold.
        let differing: Int
        let total: Int
        /// The largest ΔE*ab seen.
        let largest: Double
        /// Differences as an image: black where the pixels match, brighter where they differ, red beyond the threshold.
        let difference: PixelBuffer
    }

    func compare(_ a: PixelBuffer, _ b: PixelBuffer) -> Result {
        var differing = 0, largest = 0.0
        var difference = [UInt8](repeating: 255, count: a.bytes.count)
        for i in stride(from: 0, to: a.bytes.count, by: 4) {
            let exact = a.bytes[i] == b.bytes[i] && a.bytes[i + 1] == b.bytes[i + 1] && a.bytes[i + 2] == b.bytes[i + 2] && a.bytes[i + 3] == b.bytes[i + 3]
            let deltaE = exact ? 0 : Self.deltaE(Self.lab(a.bytes, i), Self.lab(b.bytes, i))
            largest = max(largest, deltaE)
            let beyond = deltaE > threshold || (threshold == 0 && !exact)
            if beyond { differing += 1 }
            let shade = UInt8(min(255, deltaE * 2.55 * 4))
            difference[i] = beyond ? max(shade, 128) : shade
            difference[i + 1] = beyond ? 0 : shade
            difference[i + 2] = beyond ? 0 : shade
        }
        return Result(differing: differing, total: a.width * a.height, largest: largest,
                      difference: PixelBuffer(width: a.width, height: a.height, bytes: difference))
    }

    /// CIE L*a*b* (D65) of the straight-alpha sRGB pixel at `i`, composited over white.
    static func lab(_ bytes: [UInt8], _ i: Int) -> (Double, Double, Double) {
        let alpha = Double(bytes[i + 3]) / 255
        func linear(_ byte: UInt8) -> Double {
            let c = Double(byte) / 255 * alpha + (1 - alpha)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(bytes[i]), g = linear(bytes[i + 1]), b = linear(bytes[i + 2])
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func deltaE(_ p: (Double, Double, Double), _ q: (Double, Double, Double)) -> Double {
        let dl = p.0 - q.0, da = p.1 - q.1, db = p.2 - q.2
        return (dl * dl + da * da + db * db).squareRoot()
    }
}

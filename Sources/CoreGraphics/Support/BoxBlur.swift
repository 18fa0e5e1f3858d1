/// A Gaussian blur of an 8-bit alpha plane approximated by three successive box blurs per axis, whose widths are
/// chosen so the three boxes' variance equals σ² (W. Wells, "Efficient synthesis of Gaussian filters by cascaded
/// uniform filters", IEEE PAMI 1986; box sizes as in Ivan Kuckir's "Fastest Gaussian Blur" write-up). Pixels
/// outside the plane count as transparent. Linear in the pixel count, whatever σ.
package enum BoxBlur {
    /// The largest σ blurred as asked: beyond it every plane Calyx makes is far narrower than the blur, so a
    /// larger σ would only spread the same nothing thinner (and 12σ² would overflow for absurd radii).
    package static let maximumSigma = 16_384.0

    /// The three box widths (odd) approximating a Gaussian of standard deviation `sigma` (clamped to
    /// [0, `maximumSigma`]).
    package static func boxWidths(sigma: Double) -> [Int] {
        let sigma = sigma.isFinite ? min(max(sigma, 0), maximumSigma) : 0
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs `plane` (`width` × `height`, row stride `width`) in place.
    package static func blur(_ plane: inout [UInt8], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.1, width > 0, height > 0 else { return }
        var scratch = [UInt8](repeating: 0, count: plane.count)
        for w in boxWidths(sigma: sigma) where w > 1 {
            let r = (w - 1) / 2
            boxPass(from: plane, to: &scratch, count: height, length: width, stride: 1, lineStride: width, radius: r)
            boxPass(from: scratch, to: &plane, count: width, length: height, stride: width, lineStride: 1, radius: r)
        }
    }

    /// One running-sum box filter of radius `radius` along `count` lines of `length` samples.
    private static func boxPass(from src: [UInt8], to dst: inout [UInt8], count: Int, length: Int,
                                stride: Int, lineStride: Int, radius: Int) {
        let window = 2 * radius + 1
        let half = window / 2
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<count {
                    let base = line * lineStride
                    var sum = 0
                    // Prime the window for position 0: samples −r…r (negative ones are 0).
                    for i in 0...min(radius, length - 1) { sum += Int(s[base + i * stride]) }
                    for i in 0..<length {
                        d[base + i * stride] = UInt8((sum + half) / window)
                        let enter = i + radius + 1, leave = i - radius
                        if enter < length { sum += Int(s[base + enter * stride]) }
                        if leave >= 0 { sum -= Int(s[base + leave * stride]) }
                    }
                }
            }
        }
    }
}

import CoreGraphics

/// How far two images of the same size are apart, per 8-bit channel (unpremultiplied RGB).
public struct ImageDifference: CustomStringConvertible, Sendable {
    /// Mean absolute difference over every channel of every pixel.
    public let mean: Double
    /// The 99th percentile of the per-pixel maximum channel difference.
    public let p99: Int
    /// The largest channel difference anywhere.
    public let max: Int

    public var description: String { String(format: "mean %.2f, p99 %d, max %d", mean, p99, max) }

    /// Compares `a` and `b`; nil when their sizes differ.
    public init?(_ a: CGImage, _ b: CGImage) {
        guard a.width == b.width, a.height == b.height else { return nil }
        var total = 0
        var perPixel: [Int] = []
        perPixel.reserveCapacity(a.width * a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixels.pixel(x: x, y: y), q = b.pixels.pixel(x: x, y: y)
                let d = [Int(p.r) - Int(q.r), Int(p.g) - Int(q.g), Int(p.b) - Int(q.b)].map(abs)
                total += d.reduce(0, +)
                perPixel.append(d.max()!)
            }
        }
        perPixel.sort()
        mean = Double(total) / Double(3 * a.width * a.height)
        p99 = perPixel[Int(Double(perPixel.count - 1) * 0.99)]
        max = perPixel.last ?? 0
    }
}

import CoreGraphics

/// An 8-bit RGBA colour for pixel assertions (straight, not premultiplied).
public struct Pixel: Equatable, CustomStringConvertible, Sendable {
    public var r: Int, g: Int, b: Int, a: Int
    public init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    public static let white = Pixel(255, 255, 255), black = Pixel(0, 0, 0), clear = Pixel(0, 0, 0, 0)
    public static let red = Pixel(255, 0, 0), green = Pixel(0, 255, 0), blue = Pixel(0, 0, 255)

    /// Whether every channel is within `tolerance` of `other`'s.
    public func isClose(to other: Pixel, tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }

    public var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// A canonical-format bitmap context for tests, with pixel probes in CoreGraphics' y-up coordinates.
public final class TestCanvas {
    public let context: CGContext
    public var width: Int { context.width }
    public var height: Int { context.height }

    /// A `width` × `height` context, cleared to `background` (nil: transparent).
    public init(width: Int, height: Int, background: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)) {
        context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        if let background {
            context.setFillColor(background)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Flips the context so y runs down from the top-left, as UIKit's drawing contexts do.
    public func flipToTopLeftOrigin() {
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
    }

    /// The pixel in row `y` counted from the top (UIKit's orientation), unpremultiplied.
    public func pixel(topDown x: Int, _ y: Int) -> Pixel { pixel(x, height - 1 - y) }

    /// The pixel whose centre is at (x + 0.5, y + 0.5) in y-up user space (x, y are pixel indices from the
    /// bottom-left), unpremultiplied.
    public func pixel(_ x: Int, _ y: Int) -> Pixel {
        let row = height - 1 - y
        let p = context.data!.assumingMemoryBound(to: UInt8.self) + row * context.bytesPerRow + x * 4
        let a = Int(p[3])
        func straight(_ v: UInt8) -> Int { a == 0 ? 0 : min(255, (Int(v) * 255 + a / 2) / a) }
        return Pixel(straight(p[2]), straight(p[1]), straight(p[0]), a)
    }
}

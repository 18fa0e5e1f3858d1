import Foundation
import CoreGraphics

/// A colour as Lottie keeps one — lottie-ios's `LottieColor`: red, green, blue and alpha from 0 to 1.
public struct LottieColor: Hashable, Sendable {
    /// Red, 0…1.
    public var r: Double
    /// Green, 0…1.
    public var g: Double
    /// Blue, 0…1.
    public var b: Double
    /// Alpha, 0…1.
    public var a: Double

    /// A colour from its components, each 0…1.
    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour as a `CGColor` (components kept within 0…1).
    public var cgColorValue: CGColor {
        func unit(_ v: Double) -> CGFloat { CGFloat(v.isFinite ? min(max(v, 0), 1) : 0) }
        return CGColor(red: unit(r), green: unit(g), blue: unit(b), alpha: unit(a))
    }
}

/// One number — lottie-ios's `LottieVector1D`.
public struct LottieVector1D: Hashable, Sendable {
    /// The number.
    public let value: Double
    /// A vector holding `value`.
    public init(_ value: Double) { self.value = value }
    /// The number as a `CGFloat`.
    public var cgFloatValue: CGFloat { CGFloat(value) }
}

/// Three numbers — lottie-ios's `LottieVector3D` (points, sizes and scales use x and y).
public struct LottieVector3D: Hashable, Sendable {
    /// The first number (a point's x, a size's width).
    public let x: Double
    /// The second number (a point's y, a size's height).
    public let y: Double
    /// The third number (unused by points and sizes).
    public let z: Double
    /// A vector of three numbers.
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    /// x and y as a point.
    public var pointValue: CGPoint { CGPoint(x: x, y: y) }
    /// x and y as a size.
    public var sizeValue: CGSize { CGSize(width: x, height: y) }
}

extension CGPoint {
    /// The point as a ``LottieVector3D`` (z 0).
    public var vector3dValue: LottieVector3D { LottieVector3D(x: Double(x), y: Double(y), z: 0) }
}

extension CGSize {
    /// The size as a ``LottieVector3D`` (z 0).
    public var vector3dValue: LottieVector3D { LottieVector3D(x: Double(width), y: Double(height), z: 0) }
}

extension CGColor {
    /// The colour as a ``LottieColor`` (grey colours spread over red, green and blue).
    public var lottieColorValue: LottieColor {
        let c = components ?? []
        switch c.count {
        case 2: return LottieColor(r: Double(c[0]), g: Double(c[0]), b: Double(c[0]), a: Double(c[1]))
        case 4...: return LottieColor(r: Double(c[0]), g: Double(c[1]), b: Double(c[2]), a: Double(c[3]))
        default: return LottieColor(r: 0, g: 0, b: 0, a: Double(alpha))
        }
    }
}

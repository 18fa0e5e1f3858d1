import Foundation
import CoreGraphics

/// A colour as Lottie keeps one — lottie-ios's `LottieColor`: red, green, blue and alpha from 0 to 1.
public struct LottieColor: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

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
    public let value: Double
    public init(_ value: Double) { self.value = value }
    public var cgFloatValue: CGFloat { CGFloat(value) }
}

/// Three numbers — lottie-ios's `LottieVector3D` (points, sizes and scales use x and y).
public struct LottieVector3D: Hashable, Sendable {
    public let x: Double
    public let y: Double
    public let z: Double
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    public var pointValue: CGPoint { CGPoint(x: x, y: y) }
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

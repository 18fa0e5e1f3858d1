import Foundation
import CoreGraphics

/// A transform as one affine map, for what Core Animation's transform key paths cannot say (a skew) and for
/// geometry drawn by a style outside the group that moves it. After Effects' order: the anchor to the origin,
/// then scale, skew, rotation (clockwise, y down) and the position.
extension TransformModel {
    /// Whether the transform skews at any frame.
    var skews: Bool { skew.isAnimated || skew.value(atFrame: 0)[0] != 0 }

    /// The scale, skew and rotation at `frame`; `turn` (radians) in place of the transform's own when given
    /// (an auto-oriented layer's).
    func linearPart(atFrame frame: Double, turn: Double? = nil) -> CGAffineTransform {
        let s = scale.value(atFrame: frame)
        let angle = turn ?? rotation(atFrame: frame)
        // (After Effects keeps a skew within ±85°; the shear's tangent is infinite at 90°.)
        let k = min(max(Self.finite(skew.value(atFrame: frame)[0]), -85), 85) * .pi / 180
        let axis = Self.finite(skewAxis.value(atFrame: frame)[0]) * .pi / 180
        // A shear along the axis: turned by the axis angle, sheared (x against y, as After Effects leans it), turned
        // back (the order its reference renders of a 45° skew along a 45° axis show).
        let shear = CGAffineTransform(rotationAngle: axis)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: -tan(k), d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: -axis))
        return CGAffineTransform(scaleX: Self.finite(s[0]) / 100, y: Self.finite(s[1]) / 100)
            .concatenating(shear)
            .concatenating(CGAffineTransform(rotationAngle: angle))
    }

    /// The whole map at `frame`, from the transformed space to its parent's.
    func matrix(atFrame frame: Double) -> CGAffineTransform {
        let a = anchor.value(atFrame: frame), p = position(atFrame: frame)
        return CGAffineTransform(translationX: -Self.finite(a[0]), y: -Self.finite(a[1]))
            .concatenating(linearPart(atFrame: frame))
            .concatenating(CGAffineTransform(translationX: Self.finite(p.x), y: Self.finite(p.y)))
    }

    /// The position at `frame`: split, along its spatial curve, or plain.
    func position(atFrame frame: Double) -> CGPoint {
        if let x = positionX, let y = positionY { return CGPoint(x: x.value(atFrame: frame)[0], y: y.value(atFrame: frame)[0]) }
        if position.hasSpatialTangents { return position.spatialValue(atFrame: frame).point }
        let p = position.value(atFrame: frame)
        return CGPoint(x: p[0], y: p[1])
    }

    /// The rotation (radians, clockwise) at `frame`.
    func rotation(atFrame frame: Double) -> Double { Self.finite(rotation.value(atFrame: frame)[0]) * .pi / 180 }

    /// Whether any part of the map moves.
    var isAnimated: Bool {
        anchor.isAnimated || position.isAnimated || (positionX?.isAnimated ?? false) || (positionY?.isAnimated ?? false)
            || scale.isAnimated || rotation.isAnimated || skew.isAnimated || skewAxis.isAnimated
    }

    private static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}

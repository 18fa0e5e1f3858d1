import Foundation
import CoreGraphics

/// Positions that move along curves: After Effects bends a position segment into a cubic Bézier through the
/// keyframes' spatial tangents, and moves along it by distance — the segment's easing says how far along the
/// curve's length the layer is, not how far along its parameter (Core Animation's keyframe paths use the
/// parameter, so curved motion is sampled once a frame instead).
extension AnimatedValue where Value == Numbers {
    /// Whether any segment is curved.
    var hasSpatialTangents: Bool {
        keyframeList?.dropLast().contains { !$0.hold && ($0.spatialOut != nil || $0.spatialIn != nil) } ?? false
    }

    /// The position at `frame` and the direction of travel there (for auto-orient): the direction of the segment
    /// being travelled, or of the nearest one before the first keyframe and after the last; nil when nothing
    /// moves.
    func spatialValue(atFrame frame: Double) -> (point: CGPoint, direction: CGVector?) {
        guard let frames = keyframeList, frames.count > 1 else {
            let v = value(atFrame: frame)
            return (CGPoint(x: v[0], y: v[1]), nil)
        }
        let index: Int, t: Double
        if !(frame > frames[0].time) {
            (index, t) = (0, 0)
        } else if let next = frames.firstIndex(where: { $0.time > frame }) {
            let a = frames[next - 1], span = frames[next].time - a.time
            (index, t) = (next - 1, a.hold ? 0 : a.timingFunction.evaluate(span > 0 ? (frame - a.time) / span : 1))
        } else {
            (index, t) = (frames.count - 2, 1)
        }
        let curve = SpatialSegment(from: frames[index], to: frames[index + 1])
        let u = curve.parameter(atLengthFraction: t)
        return (curve.point(at: u), curve.direction(at: u))
    }
}

/// One position segment as a cubic Bézier.
struct SpatialSegment {
    let p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint

    init(from a: Keyframe<Numbers>, to b: Keyframe<Numbers>) {
        p0 = CGPoint(x: a.value[0], y: a.value[1])
        p3 = CGPoint(x: b.value[0], y: b.value[1])
        let out = a.spatialOut ?? Numbers([0, 0]), into = a.spatialIn ?? Numbers([0, 0])
        p1 = CGPoint(x: p0.x + out[0], y: p0.y + out[1])
        p2 = CGPoint(x: p3.x + into[0], y: p3.y + into[1])
    }

    func point(at u: Double) -> CGPoint {
        let v = 1 - u
        let a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The curve's derivative at `u`, or the chord where it vanishes (a straight segment's ends); nil when the
    /// segment does not move.
    func direction(at u: Double) -> CGVector? {
        let v = 1 - u
        let dx = 3 * v * v * (p1.x - p0.x) + 6 * v * u * (p2.x - p1.x) + 3 * u * u * (p3.x - p2.x)
        let dy = 3 * v * v * (p1.y - p0.y) + 6 * v * u * (p2.y - p1.y) + 3 * u * u * (p3.y - p2.y)
        if hypot(dx, dy) > 1e-9 { return CGVector(dx: dx, dy: dy) }
        let chord = CGVector(dx: p3.x - p0.x, dy: p3.y - p0.y)
        return hypot(chord.dx, chord.dy) > 1e-9 ? chord : nil
    }

    /// How many straight pieces measure the curve's length.
    static let pieces = 48

    /// The parameter at which the curve has covered `fraction` of its length.
    func parameter(atLengthFraction fraction: Double) -> Double {
        let f = fraction.isFinite ? fraction : 0
        // (Easing may overshoot: beyond the ends the parameter runs on at the ends' rate.)
        if f <= 0 || f >= 1 { return f }
        var lengths = [0.0]
        lengths.reserveCapacity(Self.pieces + 1)
        var last = p0
        for k in 1...Self.pieces {
            let p = point(at: Double(k) / Double(Self.pieces))
            lengths.append(lengths[k - 1] + hypot(p.x - last.x, p.y - last.y))
            last = p
        }
        let total = lengths[Self.pieces]
        guard total > 0, total.isFinite else { return f }
        let target = f * total
        var k = 1
        while k < Self.pieces && lengths[k] < target { k += 1 }
        let span = lengths[k] - lengths[k - 1]
        let local = span > 0 ? (target - lengths[k - 1]) / span : 0
        return (Double(k - 1) + local) / Double(Self.pieces)
    }
}

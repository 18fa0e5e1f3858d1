import Foundation
import QuartzCore

/// Values that keyframes blend between.
protocol Interpolatable: Sendable {
    func interpolated(to other: Self, at t: Double) -> Self
}

extension Numbers: Interpolatable {
    func interpolated(to other: Numbers, at t: Double) -> Numbers {
        let n = max(values.count, other.values.count)
        return Numbers((0..<n).map { self[$0] + (other[$0] - self[$0]) * t })
    }
}

extension BezierShape: Interpolatable {}

extension Keyframe {
    /// The segment's easing as Core Animation's timing function (x clamped to 0…1, as After Effects keeps it).
    var timingFunction: CAMediaTimingFunction {
        func unit(_ v: CGFloat) -> Float { Float(min(max(v.isFinite ? v : 0, 0), 1)) }
        func finite(_ v: CGFloat) -> Float { Float(v.isFinite ? min(max(v, -100), 100) : 0) }
        return CAMediaTimingFunction(controlPoints: unit(easeOut.x), finite(easeOut.y), unit(easeIn.x), finite(easeIn.y))
    }
}

extension AnimatedValue where Value: Interpolatable {
    /// The value at `frame` (in the property's own frames): held before the first keyframe and after the last;
    /// between two, eased by the first one's curve, or held when it is a hold keyframe.
    func value(atFrame frame: Double) -> Value {
        switch self {
        case .fixed(let v):
            return v
        case .keyframes(let frames):
            guard let first = frames.first else { fatalError("decoding guarantees a keyframe") }
            if !(frame > first.time) { return first.value }
            guard let next = frames.firstIndex(where: { $0.time > frame }) else { return frames[frames.count - 1].value }
            let a = frames[next - 1], b = frames[next]
            if a.hold { return a.value }
            let span = b.time - a.time
            let linear = span > 0 ? (frame - a.time) / span : 1
            return a.value.interpolated(to: b.value, at: a.timingFunction.evaluate(linear))
        }
    }
}

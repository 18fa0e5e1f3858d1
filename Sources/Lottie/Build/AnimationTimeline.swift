import Foundation
import QuartzCore

/// Turns Lottie keyframes (in frames) into Core Animation animations (in seconds of the animation's content
/// time, 0 at the composition's first frame) that play once over the whole composition and hold their ends.
struct AnimationTimeline {
    let firstFrame: Double
    let lastFrame: Double
    let frameRate: Double

    /// The composition's length in seconds.
    var duration: Double { (lastFrame - firstFrame) / frameRate }

    /// Where composition frame `frame` falls in the composition, 0…1.
    func fraction(ofFrame frame: Double) -> Double { (frame - firstFrame) / (lastFrame - firstFrame) }

    /// An animation of `keyPath` following `value` (whose keyframe times are the layer's, shown at root frames as
    /// `time` says), each value converted by `convert`; nil when the value does not change. Keyframes inside the
    /// composition keep their easing as timing functions and their holds as jumps; a property whose keyframes
    /// reach outside it, or whose time is remapped, is sampled once a frame instead.
    func animation<V: Interpolatable>(_ keyPath: String, _ value: AnimatedValue<V>, time: TimeMap,
                                      convert: (V) -> Any) -> CAKeyframeAnimation? {
        guard let frames = value.keyframeList, frames.count > 1 else { return nil }
        let fractions = frames.map { time.rootFrame(of: $0.time).map(fraction(ofFrame:)) ?? .nan }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        if let first = fractions.first, let last = fractions.last, first >= 0, last <= 1 {
            var values: [Any] = [], times: [NSNumber] = [], curves: [CAMediaTimingFunction] = []
            let linear = CAMediaTimingFunction(name: .linear)
            if first > 0 { values.append(convert(frames[0].value)); times.append(0); curves.append(linear) }
            for (k, frame) in frames.enumerated() {
                values.append(convert(frame.value)); times.append(NSNumber(value: fractions[k]))
                guard k + 1 < frames.count else { break }
                if frame.hold {
                    // Held until the next keyframe, then a jump (a segment too short to see).
                    let jump = max(fractions[k], fractions[k + 1] - 1e-7)
                    values.append(convert(frame.value)); times.append(NSNumber(value: jump))
                    curves.append(linear); curves.append(linear)
                } else {
                    curves.append(frame.timingFunction)
                }
            }
            if last < 1 { curves.append(linear); values.append(convert(frames[frames.count - 1].value)); times.append(1) }
            animation.values = values
            animation.keyTimes = times
            animation.timingFunctions = curves
        } else {
            return sampled(keyPath, sampleFrames.map { convert(value.value(atFrame: time.frame(atRootFrame: $0))) })
        }
        return finished(animation)
    }

    /// A discrete animation of `hidden` that shows a layer only from `inPoint` to `outPoint` (frames of its
    /// composition, whose time `composition` maps); nil when it is shown throughout. Through a time remap the
    /// layer's visibility is sampled once a frame.
    func visibility(inPoint: Double, outPoint: Double, composition: TimeMap) -> CAKeyframeAnimation? {
        guard let inRoot = composition.rootFrame(of: inPoint), let outRoot = composition.rootFrame(of: outPoint) else {
            let shown = sampleFrames.map { f -> Bool in
                let g = composition.frame(atRootFrame: f)
                return !(g >= inPoint && g < outPoint)
            }
            guard shown.contains(true) else { return nil }
            let animation = sampled("hidden", shown)
            animation.calculationMode = .discrete
            return animation
        }
        // A layer that lasts to the composition's end frame stays on it: lottie-ios shows the end frame (progress 1)
        // with such layers, as Apple's frames of its samples show, though the out point is exclusive elsewhere.
        let start = fraction(ofFrame: inRoot), end = outRoot >= lastFrame ? .infinity : fraction(ofFrame: outRoot)
        guard start > 0 || end < 1 else { return nil }
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        let a = min(max(start, 0), 1), b = min(max(end, a), 1)
        switch (a == 0, end < 1) {
        case (false, true): animation.values = [true, false, true]; animation.keyTimes = [0, NSNumber(value: a), NSNumber(value: b)]
        case (false, false): animation.values = [true, false]; animation.keyTimes = [0, NSNumber(value: a)]
        default: animation.values = [false, true]; animation.keyTimes = [0, NSNumber(value: b)]
        }
        return finished(animation)
    }

    /// The composition frames a property sampled once a frame is read at: one a frame, at most 4,096 (a
    /// composition of millions of frames is sampled evenly instead).
    var sampleFrames: [Double] {
        let frames = (lastFrame - firstFrame).rounded(.up)
        let count = frames.isFinite ? Int(min(max(frames + 1, 2), 4096)) : 2
        let step = (lastFrame - firstFrame) / Double(count - 1)
        return (0..<count).map { firstFrame + Double($0) * step }
    }

    /// An animation of `keyPath` through `values`, one for each of `sampleFrames`, evenly spaced over the
    /// composition and holding its ends.
    func sampled(_ keyPath: String, _ values: [Any]) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = values.indices.map { NSNumber(value: Double($0) / Double(max(values.count - 1, 1))) }
        return finished(animation)
    }

    /// Plays over the composition from content time 0 and holds its ends (the playback layer moves time).
    func finished(_ animation: CAKeyframeAnimation) -> CAKeyframeAnimation {
        animation.duration = duration
        // (Not 0, which a commit would stamp with the current time: the content's time starts at 0.)
        animation.beginTime = 1e-100
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }
}

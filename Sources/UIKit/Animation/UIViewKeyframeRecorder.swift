/// Collects the changes made inside `addKeyframe` closures and turns them into keyframe animations (§2.2).
final class UIViewKeyframeRecorder {
    struct Track {
        let layer: CALayer
        let key: String
        /// The value before the first keyframe that touched the key (on screen, with `.beginFromCurrentState`).
        let initial: Any?
        /// The repeat settings in force where the key was first touched (`modifyAnimations` can wrap a keyframe).
        let repeatCount: Float
        let autoreverses: Bool
        var frames: [(value: Any?, start: Double, duration: Double)] = []
    }

    let calculationMode: CAAnimationCalculationMode
    private var tracks: [Track] = []
    private var frame: (start: Double, duration: Double)?
    private var touched: [Int] = []

    init(calculationMode: CAAnimationCalculationMode) {
        self.calculationMode = calculationMode
    }

    var isRecording: Bool { frame != nil }

    func begin(start: Double, duration: Double) {
        frame = (start.isFinite ? min(max(start, 0), 1) : 0, duration.isFinite ? min(max(duration, 0), 1) : 0)
        touched = []
    }

    /// Notes a change of `key` on `layer` inside the current keyframe (the first touch keeps the value before).
    func record(layer: CALayer, key: String, before: Any?, state: UIViewAnimationState) {
        let index: Int
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            index = i
        } else {
            let onScreen = state.beginsFromCurrentState ? layer.presentationValue(forKeyPath: key, modelValue: before) : nil
            tracks.append(Track(layer: layer, key: key, initial: onScreen ?? before,
                                repeatCount: state.repeatCount, autoreverses: state.autoreverses))
            index = tracks.count - 1
        }
        if !touched.contains(index) { touched.append(index) }
    }

    /// Closes the keyframe: each key touched gets a frame with its model value now.
    func end() {
        guard let frame else { return }
        for i in touched {
            let value = tracks[i].layer.value(forKey: tracks[i].key)
            tracks[i].frames.append((value ?? (tracks[i].key == "backgroundColor" ? CGColor(gray: 0, alpha: 0) : nil), frame.start, frame.duration))
        }
        self.frame = nil
    }

    /// One keyframe animation per (layer, key), as UIKit builds it: the initial value at the start of the key's
    /// first keyframe, then each frame's value at its end (clamped to the next frame's start), held until the
    /// next start when the gap is longer than a frame. A key first touched in a later keyframe therefore has
    /// key times from that keyframe's start only (its initial value holds before them, as Core Animation holds
    /// the first value before the first key time).
    func emit(into state: UIViewAnimationState) {
        let frameInterval = state.duration > 0 ? (1.0 / 60) / state.duration : 0
        for track in tracks {
            let sorted = track.frames.enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            let frames = [(value: track.initial, start: 0.0, duration: sorted.first?.start ?? 0)] + sorted
            var values: [Any] = [], times: [Double] = []
            for (i, f) in frames.enumerated() {
                let next = i + 1 < frames.count ? frames[i + 1].start : 1
                let end = min(f.start + f.duration, next)
                values.append(f.value as Any); times.append(end)
                if next - end - frameInterval > 1.19e-7 { values.append(f.value as Any); times.append(next) }
            }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            state.configure(animation)
            animation.repeatCount = track.repeatCount
            animation.autoreverses = track.autoreverses
            state.add(animation, to: track.layer, forKey: track.key)
        }
    }
}

/// Collects the changes made inside `addKeyframe` closures and turns them into keyframe animations (§2.2).
final class UIViewKeyframeRecorder {
    struct Track {
        let layer: CALayer
        let key: String
        let initial: Any?
        var frames: [(value: Any?, start: Double, duration: Double)] = []
    }

    let calculationMode: CAAnimationCalculationMode
    let fromCurrentState: Bool
    private var tracks: [Track] = []
    private var frame: (start: Double, duration: Double)?
    private var touched: [Int] = []

    init(calculationMode: CAAnimationCalculationMode, fromCurrentState: Bool) {
        self.calculationMode = calculationMode; self.fromCurrentState = fromCurrentState
    }

    var isRecording: Bool { frame != nil }

    func begin(start: Double, duration: Double) {
        frame = (start.isFinite ? min(max(start, 0), 1) : 0, duration.isFinite ? min(max(duration, 0), 1) : 0)
        touched = []
    }

    /// Notes a change of `key` on `layer` inside the current keyframe (the first touch keeps the value before).
    func record(layer: CALayer, key: String, before: Any?) {
        let index: Int
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            index = i
        } else {
            let initial = fromCurrentState ? (layer.presentation()?.value(forKey: key) ?? before) : before
            tracks.append(Track(layer: layer, key: key, initial: initial))
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

    /// One keyframe animation per (layer, key): the initial value, then each frame's value at its end (clamped to
    /// the next frame's start), holding until the next start when there is a gap of more than a frame.
    func emit(into state: UIViewAnimationState) {
        let frameInterval = state.duration > 0 ? (1.0 / 60) / state.duration : 0
        for track in tracks {
            let frames = [(value: track.initial, start: 0.0, duration: track.frames.first?.start ?? 0)]
                + track.frames.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            var values: [Any] = [], times: [Double] = []
            for (i, f) in frames.enumerated() {
                let next = i + 1 < frames.count ? frames[i + 1].start : 1
                let end = min(f.start + f.duration, next)
                values.append(f.value as Any); times.append(end)
                if next - end - frameInterval > 1.19e-7 { values.append(f.value as Any); times.append(next) }
            }
            if let first = times.first, first > 0 { values.insert(values[0], at: 0); times.insert(0, at: 0) }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            state.configure(animation)
            track.layer.add(animation, forKey: track.key)
        }
    }
}

import Foundation

/// Which frame of a layer (or of a precomposition's content) shows at each frame of the root composition.
///
/// A layer starts `st` frames into its composition and may be stretched (`sr`): its frame f shows at its
/// composition's frame st + sr · f. Compositions nest through precomp layers, so the map is linear — f shows at
/// root frame `origin + scale · f` — until a precomp layer remaps time (`tm`, an animated property): from there
/// on, the map is a function of the root frame, and whatever it drives is sampled once a frame.
struct TimeMap {
    /// The linear map's root frame of frame 0 and root frames per frame (when `remap` is nil).
    let origin: Double
    let scale: Double
    /// For a map through a time remap: the frame at each root frame.
    let remap: (@Sendable (Double) -> Double)?

    /// The root composition's own time.
    static let root = TimeMap(origin: 0, scale: 1, remap: nil)

    /// Whether frames map to root frames linearly (so keyframes can keep their easing as timing functions).
    var isLinear: Bool { remap == nil }

    /// The frame showing at root frame `rootFrame`.
    func frame(atRootFrame rootFrame: Double) -> Double {
        if let remap { return remap(rootFrame) }
        return (rootFrame - origin) / scale
    }

    /// The root frame at which `frame` shows (a linear map's; a remapped map has no single answer).
    func rootFrame(of frame: Double) -> Double? {
        remap == nil ? origin + scale * frame : nil
    }

    /// The map of something that starts `start` frames in and runs `stretch` times slower than this.
    func nested(start: Double, stretch: Double) -> TimeMap {
        let s = stretch.isFinite && stretch > 0 ? stretch : 1
        if let remap { return TimeMap(origin: 0, scale: 1, remap: { (remap($0) - start) / s }) }
        return TimeMap(origin: origin + scale * start, scale: scale * s, remap: nil)
    }

    /// The map of a precomposition's content whose frame is `remapped(frame)` at each frame of this map.
    func remapped(_ remapped: @escaping @Sendable (Double) -> Double) -> TimeMap {
        let outer = self
        return TimeMap(origin: 0, scale: 1, remap: { remapped(outer.frame(atRootFrame: $0)) })
    }
}

/// A keyframe animation's values and timing, validated and precomputed (semantics §4).
///
/// keyTimes: linear and cubic modes take one per value, discrete takes one more than the values (or, leniently,
/// one per value), all non-decreasing in [0, 1]. The first may be above 0 and the last below 1: the first value
/// holds before the first key time and the last after the last (UIKit itself builds such arrays for a property a
/// later keyframe first animates, and they play on iOS). Other invalid arrays are ignored and keyframes spaced
/// evenly, as Apple documents. Paced modes ignore keyTimes and timingFunctions and space
/// keyframes by distance (arc length for a path).
struct KeyframeTrack {
    enum Mode { case linear, discrete, paced, cubic, cubicPaced }

    let mode: Mode
    /// Keyframe values (for a path: each segment's end point, with the start first).
    let values: [AnimatableValue]
    /// Whether points along a path are handed over as sizes (a two-component key such as `transform.translation`).
    private let pathGivesSizes: Bool
    /// The path's segments when animating along a path (segment i runs from keyframe i to i + 1).
    let segments: [Segment?]
    /// When each keyframe is reached, as fractions of the duration.
    let times: [Double]
    let timingFunctions: [CAMediaTimingFunction]
    /// Kochanek–Bartels tangents per keyframe (incoming, outgoing), as component vectors (cubic modes).
    let tangents: [(incoming: [Double], outgoing: [Double])]

    init?(_ animation: CAKeyframeAnimation, kind: ValueKind) {
        var mode: Mode = switch animation.calculationMode {
        case .discrete: .discrete
        case .paced: .paced
        case .cubic: .cubic
        case .cubicPaced: .cubicPaced
        default: .linear
        }
        pathGivesSizes = kind == .size
        if let path = animation.path, kind == .point || kind == .size {
            // Each segment is a keyframe interval; moves start new subpaths (a jump, no interval). Any key of two
            // components follows a path (lottie-ios moves `transform.translation` along its position paths); a path
            // of one point holds that point.
            let value: (CGPoint) -> AnimatableValue = kind == .size ? { .size(CGSize(width: $0.x, height: $0.y)) } : { .point($0) }
            var points: [AnimatableValue] = [], segments: [Segment?] = []
            for sub in path.subpaths {
                if points.isEmpty { points.append(value(sub.start)) } else { points.append(value(sub.start)); segments.append(nil) }
                for s in sub.segments { segments.append(s); points.append(value(s.end)) }
            }
            // Key times for the points the path names, one short of the points because a close added the line
            // home: that line is never reached (Apple's rendering of lottie-ios's closed position paths shows so).
            let named = path.elements.filter { if case .close = $0 { return false } else { return $0.isFinite } }.count
            if let k = animation.keyTimes, k.count == named, points.count == named + 1, path.subpaths.last?.isClosed == true {
                points.removeLast()
                segments.removeLast()
            }
            guard !points.isEmpty else { return nil }
            values = points
            self.segments = segments
            if mode == .cubic { mode = .linear }          // the path's own curves already interpolate
            if mode == .cubicPaced { mode = .paced }
        } else {
            let converted = (animation.values ?? []).compactMap { AnimatableValue($0, as: kind) }
            // Empty values: no contribution; unconvertible values: no contribution (Q6).
            guard !converted.isEmpty, converted.count == animation.values?.count else { return nil }
            values = converted
            segments = []
        }
        self.mode = mode
        let (keyValues, pathSegments) = (values, segments)
        let n = keyValues.count
        let lengths: [Double] = (0..<max(n - 1, 0)).map { i in
            if let s = pathSegments.indices.contains(i) ? pathSegments[i] : nil { return s.length() }
            return pathSegments.isEmpty ? keyValues[i].distance(to: keyValues[i + 1]) : 0
        }
        times = KeyframeTrack.keyTimes(animation.keyTimes?.map(\.doubleValue), count: n, mode: mode, lengths: lengths)
        timingFunctions = mode == .paced || mode == .cubicPaced ? [] : (animation.timingFunctions ?? [])
        // A spline needs every keyframe of one shape (number arrays of one length): otherwise segments interpolate
        // linearly, as values of differing shapes cannot be splined.
        let componentVectors = keyValues.compactMap(\.components)
        if (mode == .cubic || mode == .cubicPaced), pathSegments.isEmpty, n > 1, componentVectors.count == n,
           Set(componentVectors.map(\.count)).count == 1 {
            tangents = KeyframeTrack.kochanekBartels(componentVectors,
                                                     tension: animation.tensionValues, continuity: animation.continuityValues,
                                                     bias: animation.biasValues)
        } else {
            tangents = []
        }
    }

    static func keyTimes(_ given: [Double]?, count n: Int, mode: Mode, lengths: [Double]) -> [Double] {
        if mode == .paced || mode == .cubicPaced {
            let total = lengths.reduce(0, +)
            guard total > 0 else { return even(n) }
            var t = 0.0
            return [0] + lengths.map { t += $0; return t / total }
        }
        if let k = given, !k.isEmpty, zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }),
           k.allSatisfy({ $0 >= 0 && $0 <= 1 }), k.count == n || (mode == .discrete && k.count == n + 1) {
            return k
        }
        return mode == .discrete ? (0..<n).map { Double($0) / Double(n) } + [1] : even(n)
    }

    private static func even(_ n: Int) -> [Double] { n < 2 ? [0] : (0..<n).map { Double($0) / Double(n - 1) } }

    /// The value at overall fraction `q`, and the direction of travel along a path (radians) when there is one.
    func value(at q: Double) -> (value: AnimatableValue, tangentAngle: Double?)? {
        let n = values.count
        if n == 1 { return (values[0], nil) }
        if mode == .discrete {
            // Value i holds from times[i] until the next key time; the last holds at the end.
            var i = 0
            while i + 1 < n && times[i + 1] <= q { i += 1 }
            return (values[min(i, n - 1)], nil)
        }
        if q <= times[0] { return sample(segment: 0, local: 0) }
        if q >= times[n - 1] { return sample(segment: n - 2, local: 1) }
        var i = 0
        while i + 2 < n && times[i + 1] <= q { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (q - times[i]) / span : 1
        if i < timingFunctions.count { local = timingFunctions[i].evaluate(local) }
        return sample(segment: i, local: local)
    }

    private func sample(segment i: Int, local t: Double) -> (value: AnimatableValue, tangentAngle: Double?) {
        if !segments.isEmpty {
            guard let s = segments[i] else { return (values[i + 1], nil) }
            // Paced: position by arc length within the segment; otherwise the Bézier parameter (Q13).
            let u = mode == .paced ? parameter(of: s, atFraction: t) : t
            let d = s.tangent(at: min(max(u, 0), 1))
            let p = s.point(at: u)
            return (pathGivesSizes ? .size(CGSize(width: p.x, height: p.y)) : .point(p), atan2(d.y, d.x))
        }
        if !tangents.isEmpty, let a = values[i].components, let b = values[i + 1].components {
            // Cubic Hermite between keyframes i and i+1 with Kochanek–Bartels tangents.
            let h00 = 2 * t * t * t - 3 * t * t + 1, h10 = t * t * t - 2 * t * t + t
            let h01 = -2 * t * t * t + 3 * t * t, h11 = t * t * t - t * t
            let m0 = tangents[i].outgoing, m1 = tangents[i + 1].incoming
            let c = (0..<a.count).map { k in h00 * a[k] + h10 * m0[k] + h01 * b[k] + h11 * m1[k] }
            return (values[i].withComponents(c) ?? values[i], nil)
        }
        return (values[i].interpolated(to: values[i + 1], t), nil)
    }

    /// The Bézier parameter at a fraction of the segment's arc length.
    private func parameter(of s: Segment, atFraction f: Double) -> Double {
        guard case .cubic = s else { return f }
        let target = s.length() * f
        var lo = 0.0, hi = 1.0
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if s.length(from: 0, to: mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Last minus first keyframe, for cumulative repeats.
    var cycleDelta: AnimatableValue? { values.last!.subtracting(values[0]) }

    /// Tangents of a Kochanek–Bartels spline (Catmull–Rom when tension, continuity and bias are all 0), end
    /// points duplicated (Q14).
    static func kochanekBartels(_ p: [[Double]], tension: [NSNumber]?, continuity: [NSNumber]?, bias: [NSNumber]?) -> [(incoming: [Double], outgoing: [Double])] {
        let n = p.count
        func param(_ list: [NSNumber]?, _ i: Int) -> Double {
            guard let list, list.indices.contains(i) else { return 0 }
            let v = list[i].doubleValue
            return v.isFinite ? min(max(v, -1), 1) : 0
        }
        return (0..<n).map { i in
            let prev = p[max(i - 1, 0)], here = p[i], next = p[min(i + 1, n - 1)]
            let T = param(tension, i), C = param(continuity, i), B = param(bias, i)
            let d0 = zip(here, prev).map { $0 - $1 }, d1 = zip(next, here).map { $0 - $1 }
            let outA = (1 - T) * (1 + B) * (1 + C) / 2, outB = (1 - T) * (1 - B) * (1 - C) / 2
            let inA = (1 - T) * (1 + B) * (1 - C) / 2, inB = (1 - T) * (1 - B) * (1 + C) / 2
            let outgoing = (0..<here.count).map { outA * d0[$0] + outB * d1[$0] }
            let incoming = (0..<here.count).map { inA * d0[$0] + inB * d1[$0] }
            return (incoming, outgoing)
        }
    }
}

extension AnimatableValue {
    /// The value as a vector of components (numbers, points, sizes, rects, colours, number arrays).
    var components: [Double]? {
        switch self {
        case .number(let x): return [x]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.minX, r.minY, r.width, r.height]
        case .color(let c): return [c.r, c.g, c.b, c.a]
        case .numbers(let n): return n
        default: return nil
        }
    }

    /// A value of the same shape from components.
    func withComponents(_ c: [Double]) -> AnimatableValue? {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(RGBA(r: c[0], g: c[1], b: c[2], a: c[3]))
        case .numbers: return .numbers(c)
        default: return nil
        }
    }
}

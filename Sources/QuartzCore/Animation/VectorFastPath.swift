/// The per-frame fast path for animations of vector-like values — numbers, points, sizes, rects and colours,
/// whole or one field of them — with endpoints known at compile time: values kept as `SIMD4<Double>`, so a
/// frame is a few vector operations and one result enum, instead of generic enum arithmetic (which copies
/// ~130-byte values many times over).
final class VectorFastPath {
    /// Basic (or spring) between fixed endpoints `a` → `b`; or linear keyframes.
    private let isKeyframes: Bool
    /// Kind of the animated values (the field's kind for a sub-key path).
    let kind: ValueKind
    private let a: SIMD4<Double>, b: SIMD4<Double>
    private let keyValues: [SIMD4<Double>]
    private let keyTimes: [Double]
    private let keyFunctions: [CAMediaTimingFunction]
    private let spring: SpringSolver?

    /// A fast path for an effect, or nil when its values are not vector-like or depend on the base.
    init?(kind: ValueKind, source: PropertyEffect.Source, fixed: (AnimatableValue, AnimatableValue)?, valueFunction: CAValueFunction?) {
        guard valueFunction == nil, kind.isVectorLike else { return nil }
        self.kind = kind
        switch source {
        case .basic, .spring:
            guard let (a, b) = fixed, let va = a.vector, let vb = b.vector else { return nil }
            var solver: SpringSolver?
            if case .spring(_, _, _, let s) = source { solver = s }
            (isKeyframes, self.a, self.b, spring) = (false, va, vb, solver)
            (keyValues, keyTimes, keyFunctions) = ([], [], [])
        case .keyframes(let track):
            guard track.mode == .linear || track.mode == .paced, track.segments.isEmpty else { return nil }
            let vectors = track.values.compactMap(\.vector)
            guard vectors.count == track.values.count else { return nil }
            (isKeyframes, a, b, spring) = (true, vectors[0], vectors[vectors.count - 1], nil)
            (keyValues, keyTimes, keyFunctions) = (vectors, track.times, track.timingFunctions)
        }
    }

    /// Distinguishes keyframes, springs and basic interpolation, for grouping.
    var pathVariant: Int { isKeyframes ? 2 : (spring != nil ? 1 : 0) }

    /// The animated vector at eased fraction `q` (springs use real seconds), and one cycle's change (for
    /// cumulative repeats).
    @inline(__always)
    func vector(fraction q: Double, state: TimingState) -> (value: SIMD4<Double>, cycleDelta: SIMD4<Double>) {
        guard isKeyframes else {
            let f = spring.map { $0.progress(at: state.time) } ?? q
            return (a + (b - a) * f, b - a)
        }
        return keyValues.withUnsafeBufferPointer { values in
            let n = values.count
            let delta = b - a
            if n == 1 || q <= keyTimes[0] { return (values[0], delta) }
            if q >= keyTimes[n - 1] { return (values[n - 1], delta) }
            var i = 0
            while i + 2 < n && keyTimes[i + 1] <= q { i += 1 }
            let span = keyTimes[i + 1] - keyTimes[i]
            var local = span > 0 ? (q - keyTimes[i]) / span : 1
            if i < keyFunctions.count { local = keyFunctions[i].evaluate(local) }
            return (values[i] + (values[i + 1] - values[i]) * local, delta)
        }
    }
}

extension ValueKind {
    var isVectorLike: Bool {
        switch self {
        case .number, .point, .size, .rect, .color: return true
        default: return false
        }
    }
}

extension AnimatableValue {
    /// Numbers, points, sizes, rects and colours as up to four components.
    var vector: SIMD4<Double>? {
        switch self {
        case .number(let x): return SIMD4(x, 0, 0, 0)
        case .point(let p): return SIMD4(p.x, p.y, 0, 0)
        case .size(let s): return SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): return SIMD4(r.origin.x, r.origin.y, r.width, r.height)
        case .color(let c): return SIMD4(c.r, c.g, c.b, c.a)
        default: return nil
        }
    }

    /// A value of `kind` from components.
    @inline(__always)
    init(kind: ValueKind, vector v: SIMD4<Double>) {
        switch kind {
        case .point: self = .point(CGPoint(x: v.x, y: v.y))
        case .size: self = .size(CGSize(width: v.x, height: v.y))
        case .rect: self = .rect(CGRect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: self = .color(RGBA(r: v.x, g: v.y, b: v.z, a: v.w))
        default: self = .number(v.x)
        }
    }
}

extension KeyPathBinding {
    /// `base` with the field set to (or, when `additive`, increased by) the vector `v` — the fast path's
    /// composition, switching on the field once.
    @inline(__always)
    func compose(_ v: SIMD4<Double>, into value: inout AnimatableValue, additive: Bool) -> Bool {
        if field == .whole {
            if additive {
                guard let b = value.vector else { return false }
                value = AnimatableValue(kind: kind, vector: b + v)
            } else {
                value = AnimatableValue(kind: kind, vector: v)
            }
            return true
        }
        switch value {
        case .point(var p):
            switch field {
            case .pointX: p.x = additive ? p.x + v.x : v.x
            case .pointY: p.y = additive ? p.y + v.x : v.x
            default: return false
            }
            value = .point(p)
        case .size(var s):
            switch field {
            case .sizeWidth: s.width = additive ? s.width + v.x : v.x
            case .sizeHeight: s.height = additive ? s.height + v.x : v.x
            default: return false
            }
            value = .size(s)
        case .rect(var r):
            switch field {
            case .rectOriginX: r.origin.x = additive ? r.origin.x + v.x : v.x
            case .rectOriginY: r.origin.y = additive ? r.origin.y + v.x : v.x
            case .rectWidth: r.size.width = additive ? r.width + v.x : v.x
            case .rectHeight: r.size.height = additive ? r.height + v.x : v.x
            case .rectOrigin: r.origin = additive ? CGPoint(x: r.minX + v.x, y: r.minY + v.y) : CGPoint(x: v.x, y: v.y)
            case .rectSize: r.size = additive ? CGSize(width: r.width + v.x, height: r.height + v.y) : CGSize(width: v.x, height: v.y)
            default: return false
            }
            value = .rect(r)
        default:
            return false
        }
        return true
    }
}

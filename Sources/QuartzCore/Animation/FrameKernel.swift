/// A property animation's per-frame work as plain data: its timing, its easing curve and what it does to its
/// property, with no class references, so evaluating it — and copying it into a batch's contiguous array — costs
/// no reference counting. Reference counting was a quarter of the per-frame time when the same work read
/// enum payloads and class fields of each compiled animation.
///
/// Kernels cover animations whose values are known at compile time: numbers, points, sizes, rects and colours
/// (whole or one field), basic, spring or linear/paced keyframes; and one number field of a transform
/// (`transform.rotation.z`, `transform.scale`…), by basic, spring or keyframe animations. Anything else (paths,
/// whole transforms, cubic keyframes, value functions) takes ``PropertyEffect``'s general path. Endpoints that depend on the value underneath (a
/// `byValue` alone, a `fromValue` or `toValue` alone) are read from that value at each frame.
struct FrameKernel {
    let timing: TimingSpec
    /// The animation's timing function; nil when it has none or it is linear.
    let easing: BezierCurve?
    let effect: EffectKernel

    /// Applies the animation at `parentTime`: replaces `value` (the value underneath) and answers true, or
    /// leaves it and answers false when the animation has no effect then.
    @inline(__always)
    func apply(atParentTime parentTime: Double, to value: inout AnimatableValue) -> Bool {
        guard let state = timing.state(atParentTime: parentTime) else { return false }
        let eased = easing.map { $0.solve(state.progress) } ?? state.progress
        return effect.apply(fraction: eased, state: state, to: &value)
    }
}

/// What a kernel does to its property once the eased fraction is known.
struct EffectKernel {
    enum Target: UInt8 {
        /// A vector-like value, or one field of it (``KeyPathBinding/compose(_:into:additive:)``).
        case vector
        /// One number field of a transform, recomposed from the cached decomposition of the base.
        case transformField
    }
    enum Progress: UInt8 { case lerp, spring, keyframes }

    let target: Target
    let progress: Progress
    let kind: ValueKind
    let field: KeyPathBinding.Field
    let additive: Bool
    let cumulative: Bool
    /// Which endpoint the value underneath supplies (semantics §3.1's table, the rows missing `fromValue` or
    /// `toValue`): `fromCurrent` animates from it to `b`, `toCurrent` from `a` to it, `byFromCurrent` from it
    /// by `b`.
    enum Endpoints: UInt8 { case fixed, fromCurrent, toCurrent, byFromCurrent }
    let endpoints: Endpoints
    /// Endpoints (first and last keyframe for keyframes); one cycle's change is `b − a`.
    let a: SIMD4<Double>, b: SIMD4<Double>
    /// Storage owned by the ``KernelStorage`` that built the kernel.
    let spring: UnsafePointer<SpringSolver>?
    let keyTimes: UnsafeBufferPointer<Double>
    let keyValues: UnsafeBufferPointer<SIMD4<Double>>
    /// Per-segment easing (nil: linear); may be shorter than the segments.
    let keyEasings: UnsafeBufferPointer<BezierCurve?>
    /// The last transform base and its decomposition, and what keeps two threads out of it at once.
    let transformCache: UnsafeMutablePointer<TransformFieldCache>?
    /// (Unmanaged, not `unowned(unsafe) … ?`: an optional unowned field made `Optional<EffectKernel>` read
    /// as non-nil when it was nil.)
    let transformCacheGuard: Unmanaged<CacheGuard>?

    @inline(__always)
    func apply(fraction q: Double, state: TimingState, to value: inout AnimatableValue) -> Bool {
        switch target {
        case .vector:
            var (a, b) = (a, b)
            if endpoints != .fixed {
                guard let current = KeyPathBinding.read(field, of: value), current.kind == kind, let c = current.vector else { return false }
                (a, b) = relativeEndpoints(current: c)
            }
            let v = vector(fraction: q, state: state, a: a, b: b)
            return KeyPathBinding.compose(v, field: field, kind: kind, into: &value, additive: additive)
        case .transformField:
            guard case .transform(let base) = value else { return false }
            var fields: TransformFields?
            var (a, b) = (a, b)
            if endpoints != .fixed {
                let decomposed = transformFields(of: base)
                guard case .number(let c)? = decomposed.read(field) else { return false }
                (a, b) = relativeEndpoints(current: SIMD4(c, 0, 0, 0))
                fields = decomposed
            }
            let v = vector(fraction: q, state: state, a: a, b: b)
            if additive {
                value = .transform(TransformFields.additive(field, .number(v.x), over: base,
                                                            fields: fields ?? transformFields(of: base)))
            } else {
                value = .transform((fields ?? transformFields(of: base)).recomposed(setting: field, to: v.x))
            }
            return true
        }
    }

    /// The endpoints when the value underneath is `current`.
    @inline(__always)
    private func relativeEndpoints(current c: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        switch endpoints {
        case .fixed: return (a, b)
        case .fromCurrent: return (c, b)
        case .toCurrent: return (a, c)
        case .byFromCurrent: return (c, c + b)
        }
    }

    /// The decomposition of a transform base, from the cache while the base stays the same.
    @inline(__always)
    private func transformFields(of base: CATransform3D) -> TransformFields {
        guard let cache = transformCache else { return TransformFields(base) }
        return transformCacheGuard?._withUnsafeGuaranteedRef { cacheGuard in
            cacheGuard.ifAvailable { () -> TransformFields in
                if base != cache.pointee.base { cache.pointee = TransformFieldCache(base: base, fields: TransformFields(base)) }
                return cache.pointee.fields
            }
        } ?? TransformFields(base)
    }

    /// The animated components at eased fraction `q` (springs run on real seconds instead).
    /// (With cumulative repeats added: each whole iteration adds one cycle's change, `b − a`.)
    @inline(__always)
    private func vector(fraction q: Double, state: TimingState, a: SIMD4<Double>, b: SIMD4<Double>) -> SIMD4<Double> {
        var v: SIMD4<Double>
        switch progress {
        case .lerp: v = a + (b - a) * q
        case .spring: v = a + (b - a) * (spring?.pointee.progress(at: state.time) ?? q)
        case .keyframes: v = keyframe(at: q)
        }
        if cumulative && state.iteration > 0 { v += (b - a) * state.iteration }
        return v
    }

    private func keyframe(at q: Double) -> SIMD4<Double> {
        let n = keyValues.count
        if n == 1 || q <= keyTimes[0] { return keyValues[0] }
        if q >= keyTimes[n - 1] { return keyValues[n - 1] }
        var i = 0
        while i + 2 < n && keyTimes[i + 1] <= q { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var local = span > 0 ? (q - keyTimes[i]) / span : 1
        if i < keyEasings.count, let curve = keyEasings[i] { local = curve.solve(local) }
        return keyValues[i] + (keyValues[i + 1] - keyValues[i]) * local
    }
}

/// A transform base and its decomposed fields.
struct TransformFieldCache {
    var base: CATransform3D
    var fields: TransformFields
}

/// Owns the memory a property effect's kernel points into; the kernel stays valid while this lives (a batch
/// keeps every compiled animation alive, and with it this storage).
final class KernelStorage {
    private(set) var kernel: EffectKernel?
    private let cacheGuard = CacheGuard()
    private var allocations: [UnsafeMutableRawPointer] = []

    /// Builds the kernel for an effect, or stores none when the effect needs the general path.
    init(binding: KeyPathBinding, kind: ValueKind, source: PropertyEffect.Source,
         fixed: (AnimatableValue, AnimatableValue)?, valueFunction: CAValueFunction?,
         additive: Bool, cumulative: Bool, rotatesAlongPath: Bool) {
        guard valueFunction == nil, !rotatesAlongPath else { return }
        let target: EffectKernel.Target
        if binding.kind.isVectorLike, kind.isVectorLike {
            target = .vector
        } else if binding.kind == .transform, binding.field != .whole, binding.field != .translation, kind == .number {
            target = .transformField
        } else {
            return
        }
        var progress = EffectKernel.Progress.lerp
        var endpoints = EffectKernel.Endpoints.fixed
        var a = SIMD4<Double>(), b = SIMD4<Double>()
        var spring: UnsafePointer<SpringSolver>?
        var times: [Double] = [], values: [SIMD4<Double>] = [], easings: [BezierCurve?] = []
        switch source {
        case .basic(let from, let to, let by), .spring(let from, let to, let by, _):
            if let (from, to) = fixed {
                guard let va = from.vector, let vb = to.vector else { return }
                (a, b) = (va, vb)
            } else {
                // One endpoint, or only the change, is given: the other comes from the value underneath.
                let given: AnimatableValue
                switch (from, to, by) {
                case (nil, let to?, nil): (endpoints, given) = (.fromCurrent, to)
                case (let from?, nil, nil): (endpoints, given) = (.toCurrent, from)
                case (nil, nil, let by?): (endpoints, given) = (.byFromCurrent, by)
                default: return
                }
                guard given.kind == kind, let v = given.vector else { return }
                (a, b) = (v, v)
            }
            if case .spring(_, _, _, let solver) = source {
                progress = .spring
                spring = UnsafePointer(store([solver]).baseAddress!)
            }
        case .keyframes(let track):
            // (A transform field's keyframes are numbers, laid into the field as a basic animation's are.)
            guard target == .vector || kind == .number, track.mode == .linear || track.mode == .paced, track.segments.isEmpty else { return }
            values = track.values.compactMap(\.vector)
            guard !values.isEmpty, values.count == track.values.count else { return }
            (progress, a, b) = (.keyframes, values[0], values[values.count - 1])
            times = track.times
            easings = track.timingFunctions.map { $0.isLinear ? nil : $0.curve }
        }
        let cache: UnsafeMutablePointer<TransformFieldCache>? = target == .transformField
            ? store([TransformFieldCache(base: CATransform3DIdentity, fields: TransformFields(CATransform3DIdentity))]).baseAddress
            : nil
        kernel = EffectKernel(target: target, progress: progress, kind: kind, field: binding.field, additive: additive,
                              cumulative: cumulative, endpoints: endpoints, a: a, b: b, spring: spring,
                              keyTimes: UnsafeBufferPointer(store(times)), keyValues: UnsafeBufferPointer(store(values)),
                              keyEasings: UnsafeBufferPointer(store(easings)), transformCache: cache,
                              transformCacheGuard: Unmanaged.passUnretained(cacheGuard))
    }

    /// A copy of `elements` in memory this storage frees; an empty buffer for no elements.
    private func store<T>(_ elements: [T]) -> UnsafeMutableBufferPointer<T> {
        guard !elements.isEmpty else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        allocations.append(UnsafeMutableRawPointer(buffer.baseAddress!))
        return buffer
    }

    deinit {
        // Every stored type is trivial, so freeing without deinitializing is sound.
        for pointer in allocations { pointer.deallocate() }
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
    /// `value` with the `field` set to (or, when `additive`, increased by) the vector `v` of `kind` — the
    /// kernel's composition, switching on the field once.
    @inline(__always)
    static func compose(_ v: SIMD4<Double>, field: Field, kind: ValueKind, into value: inout AnimatableValue,
                        additive: Bool) -> Bool {
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

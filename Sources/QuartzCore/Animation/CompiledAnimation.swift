/// An animation prepared for evaluation: its timing with defaults applied, its key path resolved against the
/// layer's class, and its values converted to the property's kind. Built once when the animation is added.
package final class CompiledAnimation: @unchecked Sendable {
    /// Immutable, so reading it in the per-frame path needs no exclusivity check; the commit stamps a begin
    /// time by making a copy (``withBeginTime(_:)``).
    package let timing: TimingSpec
    let timingFunction: CAMediaTimingFunction?
    let body: Body
    /// The per-frame work as plain data, when the animation's effect has a kernel (FrameKernel.swift).
    let kernel: FrameKernel?

    private init(timing: TimingSpec, timingFunction: CAMediaTimingFunction?, body: Body) {
        self.timing = timing; self.timingFunction = timingFunction; self.body = body
        kernel = Self.kernel(timing: timing, timingFunction: timingFunction, body: body)
    }

    /// The same animation starting at `beginTime`.
    package func withBeginTime(_ beginTime: Double) -> CompiledAnimation {
        var spec = timing
        spec.beginTime = beginTime
        return CompiledAnimation(timing: spec, timingFunction: timingFunction, body: body)
    }

    /// The same animation played `factor` times slower (the slow-animations switch, SlowAnimations.swift).
    func slowed(by factor: Double) -> CompiledAnimation {
        guard factor != 1 else { return self }
        var spec = timing
        spec.speed /= factor
        return CompiledAnimation(timing: spec, timingFunction: timingFunction, body: body)
    }

    private static func kernel(timing: TimingSpec, timingFunction: CAMediaTimingFunction?, body: Body) -> FrameKernel? {
        guard case .property(let effect) = body, let effectKernel = effect.kernel else { return nil }
        let easing = timingFunction.flatMap { $0.isLinear ? nil : $0.curve }
        return FrameKernel(timing: timing, easing: easing, effect: effectKernel)
    }

    enum Body {
        case property(PropertyEffect)
        case group([CompiledAnimation])
        /// Transitions have no property effect; the compositor draws them.
        case transition
    }

    /// Compiles `animation` for `layer`; nil when it targets nothing that can be resolved (an unknown key path
    /// or unconvertible values: the animation is kept but has no effect, semantics Q6).
    package convenience init?(_ animation: CAAnimation, for layer: CALayer) {
        self.init(animation, table: CompiledAnimation.table(for: animation, on: layer), layer: layer, groupDuration: nil)
    }

    /// The layer's property table, plus the filter input key paths the animation (or group) names and, for an
    /// emitter layer, its cell key paths.
    static func table(for animation: CAAnimation, on layer: CALayer) -> PropertyTable {
        let table = type(of: layer).propertyTable
        func paths(_ a: CAAnimation) -> [String] {
            if let group = a as? CAAnimationGroup { return (group.animations ?? []).flatMap(paths) }
            return (a as? CAPropertyAnimation)?.keyPath.map { [$0] } ?? []
        }
        let named = paths(animation)
        guard layer is CAEmitterLayer || named.contains(where: CALayer.isFilterKeyPath) else { return table }
        let extra = named.compactMap { CALayer.filterProperty(for: $0) ?? CAEmitterLayer.cellProperty(for: $0) }
        return extra.isEmpty ? table : table.addingVirtualKeys(extra)
    }

    init?(_ animation: CAAnimation, table: PropertyTable, layer: CALayer?, groupDuration: Double?) {
        var spec = TimingSpec(animation)
        if spec.duration <= 0 || spec.duration.isNaN { spec.duration = groupDuration ?? 0.25 }
        timing = spec
        timingFunction = animation.timingFunction
        switch animation {
        case let group as CAAnimationGroup:
            body = .group((group.animations ?? []).compactMap {
                CompiledAnimation($0, table: table, layer: layer, groupDuration: spec.duration)
            })
        case is CATransition:
            body = .transition
        case let property as CAPropertyAnimation:
            guard let effect = PropertyEffect(property, table: table, layer: layer) else { return nil }
            body = .property(effect)
        default:
            return nil
        }
        kernel = Self.kernel(timing: spec, timingFunction: timingFunction, body: body)
    }

    /// The animation's effect on its property at `parentTime`, given the value underneath: the per-frame
    /// primitive the render tree uses. Nil when the animation has no effect then (or is not a property
    /// animation).
    package func value(atParentTime parentTime: Double, base: AnimatableValue) -> AnimatableValue? {
        var value = base
        return apply(atParentTime: parentTime, to: &value) ? value : nil
    }

    /// The per-frame primitive in place: replaces `value` (the value underneath) with the animated value and
    /// answers true, or leaves it and answers false when the animation has no effect at `parentTime`.
    @inline(__always)
    package func apply(atParentTime parentTime: Double, to value: inout AnimatableValue) -> Bool {
        if let kernel { return kernel.apply(atParentTime: parentTime, to: &value) }
        guard case .property(let effect) = body, let state = timing.state(atParentTime: parentTime) else { return false }
        let eased = eased(state.progress)
        guard let (result, _) = effect.newValue(fraction: eased, state: state, base: value) else { return false }
        value = result
        return true
    }

    /// Lays the turn along a keyframe path (`rotationMode`) at `parentTime` over `value`, a transform: the
    /// tangent's rotation about z on top of it (semantics Q15). False when the animation has no effect then.
    func turnAlongPath(atParentTime parentTime: Double, to value: inout AnimatableValue) -> Bool {
        guard case .property(let effect) = body, effect.rotatesAlongPath, let state = timing.state(atParentTime: parentTime),
              case .transform(let running) = value else { return false }
        let eased = eased(state.progress)
        guard let angle = effect.tangentAngle(fraction: eased) else { return false }
        value = .transform(CATransform3DMakeRotation(CGFloat(angle + effect.rotationOffset), 0, 0, 1).concatenating(running))
        return true
    }

    /// `progress` through the animation's timing function (a linear one is skipped: solving its curve only adds
    /// the solver's error).
    private func eased(_ progress: Double) -> Double {
        guard let curve = timingFunction, !curve.isLinear else { return progress }
        return curve.evaluate(progress)
    }

    /// Which per-frame path evaluates the animation (for grouping: animations on the same path in a row keep
    /// the processor's branch prediction effective).
    package var evaluationPath: Int {
        guard case .property = body else { return 99 }
        var path = 40
        if let k = kernel?.effect { path = (k.target == .vector ? 0 : 20) + Int(k.progress.rawValue) }
        if kernel?.easing != nil || kernel == nil && timingFunction != nil { path += 10 }
        if timing.autoreverses { path += 5 }
        return path
    }

    /// The property the animation drives, for a property animation.
    package var property: String? {
        if case .property(let effect) = body { return effect.binding.property }
        return nil
    }

    /// Whether the animation changes `property` (for implicit animations' "current presentation value").
    func affects(_ property: String) -> Bool {
        switch body {
        case .property(let e): return e.binding.property == property || (e.rotatesAlongPath && property == "transform")
        case .group(let children): return children.contains { $0.affects(property) }
        case .transition: return false
        }
    }
}

/// What a property animation does to one property. A class, so the per-frame path touches it by reference
/// instead of copying its values.
final class PropertyEffect {
    /// The plain-data per-frame evaluation and the memory it points into (FrameKernel.swift).
    private let kernelStorage: KernelStorage
    var kernel: EffectKernel? { kernelStorage.kernel }
    let additive: Bool
    let cumulative: Bool
    let binding: KeyPathBinding
    let valueFunction: CAValueFunction?
    let rotatesAlongPath: Bool
    let rotationOffset: Double
    /// The last transform base and its fields, for transform sub-key paths (the base rarely changes).
    @exclusivity(unchecked) private var fieldCache: (base: CATransform3D, fields: TransformFields)?
    private let fieldCacheGuard = CacheGuard()
    /// Endpoints resolved at compile time when they do not depend on the value underneath.
    let fixedEndpoints: (AnimatableValue, AnimatableValue)?
    let source: Source

    enum Source {
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, SpringSolver)
        case keyframes(KeyframeTrack)
    }

    init?(_ animation: CAPropertyAnimation, table: PropertyTable, layer: CALayer?) {
        guard let keyPath = animation.keyPath else { return nil }
        let sample: Any? = switch animation {
        case let b as CABasicAnimation: b.toValue ?? b.fromValue ?? b.byValue
        case let k as CAKeyframeAnimation: k.path.map { _ in CGPoint.zero } ?? k.values?.first
        default: nil
        }
        let dynamicKind = layer?.dynamicValues[keyPath].map(inferKind) ?? sample.map(inferKind)
        guard let binding = KeyPathBinding(keyPath, table: table, dynamicKind: dynamicKind) else { return nil }
        self.binding = binding
        additive = animation.isAdditive
        cumulative = animation.isCumulative
        valueFunction = animation.valueFunction
        let kind = animation.valueFunction?.inputKind ?? binding.fieldKind
        func convert(_ v: Any?) -> AnimatableValue? { v == nil ? nil : AnimatableValue(v, as: kind) }
        var rotates = false, offset = 0.0
        switch animation {
        case let spring as CASpringAnimation:
            source = .spring(from: convert(spring.fromValue), to: convert(spring.toValue), by: convert(spring.byValue), spring.spring)
        case let basic as CABasicAnimation:
            source = .basic(from: convert(basic.fromValue), to: convert(basic.toValue), by: convert(basic.byValue))
        case let keyframe as CAKeyframeAnimation:
            guard let track = KeyframeTrack(keyframe, kind: kind) else { return nil }
            source = .keyframes(track)
            if let mode = keyframe.rotationMode, keyframe.path != nil {
                rotates = true
                offset = mode == .rotateAutoReverse ? .pi : 0
            }
        default:
            return nil
        }
        rotatesAlongPath = rotates
        rotationOffset = offset
        switch source {
        case .basic(let f, let t, let b), .spring(let f, let t, let b, _):
            fixedEndpoints = f != nil && (t != nil || b != nil) || t != nil && b != nil
                ? Self.endpoints(from: f, to: t, by: b, current: nil) : nil
        case .keyframes:
            fixedEndpoints = nil
        }
        kernelStorage = KernelStorage(binding: binding, kind: kind, source: source, fixed: fixedEndpoints,
                                      valueFunction: valueFunction, additive: additive, cumulative: cumulative,
                                      rotatesAlongPath: rotates)
    }

    /// The direction of travel along the path at eased fraction `q`, for a keyframe animation along a path.
    func tangentAngle(fraction q: Double) -> Double? {
        guard case .keyframes(let track) = source else { return nil }
        return track.value(at: q)?.tangentAngle
    }

    /// The property's whole new value given the value underneath (`base`), and the direction of travel along
    /// a path when there is one. The per-frame work: no allocation for numbers, geometry, colours and
    /// transforms.
    func newValue(fraction q: Double, state: TimingState, base: AnimatableValue) -> (AnimatableValue, Double?)? {
        if let kernel {
            var value = base
            return kernel.apply(fraction: q, state: state, to: &value) ? (value, nil) : nil
        }
        var value: AnimatableValue
        var tangentAngle: Double?
        var delta: AnimatableValue?
        switch source {
        case .basic, .spring:
            guard let (a, b) = fixedEndpoints ?? resolveEndpoints(base: base) else { return nil }
            if case .spring(_, _, _, let solver) = source {
                value = a.interpolated(to: b, solver.progress(at: state.time))
            } else {
                value = a.interpolated(to: b, q)
            }
            if cumulative, state.iteration > 0 { delta = b.subtracting(a) }
        case .keyframes(let track):
            guard let sample = track.value(at: q) else { return nil }
            value = sample.value
            tangentAngle = sample.tangentAngle
            if cumulative, state.iteration > 0 { delta = track.cycleDelta }
        }
        if let delta, let step = delta.scaled(by: state.iteration), let sum = value.adding(step) { value = sum }
        if let function = valueFunction {
            let t = function.transform(for: value)
            guard case .transform(let running) = base else { return nil }
            return (.transform(additive ? t.concatenating(running) : t), tangentAngle)
        }
        if additive { return (binding.add(value, to: base), tangentAngle) }
        if binding.field != .whole, case .transform(let t) = base {
            var fields = transformFields(of: t)
            fields.write(binding.field, value)
            return (.transform(fields.recomposed), tangentAngle)
        }
        return (binding.write(value, into: base), tangentAngle)
    }

    /// Endpoints that need the value underneath (from-only, to-only, by-only).
    private func resolveEndpoints(base: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        guard valueFunction == nil else { return nil }
        let current: AnimatableValue?
        if binding.field != .whole, case .transform(let t) = base {
            current = transformFields(of: t).read(binding.field)
        } else {
            current = binding.read(base)
        }
        switch source {
        case .basic(let f, let t, let b), .spring(let f, let t, let b, _): return Self.endpoints(from: f, to: t, by: b, current: current)
        case .keyframes: return nil
        }
    }

    /// The decomposed fields of a transform base, cached while the base stays the same.
    private func transformFields(of t: CATransform3D) -> TransformFields {
        fieldCacheGuard.ifAvailable { () -> TransformFields in
            if let cache = fieldCache, cache.base == t { return cache.fields }
            let fields = TransformFields(t)
            fieldCache = (t, fields)
            return fields
        } ?? TransformFields(t)
    }

    /// The from/to/by table of semantics §3.1; `current` is the value underneath the animation.
    static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                          current: AnimatableValue?) -> (AnimatableValue, AnimatableValue)? {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)  // Q5: by ignored when all three are set
        case (let f?, nil, let b?): return f.adding(b).map { (f, $0) }
        case (nil, let t?, let b?): return t.subtracting(b).map { ($0, t) }
        case (let f?, nil, nil): return current.map { (f, $0) }
        case (nil, let t?, nil): return current.map { ($0, t) }
        case (nil, nil, let b?): return current.flatMap { c in c.adding(b).map { (c, $0) } }
        case (nil, nil, nil): return current.map { ($0, $0) }
        }
    }
}

/// The kind an arbitrary value suggests, for keys a class does not declare.
func inferKind(_ value: Any) -> ValueKind {
    switch unboxed(value) as Any {
    case is CGPoint: return .point
    case is CGSize: return .size
    case is CGRect: return .rect
    case is CATransform3D: return .transform
    case is CGPath: return .path
    case is CGColorConvertible: return .color
    case is Bool: return .discrete
    default: return anyToDouble(value) != nil ? .number : (anyToDoubles(value) != nil ? .numbers : .discrete)
    }
}

extension AnimatableValue {
    /// The value multiplied by `k` (for cumulative repeats); transforms repeat their matrix k times.
    func scaled(by k: Double) -> AnimatableValue? {
        switch self {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(CGPoint(x: p.x * k, y: p.y * k))
        case .size(let s): return .size(CGSize(width: s.width * k, height: s.height * k))
        case .rect(let r): return .rect(CGRect(x: r.minX * k, y: r.minY * k, width: r.width * k, height: r.height * k))
        case .color(let c): return .color(RGBA(r: c.r * k, g: c.g * k, b: c.b * k, a: c.a * k))
        case .numbers(let n): return .numbers(n.map { $0 * k })
        case .transform(let t):
            guard k >= 0, k < 10_000, k == k.rounded() else { return nil }
            return .transform((0..<Int(k)).reduce(CATransform3DIdentity) { acc, _ in acc.concatenating(t) })
        default: return nil
        }
    }
}

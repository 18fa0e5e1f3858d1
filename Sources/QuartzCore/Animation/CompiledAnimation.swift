/// An animation prepared for evaluation: its timing with defaults applied, its key path resolved against the
/// layer's class, and its values converted to the property's kind. Built once when the animation is added.
package final class CompiledAnimation: @unchecked Sendable {
    package var timing: TimingSpec
    let timingFunction: CAMediaTimingFunction?
    let body: Body

    enum Body {
        case property(PropertyEffect)
        case group([CompiledAnimation])
        /// Transitions have no property effect; the compositor draws them.
        case transition
    }

    /// Compiles `animation` for `layer`; nil when it targets nothing that can be resolved (an unknown key path
    /// or unconvertible values: the animation is kept but has no effect, semantics Q6).
    package convenience init?(_ animation: CAAnimation, for layer: CALayer) {
        self.init(animation, table: type(of: layer).propertyTable, layer: layer, groupDuration: nil)
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
    }

    /// Applies the animation at `parentTime` (the layer's local time, or a group's basic local time) to the
    /// running values.
    func apply(atParentTime parentTime: Double, to values: inout RunningValues) {
        guard let state = timing.state(atParentTime: parentTime) else { return }
        switch body {
        case .group(let children):
            for child in children { child.apply(atParentTime: state.time, to: &values) }
        case .transition:
            break
        case .property(let effect):
            let eased = timingFunction.map { $0.evaluate(state.progress) } ?? state.progress
            effect.apply(fraction: eased, state: state, to: &values)
        }
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

/// What a property animation does to one property.
struct PropertyEffect {
    let binding: KeyPathBinding
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    let source: Source
    let rotatesAlongPath: Bool
    let rotationOffset: Double

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
    }

    func apply(fraction q: Double, state: TimingState, to values: inout RunningValues) {
        guard let base = values[binding.property] else { return }
        let current = binding.read(base)
        var value: AnimatableValue
        var tangentAngle: Double?
        var cycleDelta: AnimatableValue?
        switch source {
        case .basic(let from, let to, let by):
            guard let (a, b) = Self.endpoints(from: from, to: to, by: by, current: valueFunction == nil ? current : nil) else { return }
            value = a.interpolated(to: b, q)
            cycleDelta = b.subtracting(a)
        case .spring(let from, let to, let by, let solver):
            guard let (a, b) = Self.endpoints(from: from, to: to, by: by, current: valueFunction == nil ? current : nil) else { return }
            value = a.interpolated(to: b, solver.progress(at: state.time))
            cycleDelta = b.subtracting(a)
        case .keyframes(let track):
            guard let sample = track.value(at: q) else { return }
            value = sample.value
            tangentAngle = sample.tangentAngle
            cycleDelta = track.cycleDelta
        }
        if cumulative, state.iteration > 0, let delta = cycleDelta?.scaled(by: state.iteration), let sum = value.adding(delta) {
            value = sum
        }
        if let function = valueFunction {
            let t = function.transform(for: value)
            if case .transform(let running) = base {
                values[binding.property] = .transform(additive ? t.concatenating(running) : t)
            }
        } else if additive {
            values[binding.property] = binding.add(value, to: base)
        } else {
            values[binding.property] = binding.write(value, into: base)
        }
        if rotatesAlongPath, let angle = tangentAngle, case .transform(let running)? = values["transform"] {
            // Q15: the tangent's rotation about z applies on top of the running transform.
            values["transform"] = .transform(CATransform3DMakeRotation(CGFloat(angle + rotationOffset), 0, 0, 1).concatenating(running))
        }
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
    switch value {
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

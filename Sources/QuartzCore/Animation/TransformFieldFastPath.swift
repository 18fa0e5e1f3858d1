/// The per-frame fast path for a number animating one field of a transform (`transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`…) between fixed endpoints: the base transform's fields are
/// decomposed once and cached, and each frame recomposes with the new field value — no enum arithmetic.
final class TransformFieldFastPath {
    private let field: KeyPathBinding.Field
    private let a: Double, b: Double
    private let spring: SpringSolver?
    private let additive: Bool
    // One evaluation at a time touches the cache (a frame pass runs on one thread), so the dynamic
    // exclusivity checks class properties otherwise pay per access are turned off.
    @exclusivity(unchecked) private var cachedBase = CATransform3DIdentity
    @exclusivity(unchecked) private var cachedFields = TransformFields(CATransform3DIdentity)

    init?(binding: KeyPathBinding, source: PropertyEffect.Source, fixed: (AnimatableValue, AnimatableValue)?,
          valueFunction: CAValueFunction?, additive: Bool) {
        guard valueFunction == nil, binding.kind == .transform, binding.field != .whole, binding.field != .translation,
              let (from, to) = fixed, case .number(let x) = from, case .number(let y) = to else { return nil }
        field = binding.field; a = x; b = y; self.additive = additive
        if case .spring(_, _, _, let s) = source { spring = s } else { spring = nil }
    }

    /// Writes the animated transform into `value` (which holds the transform underneath).
    @inline(__always)
    func apply(fraction q: Double, state: TimingState, cumulative: Bool, to value: inout AnimatableValue) -> Bool {
        guard case .transform(let base) = value else { return false }
        var x = a + (b - a) * (spring.map { $0.progress(at: state.time) } ?? q)
        if cumulative && state.iteration > 0 { x += (b - a) * state.iteration }
        if additive {
            value = .transform(TransformFields.delta(field, .number(x)).concatenating(base))
            return true
        }
        if base != cachedBase {
            cachedBase = base
            cachedFields = TransformFields(base)
        }
        value = .transform(cachedFields.recomposed(setting: field, to: x))
        return true
    }
}

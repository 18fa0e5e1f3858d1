/// Property types an animated value can be written into directly, without passing through `Any`: what lets a
/// render-tree frame lay its animated values over a layer with no allocation (RenderTree+Frames.swift).
protocol AnimatedAssignable {
    /// The value in this type, or nil when the animated value has another shape.
    static func fromAnimated(_ value: AnimatableValue) -> Self?
}

extension CGFloat: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> CGFloat? { if case .number(let d) = value { return CGFloat(d) }; return nil }
}
extension Float: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> Float? { if case .number(let d) = value { return Float(d) }; return nil }
}
extension Double: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> Double? { if case .number(let d) = value { return d }; return nil }
}
extension CGPoint: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> CGPoint? { if case .point(let p) = value { return p }; return nil }
}
extension CGSize: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> CGSize? { if case .size(let s) = value { return s }; return nil }
}
extension CGRect: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> CGRect? { if case .rect(let r) = value { return r }; return nil }
}
extension CATransform3D: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> CATransform3D? { if case .transform(let t) = value { return t }; return nil }
}
extension Bool: AnimatedAssignable {
    /// (A switch such as `hidden` animates as a discrete value, read as its property's conversion reads it.)
    static func fromAnimated(_ value: AnimatableValue) -> Bool? {
        if case .discrete(let box) = value { return Convert.bool(box.value) }; return nil
    }
}
extension CGPath: AnimatedAssignable {
    static func fromAnimated(_ value: AnimatableValue) -> Self? { if case .path(let p) = value { return p as? Self }; return nil }
}

/// Builds a property's direct writer for animated values, when its type is one animation produces: the value
/// converted from `AnimatableValue` and handed to the property's setter, never boxed in `Any`.
func animatedAssigner<L: CALayer, T>(_ keyPath: KeyPath<L, T>, _ set: @escaping (L, T) -> Void) -> ((CALayer, AnimatableValue) -> Bool)? {
    if let get = keyPath as? KeyPath<L, CGColor?>, let setColor = set as? (L, CGColor?) -> Void {
        return { layer, value in
            guard case .color(let rgba) = value else { return false }
            let target = unsafeDowncast(layer, to: L.self)
            assignFrameColor(rgba, holding: target[keyPath: get]) { setColor(target, $0) }
            return true
        }
    }
    if let setPath = set as? (L, CGPath?) -> Void {
        return { layer, value in
            guard case .path(let p) = value else { return false }
            setPath(unsafeDowncast(layer, to: L.self), p)
            return true
        }
    }
    guard let assignable = T.self as? any AnimatedAssignable.Type else { return nil }
    func typed<A: AnimatedAssignable>(_: A.Type) -> ((CALayer, AnimatableValue) -> Bool)? {
        guard let setA = set as? (L, A) -> Void else { return nil }
        return { layer, value in
            guard let a = A.fromAnimated(value) else { return false }
            setA(unsafeDowncast(layer, to: L.self), a)
            return true
        }
    }
    return typed(assignable)
}

/// Writes an animated colour into a frame layer's colour property: the colour it already holds is overwritten in
/// place when it is the layer's own scratch colour (made by an earlier frame), so an animated colour allocates
/// once per frame layer, not once per frame; otherwise `store` gets a new scratch colour.
func assignFrameColor(_ rgba: RGBA, holding current: CGColor?, store: (CGColor) -> Void) {
    if let current, current.isFrameScratch {
        current.overwriteFrameScratch(with: rgba)
    } else {
        store(CGColor(frameScratch: rgba))
    }
}

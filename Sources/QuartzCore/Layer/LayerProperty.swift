/// What a change of a layer property does to the frame: the renderers decide from this what they may keep.
package enum PropertyRole: Sendable {
    /// Moves or fades the layer's finished picture; its raster (and a group's picture) is kept.
    case placement
    /// Changes the layer's own pixels: its raster is drawn again.
    case raster
    /// Changes how the layer and its subtree are put together — visibility, clipping of sublayers, shadows,
    /// filters, the sublayer transform — but not the layer's own raster.
    case compositing
    /// When animations and sublayers run (`CAMediaTiming`), not what a frame shows at a given time.
    case timing
    /// Not drawn at all (a name, drawing hints).
    case behaviour
}

/// One key of a layer class — the one declaration the engine works from, besides the stored property itself:
/// its KVC name, value kind, role, how it animates, and typed ways to read, write and copy it.
package struct LayerProperty: @unchecked Sendable {
    package let name: String
    package let kind: ValueKind
    /// What changing it does to the frame (what the compositor may keep).
    package let role: PropertyRole
    /// Whether changing it adds an implicit animation (semantics §6.2, CAPG table B-1).
    package let implicitlyAnimates: Bool
    /// Whether it interpolates at all (discrete kinds switch; `doubleSided` and friends do not animate).
    package let animatable: Bool
    let read: (CALayer) -> Any?
    /// Converts and stores a value; false when the value does not fit the property's type.
    let write: (CALayer, Any?) -> Bool
    /// Copies the value from the first layer to the second, typed (no boxing through `Any`, no conversion):
    /// what presentation and render-tree copies use.
    var copyValue: ((CALayer, CALayer) -> Void)? = nil
    /// Writes an animated value straight into the property's Swift type (no boxing through `Any`): how a
    /// render-tree frame lays animated values over a layer. Nil for types animation cannot produce this way.
    var assignAnimated: ((CALayer, AnimatableValue) -> Bool)? = nil

    /// A typed property: `convert` turns an API value into `T` (nil: refused).
    /// (A subclass's keys default to `.raster`: shape paths, gradient colours and text draw the layer's own pixels.)
    static func make<L: CALayer, T>(_ name: String, _ keyPath: ReferenceWritableKeyPath<L, T>, _ kind: ValueKind,
                                    role: PropertyRole = .raster, implicit: Bool = true, animatable: Bool = true,
                                    _ convert: @escaping (Any?) -> T?) -> LayerProperty {
        LayerProperty(name: name, kind: kind, role: role, implicitlyAnimates: implicit && animatable, animatable: animatable,
                      read: { layer in (layer as? L).flatMap { unwrapOptional($0[keyPath: keyPath]) } },
                      write: { layer, value in
                          guard let l = layer as? L, let t = convert(unwrapOptional(value)) else { return false }
                          l[keyPath: keyPath] = t
                          return true
                      },
                      copyValue: { source, copy in
                          guard let s = source as? L, let c = copy as? L else { return }
                          c[keyPath: keyPath] = s[keyPath: keyPath]
                      },
                      assignAnimated: animatedAssigner(keyPath))
    }

    /// The same property writing animated values through `set` instead of its key path: a key-path write to a
    /// property with observers allocates a buffer, and frame layers are written every frame.
    func settingAnimated<L: CALayer, T: AnimatedAssignable>(_ set: @escaping (L, T) -> Void) -> LayerProperty {
        var copy = self
        copy.assignAnimated = { layer, value in
            guard let t = T.fromAnimated(value) else { return false }
            set(unsafeDowncast(layer, to: L.self), t)
            return true
        }
        return copy
    }

    /// The same for a colour property (its frame layer's scratch colour reused, see `assignFrameColor`).
    func settingAnimatedColor<L: CALayer>(get: @escaping (L) -> CGColor?, set: @escaping (L, CGColor?) -> Void) -> LayerProperty {
        var copy = self
        copy.assignAnimated = { layer, value in
            guard case .color(let rgba) = value else { return false }
            let target = unsafeDowncast(layer, to: L.self)
            assignFrameColor(rgba, holding: get(target)) { set(target, $0) }
            return true
        }
        return copy
    }

    /// The current value as an animatable value.
    func value(of layer: CALayer) -> AnimatableValue? { AnimatableValue(read(layer), as: kind) }
}

/// The keys of a layer class, by name, with their order (the order presentation copies use).
package struct PropertyTable: @unchecked Sendable {
    package private(set) var byName: [String: LayerProperty] = [:]
    package private(set) var ordered: [LayerProperty] = []

    init(_ properties: [LayerProperty]) { add(properties) }

    /// This table plus `properties` (a subclass's own keys; later entries replace earlier ones).
    func adding(_ properties: [LayerProperty]) -> PropertyTable {
        var copy = self
        copy.add(properties)
        return copy
    }

    private mutating func add(_ properties: [LayerProperty]) {
        for p in properties {
            if byName[p.name] != nil { ordered.removeAll { $0.name == p.name } }
            byName[p.name] = p
            ordered.append(p)
        }
    }

    package subscript(name: String) -> LayerProperty? { byName[name] }

    /// The names of the keys with `role`, in declaration order.
    func names(withRole role: PropertyRole) -> [String] { ordered.filter { $0.role == role }.map(\.name) }
}

/// A value with any `Optional` wrapping removed: a property of type `CGColor?` read through `Any` arrives as
/// `.some(nil)`, which must read as nil, not as "a value that is not a colour".
/// (A protocol cast, not `Mirror`: reflection allocated on every property read and write.)
func unwrapOptional(_ value: Any?) -> Any? {
    guard let value else { return nil }
    guard let optional = value as? AnyOptional else { return value }
    return unwrapOptional(optional.wrappedAny)
}

/// Lets `unwrapOptional` see through an `Optional` boxed in `Any`.
private protocol AnyOptional { var wrappedAny: Any? { get } }
extension Optional: AnyOptional {
    fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}

// Converters from API values to property types. Numbers accept any numeric type; optionals accept nil.
enum Convert {
    static func cgFloat(_ v: Any?) -> CGFloat? { anyToDouble(v).map { CGFloat($0) } }
    static func float(_ v: Any?) -> Float? { anyToDouble(v).map { Float($0) } }
    static func double(_ v: Any?) -> Double? { anyToDouble(v) }
    static func bool(_ v: Any?) -> Bool? { (v as? Bool) ?? (v as? NSNumber)?.boolValue }
    static func point(_ v: Any?) -> CGPoint? { if case .point(let p)? = AnimatableValue(v, as: .point) { return p }; return nil }
    static func size(_ v: Any?) -> CGSize? { if case .size(let s)? = AnimatableValue(v, as: .size) { return s }; return nil }
    static func rect(_ v: Any?) -> CGRect? { if case .rect(let r)? = AnimatableValue(v, as: .rect) { return r }; return nil }
    static func transform(_ v: Any?) -> CATransform3D? {
        if case .transform(let t)? = AnimatableValue(v, as: .transform) { return t }; return nil
    }
    /// `CGColor?`: nil is a valid value (`.some(nil)`), a non-colour is refused.
    static func color(_ v: Any?) -> CGColor?? {
        guard let v else { return .some(nil) }
        if let c = v as? CGColorConvertible { return .some(c.cgColor) }
        if case .color(let c)? = AnimatableValue(v, as: .color) { return .some(CGColor(extendedSRGBRed: c.r, green: c.g, blue: c.b, alpha: c.a)) }
        return nil
    }
    static func path(_ v: Any?) -> CGPath?? {
        guard let v else { return .some(nil) }
        return (v as? CGPath).map { .some($0) }
    }
    static func any(_ v: Any?) -> Any?? { .some(v) }
    static func int(_ v: Any?) -> Int? { anyToDouble(v).flatMap { $0.isFinite ? Int(exactly: $0.rounded(.down)) : nil } }
    static func numberArray(_ v: Any?) -> [NSNumber]?? {
        guard let v else { return .some(nil) }
        return anyToDoubles(v).map { .some($0.map { NSNumber(value: $0) }) }
    }
    static func string<T: RawRepresentable>(_ v: Any?) -> T? where T.RawValue == String {
        if let t = v as? T { return t }
        return (v as? String).flatMap(T.init(rawValue:))
    }
    /// An option set from itself or from a number of its raw type (what key-value coding hands over).
    static func optionSet<T: OptionSet>(_ v: Any?) -> T? where T.RawValue: FixedWidthInteger {
        if let t = v as? T { return t }
        guard let n = anyToDouble(v), n >= 0, n <= Double(T.RawValue.max) else { return nil }
        return T(rawValue: T.RawValue(n))
    }
    static func optionalString(_ v: Any?) -> String?? { v == nil ? .some(nil) : (v as? String).map { .some($0) } }
    static func optionalArray(_ v: Any?) -> [Any]?? { v == nil ? .some(nil) : (v as? [Any]).map { .some($0) } }
}

extension CALayer {
    /// CALayer's own keys (semantics §9.1; implicit animations per CAPG table B-1 and the header's
    /// "Animatable" marks; discrete keys such as `hidden` switch but have no implicit animation).
    static let layerProperties = PropertyTable([
        .make("bounds", \CALayer.bounds, .rect, Convert.rect).settingAnimated { (l: CALayer, v: CGRect) in l.bounds = v },
        .make("position", \CALayer.position, .point, role: .placement, Convert.point).settingAnimated { (l: CALayer, v: CGPoint) in l.position = v },
        .make("zPosition", \CALayer.zPosition, .number, role: .placement, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.zPosition = v },
        .make("anchorPoint", \CALayer.anchorPoint, .point, role: .placement, Convert.point).settingAnimated { (l: CALayer, v: CGPoint) in l.anchorPoint = v },
        .make("anchorPointZ", \CALayer.anchorPointZ, .number, role: .placement, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.anchorPointZ = v },
        .make("transform", \CALayer.transform, .transform, role: .placement, Convert.transform).settingAnimated { (l: CALayer, v: CATransform3D) in l.transform = v },
        .make("sublayerTransform", \CALayer.sublayerTransform, .transform, role: .compositing, Convert.transform).settingAnimated { (l: CALayer, v: CATransform3D) in l.sublayerTransform = v },
        .make("geometryFlipped", \CALayer.isGeometryFlipped, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("hidden", \CALayer.isHidden, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("doubleSided", \CALayer.isDoubleSided, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("masksToBounds", \CALayer.masksToBounds, .discrete, implicit: false, Convert.bool),
        .make("opacity", \CALayer.opacity, .number, role: .placement, Convert.float).settingAnimated { (l: CALayer, v: Float) in l.opacity = v },
        .make("allowsGroupOpacity", \CALayer.allowsGroupOpacity, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("opaque", \CALayer.isOpaque, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("shouldRasterize", \CALayer.shouldRasterize, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("rasterizationScale", \CALayer.rasterizationScale, .number, role: .compositing, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.rasterizationScale = v },
        .make("allowsEdgeAntialiasing", \CALayer.allowsEdgeAntialiasing, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("compositingFilter", \CALayer.compositingFilter, .discrete, role: .compositing, implicit: false, Convert.any),
        .make("filters", \CALayer.filters, .discrete, role: .compositing, implicit: false, Convert.optionalArray),
        .make("backgroundFilters", \CALayer.backgroundFilters, .discrete, role: .compositing, implicit: false, Convert.optionalArray),
        // Contents cross-dissolve: a discrete value the compositor blends (semantics §3.3).
        .make("contents", \CALayer.contents, .discrete, Convert.any),
        .make("contentsRect", \CALayer.contentsRect, .rect, Convert.rect).settingAnimated { (l: CALayer, v: CGRect) in l.contentsRect = v },
        .make("contentsCenter", \CALayer.contentsCenter, .rect, Convert.rect).settingAnimated { (l: CALayer, v: CGRect) in l.contentsCenter = v },
        .make("contentsGravity", \CALayer.contentsGravity, .discrete, implicit: false, animatable: false, Convert.string),
        .make("contentsScale", \CALayer.contentsScale, .number, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.contentsScale = v },
        .make("contentsFormat", \CALayer.contentsFormat, .discrete, implicit: false, animatable: false, Convert.string),
        .make("minificationFilter", \CALayer.minificationFilter, .discrete, implicit: false, animatable: false, Convert.string),
        .make("magnificationFilter", \CALayer.magnificationFilter, .discrete, implicit: false, animatable: false, Convert.string),
        .make("minificationFilterBias", \CALayer.minificationFilterBias, .number, Convert.float).settingAnimated { (l: CALayer, v: Float) in l.minificationFilterBias = v },
        .make("backgroundColor", \CALayer.backgroundColor, .color, Convert.color).settingAnimatedColor(get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 }),
        .make("cornerRadius", \CALayer.cornerRadius, .number, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.cornerRadius = v },
        .make("cornerCurve", \CALayer.cornerCurve, .discrete, implicit: false, animatable: false, Convert.string),
        .make("maskedCorners", \CALayer.maskedCorners, .discrete, implicit: false, animatable: false, Convert.optionSet),
        .make("edgeAntialiasingMask", \CALayer.edgeAntialiasingMask, .discrete, role: .compositing, implicit: false, animatable: false, Convert.optionSet),
        .make("drawsAsynchronously", \CALayer.drawsAsynchronously, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.bool),
        .make("borderWidth", \CALayer.borderWidth, .number, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.borderWidth = v },
        .make("borderColor", \CALayer.borderColor, .color, Convert.color).settingAnimatedColor(get: { $0.borderColor }, set: { $0.borderColor = $1 }),
        .make("shadowColor", \CALayer.shadowColor, .color, role: .compositing, Convert.color).settingAnimatedColor(get: { $0.shadowColor }, set: { $0.shadowColor = $1 }),
        .make("shadowOpacity", \CALayer.shadowOpacity, .number, role: .compositing, Convert.float).settingAnimated { (l: CALayer, v: Float) in l.shadowOpacity = v },
        .make("shadowOffset", \CALayer.shadowOffset, .size, role: .compositing, Convert.size).settingAnimated { (l: CALayer, v: CGSize) in l.shadowOffset = v },
        .make("shadowRadius", \CALayer.shadowRadius, .number, role: .compositing, Convert.cgFloat).settingAnimated { (l: CALayer, v: CGFloat) in l.shadowRadius = v },
        .make("shadowPath", \CALayer.shadowPath, .path, role: .compositing, Convert.path),
        .make("name", \CALayer.name, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.optionalString),
        .make("needsDisplayOnBoundsChange", \CALayer.needsDisplayOnBoundsChange, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.bool),
        .make("beginTime", \CALayer.beginTime, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("duration", \CALayer.duration, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("speed", \CALayer.speed, .number, role: .timing, implicit: false, animatable: false, Convert.float),
        .make("timeOffset", \CALayer.timeOffset, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("repeatCount", \CALayer.repeatCount, .number, role: .timing, implicit: false, animatable: false, Convert.float),
        .make("repeatDuration", \CALayer.repeatDuration, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("autoreverses", \CALayer.autoreverses, .discrete, role: .timing, implicit: false, animatable: false, Convert.bool),
        .make("fillMode", \CALayer.fillMode, .discrete, role: .timing, implicit: false, animatable: false, Convert.string),
    ])
}

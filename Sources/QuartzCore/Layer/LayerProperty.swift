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
    /// Whether a view's layer animates it inside UIKit's animation blocks (UIKit's own list, narrower than the
    /// implicit animations: no text, emitter or replicator keys, and `contents` only by transition).
    package var animatesInViewBlocks = false
    let read: (CALayer) -> Any?
    /// Converts and stores a value; false when the value does not fit the property's type.
    let write: (CALayer, Any?) -> Bool
    /// Writes an animated value straight into the property's Swift type (no boxing through `Any`): how a
    /// render-tree frame lays animated values over a layer. Nil for types animation cannot produce this way.
    var assignAnimated: ((CALayer, AnimatableValue) -> Bool)? = nil

    /// A typed property: `keyPath` reads it, `set` writes it, `convert` turns an API value into `T` (nil:
    /// refused). Everything else — KVC reads and writes, writes of animated values — is derived
    /// from these, so a property is declared once here beside its stored property.
    /// (A subclass's keys default to `.raster`: shape paths, gradient colours and text draw the layer's own pixels.)
    /// (`set` rather than a key-path write: writing a property with observers through a key path allocates a
    /// buffer, and copies and frame layers are written often.)
    static func make<L: CALayer, T>(_ name: String, _ keyPath: KeyPath<L, T>, _ set: @escaping (L, T) -> Void,
                                    _ kind: ValueKind, role: PropertyRole = .raster, implicit: Bool = true,
                                    animatable: Bool = true, viewBlocks: Bool = false,
                                    _ convert: @escaping (Any?) -> T?) -> LayerProperty {
        // (Whether `T` is an optional is known here, once: asking a value whether it is one is a dynamic cast to a
        // protocol, a scan of the conformance tables each time for most types.)
        let optional = T.self is AnyOptional.Type
        return LayerProperty(name: name, kind: kind, role: role, implicitlyAnimates: implicit && animatable, animatable: animatable,
                      animatesInViewBlocks: viewBlocks,
                      read: { layer in
                          (layer as? L).flatMap { optional ? unwrapOptional($0[keyPath: keyPath]) : $0[keyPath: keyPath] }
                      },
                      write: { layer, value in
                          guard let l = layer as? L, let t = convert(unwrapOptional(value)) else { return false }
                          set(l, t)
                          return true
                      },
                      assignAnimated: animatedAssigner(keyPath, set))
    }

    /// The current value as an animatable value.
    func value(of layer: CALayer) -> AnimatableValue? { AnimatableValue(read(layer), as: kind) }
}

/// The keys of a layer class, by name, with their order (the order presentation copies use).
package struct PropertyTable: @unchecked Sendable {
    package private(set) var byName: [String: LayerProperty] = [:]
    package private(set) var ordered: [LayerProperty] = []
    /// One copier per subclass level whose table adds keys to CALayer's: each copies that class's value of its
    /// own properties (both layers are of the class: `copyProperties` makes sure).
    private(set) var addedCopiers: [(CALayer, CALayer) -> Void] = []

    init(_ properties: [LayerProperty]) { add(properties) }

    /// This table plus `properties` (a subclass's own keys; later entries replace earlier ones), whose values
    /// `copier` copies from one layer of the subclass to another in one go (the subclass keeps them in one
    /// value, as CALayer keeps its own in `LayerValues`).
    func adding(_ properties: [LayerProperty], copier: @escaping (_ source: CALayer, _ copy: CALayer) -> Void) -> PropertyTable {
        var copy = self
        copy.add(properties)
        copy.addedCopiers.append(copier)
        return copy
    }

    /// This table plus virtual keys an animation names (filter inputs, emitter-cell paths), for lookup only: their
    /// values live inside properties the table already copies.
    func addingVirtualKeys(_ properties: [LayerProperty]) -> PropertyTable {
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

    package subscript(name: String) -> LayerProperty? { byName[name] ?? Self.getterNames[name].flatMap { byName[$0] } }

    /// Key-value coding finds a Boolean property by its getter's name too (`isHidden` for `hidden`), so on Apple's
    /// platforms an animation or `value(forKey:)` may name either; lottie-ios animates `isHidden`.
    private static let getterNames = ["isHidden": "hidden", "isDoubleSided": "doubleSided", "isOpaque": "opaque",
                                      "isGeometryFlipped": "geometryFlipped", "isWrapped": "wrapped"]

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
    static func pictureRecolor(_ v: Any?) -> PictureRecolor?? { v == nil ? .some(nil) : (v as? PictureRecolor).map { .some($0) } }
    static func optionalArray(_ v: Any?) -> [Any]?? { v == nil ? .some(nil) : (v as? [Any]).map { .some($0) } }
}

extension CALayer {
    /// CALayer's own keys (semantics §9.1; implicit animations per CAPG table B-1 and the header's
    /// "Animatable" marks; discrete keys such as `hidden` switch but have no implicit animation).
    static let layerProperties = PropertyTable([
        .make("bounds", \CALayer.bounds, { $0.bounds = $1 }, .rect, viewBlocks: true, Convert.rect),
        .make("position", \CALayer.position, { $0.position = $1 }, .point, role: .placement, viewBlocks: true, Convert.point),
        .make("zPosition", \CALayer.zPosition, { $0.zPosition = $1 }, .number, role: .placement, viewBlocks: true, Convert.cgFloat),
        .make("anchorPoint", \CALayer.anchorPoint, { $0.anchorPoint = $1 }, .point, role: .placement, viewBlocks: true, Convert.point),
        .make("anchorPointZ", \CALayer.anchorPointZ, { $0.anchorPointZ = $1 }, .number, role: .placement, viewBlocks: true, Convert.cgFloat),
        .make("transform", \CALayer.transform, { $0.transform = $1 }, .transform, role: .placement, viewBlocks: true, Convert.transform),
        .make("sublayerTransform", \CALayer.sublayerTransform, { $0.sublayerTransform = $1 }, .transform, role: .compositing, viewBlocks: true, Convert.transform),
        .make("geometryFlipped", \CALayer.isGeometryFlipped, { $0.isGeometryFlipped = $1 }, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("hidden", \CALayer.isHidden, { $0.isHidden = $1 }, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("doubleSided", \CALayer.isDoubleSided, { $0.isDoubleSided = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("masksToBounds", \CALayer.masksToBounds, { $0.masksToBounds = $1 }, .discrete, implicit: false, Convert.bool),
        .make("opacity", \CALayer.opacity, { $0.opacity = $1 }, .number, role: .placement, viewBlocks: true, Convert.float),
        .make("allowsGroupOpacity", \CALayer.allowsGroupOpacity, { $0.allowsGroupOpacity = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("opaque", \CALayer.isOpaque, { $0.isOpaque = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("shouldRasterize", \CALayer.shouldRasterize, { $0.shouldRasterize = $1 }, .discrete, role: .compositing, implicit: false, Convert.bool),
        .make("rasterizationScale", \CALayer.rasterizationScale, { $0.rasterizationScale = $1 }, .number, role: .compositing, Convert.cgFloat),
        .make("allowsEdgeAntialiasing", \CALayer.allowsEdgeAntialiasing, { $0.allowsEdgeAntialiasing = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.bool),
        .make("compositingFilter", \CALayer.compositingFilter, { $0.compositingFilter = $1 }, .discrete, role: .compositing, implicit: false, Convert.any),
        .make("filters", \CALayer.filters, { $0.filters = $1 }, .discrete, role: .compositing, implicit: false, Convert.optionalArray),
        // Calyx's recolouring capability (PictureRecolor.swift), animatable by a discrete keyframe animation;
        // a name no Apple key or client attribute is likely to take.
        .make(CALayer.pictureRecolorKey, \CALayer.pictureRecolor, { $0.pictureRecolor = $1 }, .discrete, role: .compositing, implicit: false, Convert.pictureRecolor),
        .make("backgroundFilters", \CALayer.backgroundFilters, { $0.backgroundFilters = $1 }, .discrete, role: .compositing, implicit: false, Convert.optionalArray),
        // Contents cross-dissolve: a discrete value the compositor blends (semantics §3.3).
        .make("contents", \CALayer.contents, { $0.contents = $1 }, .discrete, Convert.any),
        .make("contentsRect", \CALayer.contentsRect, { $0.contentsRect = $1 }, .rect, viewBlocks: true, Convert.rect),
        .make("contentsCenter", \CALayer.contentsCenter, { $0.contentsCenter = $1 }, .rect, viewBlocks: true, Convert.rect),
        .make("contentsGravity", \CALayer.contentsGravity, { $0.contentsGravity = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("contentsScale", \CALayer.contentsScale, { $0.contentsScale = $1 }, .number, Convert.cgFloat),
        .make("contentsFormat", \CALayer.contentsFormat, { $0.contentsFormat = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("minificationFilter", \CALayer.minificationFilter, { $0.minificationFilter = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("magnificationFilter", \CALayer.magnificationFilter, { $0.magnificationFilter = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("minificationFilterBias", \CALayer.minificationFilterBias, { $0.minificationFilterBias = $1 }, .number, Convert.float),
        .make("backgroundColor", \CALayer.backgroundColor, { $0.backgroundColor = $1 }, .color, viewBlocks: true, Convert.color),
        .make("cornerRadius", \CALayer.cornerRadius, { $0.cornerRadius = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("cornerCurve", \CALayer.cornerCurve, { $0.cornerCurve = $1 }, .discrete, implicit: false, animatable: false, Convert.string),
        .make("maskedCorners", \CALayer.maskedCorners, { $0.maskedCorners = $1 }, .discrete, implicit: false, animatable: false, Convert.optionSet),
        .make("edgeAntialiasingMask", \CALayer.edgeAntialiasingMask, { $0.edgeAntialiasingMask = $1 }, .discrete, role: .compositing, implicit: false, animatable: false, Convert.optionSet),
        .make("drawsAsynchronously", \CALayer.drawsAsynchronously, { $0.drawsAsynchronously = $1 }, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.bool),
        .make("borderWidth", \CALayer.borderWidth, { $0.borderWidth = $1 }, .number, viewBlocks: true, Convert.cgFloat),
        .make("borderColor", \CALayer.borderColor, { $0.borderColor = $1 }, .color, viewBlocks: true, Convert.color),
        .make("shadowColor", \CALayer.shadowColor, { $0.shadowColor = $1 }, .color, role: .compositing, viewBlocks: true, Convert.color),
        .make("shadowOpacity", \CALayer.shadowOpacity, { $0.shadowOpacity = $1 }, .number, role: .compositing, viewBlocks: true, Convert.float),
        .make("shadowOffset", \CALayer.shadowOffset, { $0.shadowOffset = $1 }, .size, role: .compositing, viewBlocks: true, Convert.size),
        .make("shadowRadius", \CALayer.shadowRadius, { $0.shadowRadius = $1 }, .number, role: .compositing, viewBlocks: true, Convert.cgFloat),
        .make("shadowPath", \CALayer.shadowPath, { $0.shadowPath = $1 }, .path, role: .compositing, viewBlocks: true, Convert.path),
        .make("name", \CALayer.name, { $0.name = $1 }, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.optionalString),
        .make("needsDisplayOnBoundsChange", \CALayer.needsDisplayOnBoundsChange, { $0.needsDisplayOnBoundsChange = $1 }, .discrete, role: .behaviour, implicit: false, animatable: false, Convert.bool),
        .make("beginTime", \CALayer.beginTime, { $0.beginTime = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("duration", \CALayer.duration, { $0.duration = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("speed", \CALayer.speed, { $0.speed = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.float),
        .make("timeOffset", \CALayer.timeOffset, { $0.timeOffset = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("repeatCount", \CALayer.repeatCount, { $0.repeatCount = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.float),
        .make("repeatDuration", \CALayer.repeatDuration, { $0.repeatDuration = $1 }, .number, role: .timing, implicit: false, animatable: false, Convert.double),
        .make("autoreverses", \CALayer.autoreverses, { $0.autoreverses = $1 }, .discrete, role: .timing, implicit: false, animatable: false, Convert.bool),
        .make("fillMode", \CALayer.fillMode, { $0.fillMode = $1 }, .discrete, role: .timing, implicit: false, animatable: false, Convert.string),
    ])
}

/// What a frame's animations change, as the roles of the animated properties: all the renderers decide from
/// (whether a layer's raster, or a group's picture, can be kept), without comparing key names each frame.
package struct AnimatedRoles: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let placement = AnimatedRoles(rawValue: 1 << 0)
    package static let raster = AnimatedRoles(rawValue: 1 << 1)
    package static let compositing = AnimatedRoles(rawValue: 1 << 2)
    package static let timing = AnimatedRoles(rawValue: 1 << 3)
    package static let behaviour = AnimatedRoles(rawValue: 1 << 4)
    /// A key the layer's class does not declare: a custom key, or a virtual one (a filter's input, an emitter
    /// cell's value), which changes neither the layer's own raster nor only its placement.
    package static let undeclared = AnimatedRoles(rawValue: 1 << 5)
    /// The layer's bounds (a `.raster` key too): the one key of its own raster that also moves its sublayers and
    /// mask, whose origin its bounds' origin places.
    package static let bounds = AnimatedRoles(rawValue: 1 << 6)

    init(_ role: PropertyRole) {
        switch role {
        case .placement: self = .placement
        case .raster: self = .raster
        case .compositing: self = .compositing
        case .timing: self = .timing
        case .behaviour: self = .behaviour
        }
    }

    /// The roles of `keys` in `layer`'s class (looked up once, when an animation plan is made).
    init(keys: some Sequence<String>, of layer: CALayer) {
        let table = type(of: layer).propertyTable
        self = keys.reduce(into: []) { roles, key in
            roles.insert(table[key].map { AnimatedRoles($0.role) } ?? .undeclared)
            if key == "bounds" { roles.insert(.bounds) }
        }
    }

    /// Whether the animations only move or fade the layer's finished picture.
    var onlyPlaces: Bool { isSubset(of: .placement) }
}

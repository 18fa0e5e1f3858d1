@_implementationOnly import CMathShim

/// A key path resolved once against a layer class: the property it reaches and, for virtual key paths, the
/// field inside the property's value (semantics §3.3, CAPG appendix C).
package struct KeyPathBinding: Sendable {
    /// Fields of compound values that key paths may name.
    package enum Field: Sendable, Equatable {
        case whole
        case pointX, pointY
        case sizeWidth, sizeHeight
        case rectOrigin, rectOriginX, rectOriginY, rectSize, rectWidth, rectHeight
        case rotationX, rotationY, rotationZ
        /// `scaleXY`: "transform.scale.xy", x and y together (undocumented, but iOS code relies on it).
        case scaleX, scaleY, scaleZ, scale, scaleXY
        case translationX, translationY, translationZ, translation

        /// Whether the field is one of the transform's scale factors.
        var isScale: Bool {
            switch self {
            case .scaleX, .scaleY, .scaleZ, .scale, .scaleXY: return true
            default: return false
            }
        }
    }

    package let property: String
    package let kind: ValueKind
    package let field: Field
    /// The kind of the field's values (numbers for scalar fields).
    package var fieldKind: ValueKind {
        switch field {
        case .whole: return kind
        case .rectOrigin: return .point
        case .rectSize, .translation: return .size
        default: return .number
        }
    }

    /// Resolves `keyPath` for `layerClass`. Unknown first components resolve to a dynamic key whose kind is
    /// `dynamicKind` (inferred from the animation's values); unknown sub-fields answer nil.
    package init?(_ keyPath: String, table: PropertyTable, dynamicKind: ValueKind? = nil) {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        let rest = parts.dropFirst().joined(separator: ".")
        if parts.count > 1, let p = table[keyPath] {
            // A property named by a whole dotted path (an emitter's cell key paths).
            property = keyPath; kind = p.kind; field = .whole
        } else if let p = table[first] {
            guard let f = KeyPathBinding.field(rest, of: p.kind) else { return nil }
            property = first; kind = p.kind; field = f
        } else {
            guard rest.isEmpty, let k = dynamicKind else { return nil }
            property = first; kind = k; field = .whole
        }
    }

    private static func field(_ path: String, of kind: ValueKind) -> Field? {
        switch (kind, path) {
        case (_, ""): return .whole
        case (.point, "x"): return .pointX
        case (.point, "y"): return .pointY
        case (.size, "width"): return .sizeWidth
        case (.size, "height"): return .sizeHeight
        case (.rect, "origin"): return .rectOrigin
        case (.rect, "origin.x"): return .rectOriginX
        case (.rect, "origin.y"): return .rectOriginY
        case (.rect, "size"): return .rectSize
        case (.rect, "size.width"): return .rectWidth
        case (.rect, "size.height"): return .rectHeight
        case (.transform, "rotation.x"): return .rotationX
        case (.transform, "rotation.y"): return .rotationY
        case (.transform, "rotation.z"), (.transform, "rotation"): return .rotationZ
        case (.transform, "scale.x"): return .scaleX
        case (.transform, "scale.y"): return .scaleY
        case (.transform, "scale.z"): return .scaleZ
        case (.transform, "scale"): return .scale
        case (.transform, "scale.xy"): return .scaleXY
        case (.transform, "translation.x"): return .translationX
        case (.transform, "translation.y"): return .translationY
        case (.transform, "translation.z"): return .translationZ
        case (.transform, "translation"): return .translation
        default: return nil
        }
    }

    /// The field's value inside `value`.
    package func read(_ value: AnimatableValue) -> AnimatableValue? { Self.read(field, of: value) }

    /// `field`'s value inside `value`.
    @inline(__always)
    static func read(_ field: Field, of value: AnimatableValue) -> AnimatableValue? {
        switch (field, value) {
        case (.whole, _): return value
        case (.pointX, .point(let p)): return .number(p.x)
        case (.pointY, .point(let p)): return .number(p.y)
        case (.sizeWidth, .size(let s)): return .number(s.width)
        case (.sizeHeight, .size(let s)): return .number(s.height)
        case (.rectOrigin, .rect(let r)): return .point(r.origin)
        case (.rectOriginX, .rect(let r)): return .number(r.origin.x)
        case (.rectOriginY, .rect(let r)): return .number(r.origin.y)
        case (.rectSize, .rect(let r)): return .size(r.size)
        case (.rectWidth, .rect(let r)): return .number(r.width)
        case (.rectHeight, .rect(let r)): return .number(r.height)
        case (_, .transform(let t)): return TransformFields(t).read(field)
        default: return nil
        }
    }

    /// `value` with the field replaced by `fieldValue`.
    package func write(_ fieldValue: AnimatableValue, into value: AnimatableValue) -> AnimatableValue {
        switch (field, value, fieldValue) {
        case (.whole, _, _): return fieldValue
        case (.pointX, .point(let p), .number(let x)): return .point(CGPoint(x: x, y: p.y))
        case (.pointY, .point(let p), .number(let y)): return .point(CGPoint(x: p.x, y: y))
        case (.sizeWidth, .size(let s), .number(let w)): return .size(CGSize(width: w, height: s.height))
        case (.sizeHeight, .size(let s), .number(let h)): return .size(CGSize(width: s.width, height: h))
        case (.rectOrigin, .rect(let r), .point(let p)): return .rect(CGRect(origin: p, size: r.size))
        case (.rectOriginX, .rect(let r), .number(let x)): return .rect(CGRect(x: x, y: r.minY, width: r.width, height: r.height))
        case (.rectOriginY, .rect(let r), .number(let y)): return .rect(CGRect(x: r.minX, y: y, width: r.width, height: r.height))
        case (.rectSize, .rect(let r), .size(let s)): return .rect(CGRect(origin: r.origin, size: s))
        case (.rectWidth, .rect(let r), .number(let w)): return .rect(CGRect(x: r.minX, y: r.minY, width: w, height: r.height))
        case (.rectHeight, .rect(let r), .number(let h)): return .rect(CGRect(x: r.minX, y: r.minY, width: r.width, height: h))
        case (_, .transform(let t), _):
            var fields = TransformFields(t)
            fields.write(field, fieldValue)
            return .transform(fields.recomposed)
        default: return value
        }
    }

    /// For an additive sub-field animation: the field's contribution combined with the running value. Transform
    /// fields apply their own transform before the running one (rotation by the angle, and so on); other fields
    /// add.
    package func add(_ fieldValue: AnimatableValue, to value: AnimatableValue) -> AnimatableValue {
        if case .transform(let t) = value, field != .whole {
            return .transform(TransformFields.additive(field, fieldValue, over: t, fields: TransformFields(t)))
        }
        // Values that do not add (paths, strings, colours of mismatched spaces) animate as if not additive.
        guard let current = read(value) else { return value }
        return write(fieldValue.adding(current) ?? fieldValue, into: value)
    }
}

/// A transform as the fields its virtual key paths name: scale, rotation as Euler angles (applied x, then y,
/// then z), translation — plus the skew and perspective it keeps. Recomposes as S·K·Rx·Ry·Rz·T·P.
struct TransformFields {
    var base: DecomposedTransform
    var rotation: (x: Double, y: Double, z: Double)

    init(_ t: CATransform3D) {
        base = DecomposedTransform(t) ?? .identity
        // Euler angles of R = Rx·Ry·Rz (row vectors): the column-vector matrix is Rzᶜ·Ryᶜ·Rxᶜ.
        let r = Quaternion.rotationRows(base.quaternion)
        rotation.y = asin(max(-1, min(1, -r.0.z)))
        rotation.x = atan2(r.1.z, r.2.z)
        rotation.z = atan2(r.0.y, r.0.x)
    }

    func read(_ field: KeyPathBinding.Field) -> AnimatableValue? {
        switch field {
        case .rotationX: return .number(rotation.x)
        case .rotationY: return .number(rotation.y)
        case .rotationZ: return .number(rotation.z)
        case .scaleX: return .number(base.scale.x)
        case .scaleY: return .number(base.scale.y)
        case .scaleZ: return .number(base.scale.z)
        case .scale: return .number((base.scale.x + base.scale.y + base.scale.z) / 3)
        case .scaleXY: return .number((base.scale.x + base.scale.y) / 2)
        case .translationX: return .number(base.translation.x)
        case .translationY: return .number(base.translation.y)
        case .translationZ: return .number(base.translation.z)
        case .translation: return .size(CGSize(width: base.translation.x, height: base.translation.y))
        default: return nil
        }
    }

    mutating func write(_ field: KeyPathBinding.Field, _ value: AnimatableValue) {
        if case .size(let s) = value, field == .translation { base.translation.x = s.width; base.translation.y = s.height; return }
        guard case .number(let v) = value else { return }
        switch field {
        case .rotationX: rotation.x = v
        case .rotationY: rotation.y = v
        case .rotationZ: rotation.z = v
        case .scaleX: base.scale.x = v
        case .scaleY: base.scale.y = v
        case .scaleZ: base.scale.z = v
        case .scale: base.scale = (v, v, v)
        case .scaleXY: base.scale.x = v; base.scale.y = v
        case .translationX: base.translation.x = v
        case .translationY: base.translation.y = v
        case .translationZ: base.translation.z = v
        default: break
        }
    }

    var recomposed: CATransform3D { recomposed(rotation: rotation, scale: base.scale, translation: base.translation) }

    /// The transform with one numeric field replaced, without copying the fields (the per-frame path).
    func recomposed(setting field: KeyPathBinding.Field, to v: Double) -> CATransform3D {
        var r = rotation, s = base.scale, t = base.translation
        switch field {
        case .rotationX: r.x = v
        case .rotationY: r.y = v
        case .rotationZ: r.z = v
        case .scaleX: s.x = v
        case .scaleY: s.y = v
        case .scaleZ: s.z = v
        case .scale: s = (v, v, v)
        case .scaleXY: s.x = v; s.y = v
        case .translationX: t.x = v
        case .translationY: t.y = v
        case .translationZ: t.z = v
        default: break
        }
        return recomposed(rotation: r, scale: s, translation: t)
    }

    /// The transform with `v` added to a scale field, as an additive `transform.scale` animation adds its number
    /// to the scale underneath (values 0, 0.2, 0 pulse a layer of scale 1 to 1.2 and back: Spring's "pop").
    func recomposed(adding v: Double, toScale field: KeyPathBinding.Field) -> CATransform3D {
        var s = base.scale
        switch field {
        case .scaleX: s.x += v
        case .scaleY: s.y += v
        case .scaleZ: s.z += v
        case .scale: s = (s.x + v, s.y + v, s.z + v)
        case .scaleXY: s.x += v; s.y += v
        default: break
        }
        return recomposed(rotation: rotation, scale: s, translation: base.translation)
    }

    /// S·K·Rx·Ry·Rz·T·P: R built directly (row vectors), then the rows of S·K·R as DecomposedTransform does.
    @inline(__always)
    private func recomposed(rotation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
                            translation t: (x: Double, y: Double, z: Double)) -> CATransform3D {
        let (cx, sx) = cs(rotation.x), (cy, sy) = cs(rotation.y), (cz, sz) = cs(rotation.z)
        let r0 = Vector3(cy * cz, cy * sz, -sy)
        let r1 = Vector3(sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy)
        let r2 = Vector3(cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy)
        return DecomposedTransform.compose(rotationRows: (r0, r1, r2), scale: scale, skew: base.skew, translation: t,
                                           perspective: base.perspective)
    }

    /// Cosine and sine; zero angles (the common case: one animated axis) need no trigonometry.
    @inline(__always) private func cs(_ a: Double) -> (Double, Double) { a == 0 ? (1, 0) : cosineAndSine(a) }

    /// `base` under an additive animation of one field: a scale adds its number to the scale underneath; a
    /// rotation or translation concatenates the transform it stands for (for one field, the same addition).
    static func additive(_ field: KeyPathBinding.Field, _ value: AnimatableValue, over base: CATransform3D,
                         fields: @autoclosure () -> TransformFields) -> CATransform3D {
        if field.isScale, case .number(let v) = value { return fields().recomposed(adding: v, toScale: field) }
        return delta(field, value).concatenating(base)
    }

    /// The transform one field's value stands for on its own (for additive sub-field animations).
    static func delta(_ field: KeyPathBinding.Field, _ value: AnimatableValue) -> CATransform3D {
        if case .size(let s) = value, field == .translation { return CATransform3DMakeTranslation(s.width, s.height, 0) }
        guard case .number(let v) = value else { return CATransform3DIdentity }
        let c = CGFloat(v)
        switch field {
        case .rotationX: return CATransform3DMakeRotation(c, 1, 0, 0)
        case .rotationY: return CATransform3DMakeRotation(c, 0, 1, 0)
        case .rotationZ: return CATransform3DMakeRotation(c, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(c, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, c, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, c)
        case .scale: return CATransform3DMakeScale(c, c, c)
        case .scaleXY: return CATransform3DMakeScale(c, c, 1)
        case .translationX: return CATransform3DMakeTranslation(c, 0, 0)
        case .translationY: return CATransform3DMakeTranslation(0, c, 0)
        case .translationZ: return CATransform3DMakeTranslation(0, 0, c)
        default: return CATransform3DIdentity
        }
    }
}

/// Cosine and sine of one angle in one call (glibc's sincos).
@inline(__always) func cosineAndSine(_ a: Double) -> (Double, Double) {
    var s = 0.0, c = 0.0
    calyx_sincos(a, &s, &c)
    return (c, s)
}

/// The closed set of value shapes Core Animation animates, in one enum so evaluation needs no dynamic casts and
/// no allocation for the common cases. Each property has a ``ValueKind``; values given as `Any` at the API
/// (numbers, points, colours, `[NSNumber]`…) are converted once, when an animation is added.
package enum AnimatableValue: Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(RGBA)
    case transform(CATransform3D)
    case path(CGPath)
    case numbers([Double])
    case colors([RGBA])
    /// Anything that only switches (booleans, strings, images, nil): Q12's rule, the second value from ½.
    case discrete(DiscreteBox)
}

/// A non-interpolable value, boxed so the enum stays `Sendable` (the value is never mutated through it).
package struct DiscreteBox: @unchecked Sendable {
    package let value: Any?
    package init(_ value: Any?) { self.value = value }
}

/// How a property's values are shaped.
package enum ValueKind: Sendable {
    case number, point, size, rect, color, transform, path, numbers, colors, discrete
}

extension AnimatableValue {
    /// What a nil value reads as underneath an animation of `kind` — an unset custom key, or a property whose
    /// model value is nil (`backgroundColor`, `strokeColor`, `path`, `lineDashPattern`, `contents`): numbers and
    /// geometry as zeros (as Objective-C reads nil), a colour as transparent, a path or a list as empty, anything
    /// else as nil. So an animation with its own values runs from its `fromValue` to its `toValue` over a nil
    /// model value, as on Apple's; each of these draws as the nil it stands for.
    static func unset(as kind: ValueKind) -> AnimatableValue? {
        switch kind {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(.clear)
        case .path: return .path(CGPath())
        case .numbers: return .numbers([])
        case .colors: return .colors([])
        case .discrete: return .discrete(DiscreteBox(nil))
        case .transform: return nil
        }
    }

    /// Whether this is what ``unset(as:)`` gives for its kind (an animation that leaves it so had no effect).
    var isUnsetStandIn: Bool {
        switch self {
        case .number(let v): return v == 0
        case .point(let p): return p == .zero
        case .size(let s): return s == .zero
        case .rect(let r): return r == .zero
        case .color(let c): return c == .clear
        case .path(let p): return p.isEmpty
        case .numbers(let n): return n.isEmpty
        case .colors(let c): return c.isEmpty
        case .discrete(let box): return box.value == nil
        case .transform: return false
        }
    }

    /// The kind this value is.
    package var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .path: return .path
        case .numbers: return .numbers
        case .colors: return .colors
        case .discrete: return .discrete
        }
    }
}

extension AnimatableValue {
    /// Converts an API value (`Any`) to this kind; nil when it cannot stand for one (semantics Q6: such a value
    /// makes no contribution). Numbers may come as any numeric type or `NSNumber`; points, sizes, rects and
    /// colours may also come as arrays of numbers, as Apple accepts. Two-component values stand for each other
    /// (a point, a size or a vector, bare or boxed), as Core Animation reads an `NSValue` by its size: iOS code
    /// animates `transform.translation` with points and `position` with sizes, and both move the layer there.
    package init?(_ any: Any?, as kind: ValueKind) {
        let any = kind == .discrete ? any : unboxed(any)
        switch kind {
        case .discrete:
            self = .discrete(DiscreteBox(any))
        case .number:
            guard let d = anyToDouble(any) else { return nil }
            self = .number(d)
        case .point:
            guard let (x, y) = twoComponents(any) else { return nil }
            self = .point(CGPoint(x: x, y: y))
        case .size:
            guard let (width, height) = twoComponents(any) else { return nil }
            self = .size(CGSize(width: width, height: height))
        case .rect:
            if let r = any as? CGRect { self = .rect(r) }
            else if let n = anyToDoubles(any), n.count == 4 { self = .rect(CGRect(x: n[0], y: n[1], width: n[2], height: n[3])) }
            else { return nil }
        case .color:
            if let c = any as? CGColorConvertible { self = .color(c.cgColor.rgba) }
            else if let n = anyToDoubles(any), n.count == 4 { self = .color(RGBA(r: n[0], g: n[1], b: n[2], a: n[3])) }
            else { return nil }
        case .transform:
            if let t = any as? CATransform3D { self = .transform(t) }
            else if let a = any as? CGAffineTransform { self = .transform(CATransform3DMakeAffineTransform(a)) }
            else { return nil }
        case .path:
            guard let p = any as? CGPath else { return nil }
            self = .path(p)
        case .numbers:
            guard let n = anyToDoubles(any) else { return nil }
            self = .numbers(n)
        case .colors:
            guard let list = any as? [Any] else { return nil }
            let colors = list.compactMap { ($0 as? CGColorConvertible)?.cgColor.rgba }
            guard colors.count == list.count else { return nil }
            self = .colors(colors)
        }
    }

    /// The value as an API object, in the property's Swift type family (numbers as `Double`; colours as
    /// `CGColor` in extended sRGB).
    package var anyValue: Any? {
        switch self {
        case .number(let d): return d
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .color(let c): return CGColor(extendedSRGBRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case .transform(let t): return t
        case .path(let p): return p
        case .numbers(let n): return n.map { NSNumber(value: $0) }
        case .colors(let c): return c.map { CGColor(extendedSRGBRed: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        case .discrete(let box): return box.value
        }
    }

    package var number: Double? { if case .number(let d) = self { return d }; return nil }
}

/// The two numbers of a point, size or vector, or of an array of two numbers.
private func twoComponents(_ any: Any?) -> (CGFloat, CGFloat)? {
    switch any {
    case let p as CGPoint: return (p.x, p.y)
    case let s as CGSize: return (s.width, s.height)
    case let v as CGVector: return (v.dx, v.dy)
    default:
        guard let n = anyToDoubles(any), n.count == 2 else { return nil }
        return (CGFloat(n[0]), CGFloat(n[1]))
    }
}

/// Any numeric value (Swift numbers, `NSNumber`, `Bool` excluded) as a `Double`; NaN passes through.
package func anyToDouble(_ any: Any?) -> Double? {
    switch any {
    case let d as Double: return d
    case let f as CGFloat: return Double(f)
    case let f as Float: return Double(f)
    case let i as Int: return Double(i)
    case let n as NSNumber: return n.doubleValue
    case let i as Int32: return Double(i)
    case let u as UInt: return Double(u)
    default: return nil
    }
}

/// An array of numbers as `[Double]`.
package func anyToDoubles(_ any: Any?) -> [Double]? {
    if let d = any as? [Double] { return d }
    if let f = any as? [CGFloat] { return f.map(Double.init) }
    guard let list = any as? [Any] else { return nil }
    let values = list.compactMap(anyToDouble)
    return values.count == list.count ? values : nil
}

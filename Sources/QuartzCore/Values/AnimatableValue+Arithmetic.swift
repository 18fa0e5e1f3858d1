extension AnimatableValue {
    /// `self` blended toward `b` by `t` (not clamped: springs overshoot). Mismatched or non-interpolable values
    /// switch at ½ (Q12); paths and arrays interpolate element-wise only when their shapes match (Q10, Q11).
    package func interpolated(to b: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (self, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
        case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
        case (.size(let p), .size(let q)):
            return .size(CGSize(width: p.width + (q.width - p.width) * t, height: p.height + (q.height - p.height) * t))
        case (.rect(let p), .rect(let q)):
            // Origin and size, not corners (semantics §3.3).
            return .rect(CGRect(x: p.origin.x + (q.origin.x - p.origin.x) * t, y: p.origin.y + (q.origin.y - p.origin.y) * t,
                                width: p.width + (q.width - p.width) * t, height: p.height + (q.height - p.height) * t))
        case (.color(let p), .color(let q)): return .color(mix(p, q, t))
        case (.transform(let p), .transform(let q)): return .transform(p.interpolated(to: q, fraction: t))
        case (.numbers(let p), .numbers(let q)) where p.count == q.count:
            return .numbers(zip(p, q).map { $0 + ($1 - $0) * t })
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { mix($0, $1, t) })
        case (.path(let p), .path(let q)):
            if let blended = p.blended(with: q, fraction: t) { return .path(blended) }
            return t < 0.5 ? self : b
        default:
            return t < 0.5 ? self : b
        }
    }

    /// The type's addition, for additive and cumulative animations and by-values: component-wise for numbers,
    /// geometry and colours; for transforms `self · b` — `self` (the animation's) applies first (Q7). Nil when
    /// the type does not add.
    package func adding(_ b: AnimatableValue) -> AnimatableValue? {
        switch (self, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case (.size(let p), .size(let q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case (.rect(let p), .rect(let q)):
            return .rect(CGRect(x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y, width: p.width + q.width, height: p.height + q.height))
        case (.color(let p), .color(let q)): return .color(RGBA(r: p.r + q.r, g: p.g + q.g, b: p.b + q.b, a: p.a + q.a))
        case (.transform(let p), .transform(let q)): return .transform(p.concatenating(q))
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: return .numbers(zip(p, q).map(+))
        default: return nil
        }
    }

    /// `self − b` (transforms: `self · b⁻¹`), for "to − by" in basic animations. Nil when the type does not add.
    package func subtracting(_ b: AnimatableValue) -> AnimatableValue? {
        b.negated.flatMap { adding($0) }
    }

    /// The additive inverse.
    package var negated: AnimatableValue? {
        switch self {
        case .number(let x): return .number(-x)
        case .point(let p): return .point(CGPoint(x: -p.x, y: -p.y))
        case .size(let s): return .size(CGSize(width: -s.width, height: -s.height))
        case .rect(let r): return .rect(CGRect(x: -r.origin.x, y: -r.origin.y, width: -r.width, height: -r.height))
        case .color(let c): return .color(RGBA(r: -c.r, g: -c.g, b: -c.b, a: -c.a))
        case .transform(let t): return .transform(CATransform3DInvert(t))
        case .numbers(let n): return .numbers(n.map { -$0 })
        default: return nil
        }
    }

    /// Distance between values, for paced keyframes: |Δ| for numbers, Euclidean for points and sizes, over all
    /// components for rects, colours and arrays; transforms by their translations. 0 for discrete values.
    package func distance(to b: AnimatableValue) -> Double {
        func norm(_ values: [Double]) -> Double { values.reduce(0) { $0 + $1 * $1 }.squareRoot() }
        switch (self, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let p), .point(let q)): return norm([q.x - p.x, q.y - p.y])
        case (.size(let p), .size(let q)): return norm([q.width - p.width, q.height - p.height])
        case (.rect(let p), .rect(let q)): return norm([q.minX - p.minX, q.minY - p.minY, q.width - p.width, q.height - p.height])
        case (.color(let p), .color(let q)): return norm([q.r - p.r, q.g - p.g, q.b - p.b, q.a - p.a])
        case (.transform(let p), .transform(let q)): return norm([q.m41 - p.m41, q.m42 - p.m42, q.m43 - p.m43])
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: return norm(zip(p, q).map { $1 - $0 })
        default: return 0
        }
    }
}

/// Unpremultiplied component-wise colour interpolation in extended sRGB (Q8 DECISION).
@inline(__always) func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
    RGBA(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t)
}

extension CGPath {
    /// Element-wise blend of two paths with the same element kinds (on-line and off-line points alike, which
    /// is linear in both; semantics §3.3); nil when their structures differ (Q10: the caller switches at ½).
    package func blended(with other: CGPath, fraction t: Double) -> CGPath? {
        guard elements.count == other.elements.count else { return nil }
        var out: [PathElement] = []
        out.reserveCapacity(elements.count)
        func l(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): out.append(.move(l(p, q)))
            case (.line(let p), .line(let q)): out.append(.line(l(p, q)))
            case (.quad(let c, let p), .quad(let d, let q)): out.append(.quad(l(c, d), l(p, q)))
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): out.append(.cubic(l(c1, d1), l(c2, d2), l(p, q)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return CGPath(elements: out)
    }
}

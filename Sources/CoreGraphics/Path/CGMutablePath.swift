/// A path you build element by element. Every call takes an optional `transform` applied to its points.
///
/// A line or curve added with no current point is ignored (Apple logs a "no current point" error and does the
/// same). An element with a NaN or infinite coordinate (after its transform) is ignored too, as Apple's
/// CoreGraphics ignores "invalid numeric values": a path only ever holds finite points (docs/bad-input.md).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Start of the subpath being built, for `closeSubpath` and for the implicit move after a close.
    @exclusivity(unchecked) private var subpathStart: CGPoint?
    /// Whether the last element was a close (so the next segment needs an implicit move).
    @exclusivity(unchecked) private var afterClose = false

    /// An empty path.
    public convenience init() { self.init(elements: []) }

    package override init(elements: [PathElement]) {
        super.init(elements: elements)
        // Re-derive the builder state from the elements (which come from another path: finite already).
        for e in elements {
            switch e {
            case .move(let p): subpathStart = p; afterClose = false
            case .close: afterClose = true
            default: afterClose = false
            }
        }
    }

    /// Empties the path, keeping its storage for the elements to come (a context starts a new path for every
    /// drawing); false, leaving the path as it was, when it holds a trim made from its elements or storage for
    /// more than a few thousand elements (which one huge path should not pin for the context's life).
    package func removeAllKeepingCapacity() -> Bool {
        guard trimCache.load() == nil, elements.capacity <= 4_096 else { return false }
        elements.removeAll(keepingCapacity: true)
        subpathStart = nil
        afterClose = false
        return true
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        guard p.isFinite else { return }
        elements.append(.move(p))
        subpathStart = p
        afterClose = false
    }

    /// Appends a segment, inserting the implicit move after a close; ignored without a current point or with a
    /// non-finite point.
    private func appendSegment(_ element: PathElement) {
        guard let start = subpathStart, element.isFinite else { return }
        if afterClose { elements.append(.move(start)); afterClose = false }
        elements.append(element)
    }

    /// A straight line from the current point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.line(point.applying(transform)))
    }

    /// A quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.quad(control.applying(transform), end.applying(transform)))
    }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        appendSegment(.cubic(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    /// Closes the current subpath with a straight line to its start. Ignored when there is no open subpath.
    public func closeSubpath() {
        guard subpathStart != nil, !afterClose, !elements.isEmpty else { return }
        elements.append(.close)
        afterClose = true
    }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A closed rectangle subpath: minimum corner first, angle increasing (counter-clockwise with y up).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    /// One closed rectangle subpath per rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        rects.forEach { addRect($0, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`: four cubic curves from (maxX, midY), angle increasing.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        // Map the unit circle onto the ellipse, then through the caller's transform.
        let toEllipse = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: center.x, ty: center.y)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: toEllipse)
        appendArcCurves(center: .zero, radius: 1, startAngle: 0, delta: 2 * .pi, transform: toEllipse)
        closeSubpath()
    }

    /// A closed rounded rectangle; each corner is a quarter ellipse of `cornerWidth` × `cornerHeight`, both
    /// clamped to [0, half the side]. Starts on the bottom edge (minimum y) and runs with angle increasing.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(cornerWidth.isNaN ? 0 : cornerWidth, 0), r.width / 2)
        let ry = min(max(cornerHeight.isNaN ? 0 : cornerHeight, 0), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r, transform: transform); return }
        move(to: CGPoint(x: r.minX + rx, y: r.minY), transform: transform)
        // Each corner: a quarter of the unit circle mapped onto an rx × ry ellipse centred inside the corner.
        let corners: [(CGFloat, CGFloat, CGFloat)] = [
            (r.maxX - rx, r.minY + ry, -.pi / 2), (r.maxX - rx, r.maxY - ry, 0),
            (r.minX + rx, r.maxY - ry, .pi / 2), (r.minX + rx, r.minY + ry, .pi),
        ]
        for (cx, cy, start) in corners {
            let toCorner = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: cx, ty: cy).concatenating(transform)
            addLine(to: CGPoint(x: cos(start), y: sin(start)), transform: toCorner)
            appendArcCurves(center: .zero, radius: 1, startAngle: start, delta: .pi / 2, transform: toCorner)
        }
        closeSubpath()
    }

    /// Appends `path`'s elements, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(path.elements, transform: transform)
    }

    /// Appends elements through the builder, so a transform that makes a point non-finite drops that element
    /// rather than storing it.
    package func append(_ elements: [PathElement], transform: CGAffineTransform) {
        // (Room made at once for a path added to an empty one, as a context's is for every shape drawn every
        // frame. Not when adding to a path: an exact reservation each time would copy it every time.)
        if self.elements.isEmpty { self.elements.reserveCapacity(elements.count) }
        for e in elements {
            switch e.applying(transform) {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quad(let c, let p): addQuadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }
}

// C-style names.
/// Starts a new subpath at (x, y), mapped by `m`.
public func CGPathMoveToPoint(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ x: CGFloat, _ y: CGFloat) {
    path?.move(to: CGPoint(x: x, y: y), transform: m?.pointee ?? .identity)
}
/// Adds a line to (x, y), mapped by `m`.
public func CGPathAddLineToPoint(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ x: CGFloat, _ y: CGFloat) {
    path?.addLine(to: CGPoint(x: x, y: y), transform: m?.pointee ?? .identity)
}
/// Adds a quadratic curve, mapped by `m`.
public func CGPathAddQuadCurveToPoint(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ cpx: CGFloat, _ cpy: CGFloat, _ x: CGFloat, _ y: CGFloat) {
    path?.addQuadCurve(to: CGPoint(x: x, y: y), control: CGPoint(x: cpx, y: cpy), transform: m?.pointee ?? .identity)
}
/// Adds a cubic curve, mapped by `m`.
public func CGPathAddCurveToPoint(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ cp1x: CGFloat, _ cp1y: CGFloat, _ cp2x: CGFloat, _ cp2y: CGFloat, _ x: CGFloat, _ y: CGFloat) {
    path?.addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: cp1x, y: cp1y), control2: CGPoint(x: cp2x, y: cp2y), transform: m?.pointee ?? .identity)
}
/// Closes the current subpath.
public func CGPathCloseSubpath(_ path: CGMutablePath?) { path?.closeSubpath() }
/// Adds a rectangle, mapped by `m`.
public func CGPathAddRect(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ rect: CGRect) { path?.addRect(rect, transform: m?.pointee ?? .identity) }
/// Adds the ellipse that fits `rect`, mapped by `m`.
public func CGPathAddEllipseInRect(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ rect: CGRect) { path?.addEllipse(in: rect, transform: m?.pointee ?? .identity) }
/// Adds another path's subpaths, mapped by `m`.
public func CGPathAddPath(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ other: CGPath?) {
    if let other { path?.addPath(other, transform: m?.pointee ?? .identity) }
}
/// Adds an arc of a circle, mapped by `m`.
public func CGPathAddArc(_ path: CGMutablePath?, _ m: UnsafePointer<CGAffineTransform>?, _ x: CGFloat, _ y: CGFloat, _ radius: CGFloat, _ startAngle: CGFloat, _ endAngle: CGFloat, _ clockwise: Bool) {
    path?.addArc(center: CGPoint(x: x, y: y), radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, transform: m?.pointee ?? .identity)
}

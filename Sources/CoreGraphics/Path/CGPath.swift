import Synchronization

/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves.
///
/// Coordinates are in whatever space the caller uses (CoreGraphics convention: y up). Paths compare equal when
/// their elements are equal. `CGMutablePath` is the editable subclass.
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The elements, in order. Mutated only by `CGMutablePath` before it is shared. (Unchecked exclusivity: read
    /// for every element a frame draws, and never written while read — a path is built before it is drawn.)
    @exclusivity(unchecked) package var elements: [PathElement]
    /// Measure and last trim, made on the first trim of an immutable path (CGPath+TrimCache.swift).
    let trimCache = AtomicLazyReference<PathTrimCache>()
    /// The last stroke outline worked out in the path's own space (CGPath+StrokeOutlineCache.swift).
    let strokeOutlineCache = AtomicLazyReference<PathStrokeOutlineCache>()

    package init(elements: [PathElement]) { self.elements = elements }

    /// An empty path.
    public convenience init() { self.init(elements: []) }

    /// A closed rectangle: a move to the minimum corner, then lines with angle increasing.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath(); p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// A closed ellipse inscribed in `rect`, from (maxX, midY) with angle increasing.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath(); p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// A closed rounded rectangle; radii are clamped to half the rectangle's sides.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element; after a close, the start of that subpath; `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .close: current = start
            default: current = e.endPoint!
            }
        }
        return current
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy with every point mapped by `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        let mapped = CGMutablePath(); mapped.append(elements, transform: t)
        return CGPath(elements: mapped.elements)
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A mutable copy with every point mapped by `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        let mapped = CGMutablePath(); mapped.append(elements, transform: t)
        return mapped
    }

    /// Calls `block` with each element in order; the element's points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            let points = buffer.baseAddress!
            for e in elements {
                let type: CGPathElementType
                switch e {
                case .move(let p): points[0] = p; type = .moveToPoint
                case .line(let p): points[0] = p; type = .addLineToPoint
                case .quad(let c, let p): points[0] = c; points[1] = p; type = .addQuadCurveToPoint
                case .cubic(let c1, let c2, let p): points[0] = c1; points[1] = c2; points[2] = p; type = .addCurveToPoint
                case .close: type = .closeSubpath
                }
                var element = CGPathElement(type: type, points: points)
                block(&element)
            }
        }
    }

    /// The C-style enumeration: calls `function(info, element)` for each element.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Whether the path is exactly one closed axis-aligned rectangle (as made by `addRect`); if so, stores it.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        for (i, e) in elements.enumerated() {
            switch (i, e) {
            case (0, .move(let p)): points.append(p)
            case (1...3, .line(let p)): points.append(p)
            case (4, .line(let p)) where p == points[0]: continue
            case (4, .close), (5, .close): continue
            default: return false
            }
        }
        guard points.count == 4 else { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        // Consecutive corners must share exactly one coordinate.
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            if (a.x == b.x) == (a.y == b.y) { return false }
        }
        rect?.pointee = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }

    /// Whether two paths have the same elements.
    public static func == (l: CGPath, r: CGPath) -> Bool { l === r || l.elements == r.elements }
    /// Hashes the elements.
    public func hash(into h: inout Hasher) { h.combine(elements) }

    /// The number of elements.
    public var description: String { "<CGPath \(elements.count) elements>" }
}

/// The callback of `apply(info:function:)`. (A Swift closure here: `CGPathElement` is a Swift struct on Linux.)
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

// C-style names.
/// An empty mutable path.
public func CGPathCreateMutable() -> CGMutablePath { CGMutablePath() }
/// An immutable copy.
public func CGPathCreateCopy(_ path: CGPath?) -> CGPath? { path?.copy() }
/// A mutable copy.
public func CGPathCreateMutableCopy(_ path: CGPath?) -> CGMutablePath? { path?.mutableCopy() }
/// Whether the path has no elements (nil is empty).
public func CGPathIsEmpty(_ path: CGPath?) -> Bool { path?.isEmpty ?? true }
/// Whether two paths have the same elements.
public func CGPathEqualToPath(_ a: CGPath?, _ b: CGPath?) -> Bool { a == b }
/// Where the path's last element ends.
public func CGPathGetCurrentPoint(_ path: CGPath?) -> CGPoint { path?.currentPoint ?? .zero }
/// The box holding every point of the path, control points included.
public func CGPathGetBoundingBox(_ path: CGPath?) -> CGRect { path?.boundingBox ?? .null }
/// The tight box around the path's curves, without control points.
public func CGPathGetPathBoundingBox(_ path: CGPath?) -> CGRect { path?.boundingBoxOfPath ?? .null }
/// A path of one rectangle, mapped by `transform`.
public func CGPathCreateWithRect(_ rect: CGRect, _ transform: UnsafePointer<CGAffineTransform>?) -> CGPath { CGPath(rect: rect, transform: transform) }
/// A path of the ellipse that fits `rect`, mapped by `transform`.
public func CGPathCreateWithEllipseInRect(_ rect: CGRect, _ transform: UnsafePointer<CGAffineTransform>?) -> CGPath { CGPath(ellipseIn: rect, transform: transform) }

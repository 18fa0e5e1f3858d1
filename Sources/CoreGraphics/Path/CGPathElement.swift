/// The kind of a path element.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at one point.
    case moveToPoint = 0
    /// A straight line to one point.
    case addLineToPoint
    /// A quadratic curve: a control point and an end point.
    case addQuadCurveToPoint
    /// A cubic curve: two control points and an end point.
    case addCurveToPoint
    /// Closes the subpath with a line back to its start. No points.
    case closeSubpath
}

/// One element of a path, as handed to `applyWithBlock`: `points` holds 1 (move, line), 2 (quad: control, end),
/// 3 (cubic: control 1, control 2, end) or 0 (close) points, valid only during the callback.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points (how many depends on `type`).
    public var points: UnsafeMutablePointer<CGPoint>
    /// An element of `type` with `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) { self.type = type; self.points = points }
}

/// The rule that decides which areas a path encloses.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding = 0
    /// Even-odd crossings.
    case evenOdd = 1
}

/// How the ends of open strokes are drawn.
public enum CGLineCap: Int32, Sendable {
    /// The line stops flat at its end point.
    case butt = 0
    /// The line ends in a half circle around its end point.
    case round
    /// The line ends in a half square beyond its end point.
    case square
}

/// How stroke segments meet.
public enum CGLineJoin: Int32, Sendable {
    /// Segments meet at a sharp corner, bevelled once it passes the miter limit.
    case miter = 0
    /// Segments meet in a circular arc.
    case round
    /// Segments meet in a straight cut across the corner.
    case bevel
}

/// A path element in Calyx's own storage. Curves keep their control points; a line or curve never follows a
/// close without a move (the builder inserts the implicit move), so consumers need no "current point" rules.
package enum PathElement: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint)
    case close

    /// The element's end point, if it has one.
    package var endPoint: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// Whether every point of the element is finite. Elements that are not never enter a path (Apple ignores
    /// such values, logging "invalid numeric value"): see `CGMutablePath`.
    package var isFinite: Bool {
        switch self {
        case .move(let p), .line(let p): return p.isFinite
        case .quad(let c, let p): return c.isFinite && p.isFinite
        case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
        case .close: return true
        }
    }

    /// The element with every point mapped by `t`.
    package func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let c, let p): return .quad(c.applying(t), p.applying(t))
        case .cubic(let c1, let c2, let p): return .cubic(c1.applying(t), c2.applying(t), p.applying(t))
        case .close: return .close
        }
    }
}

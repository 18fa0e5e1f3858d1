/// Insets from each edge of a rectangle (UIKit's y-down terms: top is minimum y).
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset from each edge, in points.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Insets from each edge.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// No insets.
    public static let zero = UIEdgeInsets()
}

/// An offset (horizontal, vertical).
public struct UIOffset: Hashable, Sendable {
    /// The offset along each axis, in points.
    public var horizontal: CGFloat, vertical: CGFloat
    /// An offset along each axis.
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    /// No offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown by negative ones).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// UIKit's `NSValue` boxing. Foundation on Linux cannot box arbitrary structs, so transforms, insets and vectors
/// are boxed as arrays of doubles; animations accept every one of these as the bare value.
extension NSValue {
    /// A value holding a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value holding a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A value holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A value holding a vector.
    public convenience init(cgVector vector: CGVector) { self.init(bytes: [Double(vector.dx), Double(vector.dy)], objCType: "[2d]") }
    /// A value holding an affine transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(bytes: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), objCType: NSValue.affineTransformEncoding)
    }
    /// A value holding edge insets.
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(bytes: [insets.top, insets.left, insets.bottom, insets.right].map(Double.init), objCType: "[4d]")
    }
    /// A value holding an offset.
    public convenience init(uiOffset offset: UIOffset) {
        self.init(bytes: [Double(offset.horizontal), Double(offset.vertical)], objCType: "[2d]")
    }

    /// The point the value holds.
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value holds.
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }
    /// The vector the value holds (zero if it holds none).
    public var cgVectorValue: CGVector { doubles(count: 2).map { CGVector(dx: $0[0], dy: $0[1]) } ?? .zero }
    /// The affine transform the value holds (identity if it holds none).
    public var cgAffineTransformValue: CGAffineTransform {
        doubles(count: 6).map { CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) } ?? .identity
    }
    /// The edge insets the value holds (zero if it holds none).
    public var uiEdgeInsetsValue: UIEdgeInsets {
        doubles(count: 4).map { UIEdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) } ?? .zero
    }
    /// The offset the value holds (zero if it holds none).
    public var uiOffsetValue: UIOffset { doubles(count: 2).map { UIOffset(horizontal: $0[0], vertical: $0[1]) } ?? .zero }
}

/// UIKit's string forms of geometry: "{x, y}", "{w, h}", "{{x, y}, {w, h}}".
extension NSCoder {
    /// A point as UIKit writes it: `{x, y}`.
    public static func string(for point: CGPoint) -> String { "{\(format(point.x)), \(format(point.y))}" }
    /// A size as UIKit writes it: `{width, height}`.
    public static func string(for size: CGSize) -> String { "{\(format(size.width)), \(format(size.height))}" }
    /// A rectangle as UIKit writes it: `{{x, y}, {width, height}}`.
    public static func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }

    /// The point a "{x, y}" string names; zero when it names none.
    public static func cgPoint(for string: String) -> CGPoint {
        let n = numbers(in: string)
        return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero
    }
    /// The size in a `{width, height}` string (zero if it holds none).
    public static func cgSize(for string: String) -> CGSize {
        let n = numbers(in: string)
        return n.count == 2 ? CGSize(width: n[0], height: n[1]) : .zero
    }
    /// The rectangle in a `{{x, y}, {width, height}}` string (zero if it holds none).
    public static func cgRect(for string: String) -> CGRect {
        let n = numbers(in: string)
        return n.count == 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : .zero
    }

    private static func format(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(Double(v))
    }

    private static func numbers(in string: String) -> [CGFloat] {
        string.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0).map { CGFloat($0) } }
    }
}

/// Edges of a rectangle (a screen-edge pan's edges, safe-area edges).
public struct UIRectEdge: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// A value from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// Insets from each edge in the layout direction's terms (leading and trailing are left and right here, where
/// text runs left to right).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The inset from each edge, leading and trailing following the writing direction.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Insets from each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// No insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()

    /// The same insets as left-to-right `UIEdgeInsets`.
    var edgeInsets: UIEdgeInsets { UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}

/// Edges of a rectangle in the layout direction's terms.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The raw value.
    public let rawValue: UInt
    /// A value from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

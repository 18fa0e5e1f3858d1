/// A two-dimensional vector, as in Apple's CoreGraphics.
public struct CGVector: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat

    /// The zero vector.
    public init() { (dx, dy) = (0, 0) }
    /// A vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
    /// A vector from its components.
    public init(dx: Double, dy: Double) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    /// A vector from its components.
    public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }

    /// The zero vector.
    public static let zero = CGVector()

    /// The components, as "(dx, dy)".
    public var description: String { "(\(dx), \(dy))" }
}

/// A vector from its components.
public func CGVectorMake(_ dx: CGFloat, _ dy: CGFloat) -> CGVector { CGVector(dx: dx, dy: dy) }

/// How strongly a constraint must hold, 1 to 1000 (required), with UIKit's named levels.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
    /// The priority, from 1 to 1000.
    public var rawValue: Float
    /// A priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority from its value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    /// Lower priorities order first.
    public static func < (l: UILayoutPriority, r: UILayoutPriority) -> Bool { l.rawValue < r.rawValue }
    /// A priority raised by `r`.
    public static func + (l: UILayoutPriority, r: Float) -> UILayoutPriority { UILayoutPriority(l.rawValue + r) }
    /// A priority lowered by `r`.
    public static func - (l: UILayoutPriority, r: Float) -> UILayoutPriority { UILayoutPriority(l.rawValue - r) }

    /// 1000: must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: a label's content hugging.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: what fitting sizes use.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// The solver's weight for a priority below required: ten times stronger for each 100 points, so a higher
    /// priority outweighs many lower ones (UIKit's priorities are ordered; Cassowary weighs them).
    var strength: Double {
        guard rawValue.isFinite, rawValue < 1000 else { return rawValue.isNaN ? 1 : 1_001_001_000 }
        return Double(pow(10, max(rawValue, 1) / 100))
    }
}

extension NSLayoutConstraint {
    /// A layout direction: horizontal or vertical.
    public enum Axis: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}

import Foundation
import Synchronization

/// An unknown the solver finds a value for (a view's left edge, its width…). Compared by identity.
public final class LayoutVariable: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let name: String
    /// The value the last `LayoutSolver.updateVariables()` found.
    public internal(set) var value: Double = 0
    /// A number for breaking ties the same way every run (creation order).
    let order: Int

    private static let created = Atomic<Int>(0)
    public init(_ name: String = "") {
        self.name = name
        order = LayoutVariable.created.add(1, ordering: .relaxed).newValue
    }

    public static func == (l: LayoutVariable, r: LayoutVariable) -> Bool { l === r }
    /// Hashes the value's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(name)=\(value)" }
}

/// `constant + Σ coefficient·variable`.
public struct LinearExpression: Sendable {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
    public init(_ variable: LayoutVariable) { self.init([(variable, 1)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    public static func + (l: LinearExpression, r: LinearExpression) -> LinearExpression {
        LinearExpression(l.terms + r.terms, constant: l.constant + r.constant)
    }
    public static func - (l: LinearExpression, r: LinearExpression) -> LinearExpression { l + r * (-1.0 as Double) }
    public static func * (l: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(l.terms.map { ($0.variable, $0.coefficient * k) }, constant: l.constant * k)
    }
    public static func + (l: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(l.terms, constant: l.constant + k)
    }
}

/// How an expression relates to zero in a constraint.
public enum LayoutRelation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

/// `expression relation 0`, held with a strength: `LayoutStrength.required` must hold; anything weaker is
/// satisfied as far as stronger constraints allow, weighted by its strength.
public final class LayoutConstraint: Hashable, @unchecked Sendable {
    public let expression: LinearExpression
    public let relation: LayoutRelation
    public let strength: Double

    /// `lhs relation rhs` at `strength` (clipped to `LayoutStrength.required`).
    public init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression, strength: Double = LayoutStrength.required) {
        expression = lhs - rhs
        self.relation = relation
        self.strength = min(max(strength.isFinite ? strength : 0, 0), LayoutStrength.required)
    }

    public var isRequired: Bool { strength >= LayoutStrength.required }
    public static func == (l: LayoutConstraint, r: LayoutConstraint) -> Bool { l === r }
    /// Hashes the value's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Strengths: required, and the weights of the constraints that may give.
public enum LayoutStrength {
    public static let required = 1_001_001_000.0
    public static let strong = 1_000_000.0
    public static let medium = 1_000.0
    public static let weak = 1.0
}

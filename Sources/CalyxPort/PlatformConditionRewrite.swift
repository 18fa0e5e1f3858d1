import SwiftSyntax

/// `#if os(iOS)` / `os(tvOS)` around UIKit or Core Animation code → `#if canImport(UIKit)`: Linux is not iOS, but
/// Calyx's UIKit and QuartzCore are there. A branch that uses neither stays as it is.
final class PlatformConditionRewrite: PortVisitor {
    static let uikitPlatforms: Set<String> = ["iOS", "tvOS", "visionOS"]

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let condition = node.condition, Self.usesUIKit(node) else { return .visitChildren }
        let platformCalls = Self.platformCalls(in: condition)
        guard !platformCalls.isEmpty else { return .visitChildren }
        if Self.isDisjunctionOfUIKitPlatforms(condition) {
            edits.append(.replace(condition, with: "canImport(UIKit)"))
        } else {
            for call in platformCalls { edits.append(.replace(call, with: "canImport(UIKit)")) }
        }
        return .visitChildren
    }

    /// `os(iOS)`-style calls naming a UIKit platform, anywhere in `condition`.
    private static func platformCalls(in condition: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        if let call = condition.as(FunctionCallExprSyntax.self), let platform = platform(of: call) {
            return uikitPlatforms.contains(platform) ? [call] : []
        }
        return condition.children(viewMode: .sourceAccurate).flatMap { platformCalls(in: $0) }
    }

    private static func platform(of call: FunctionCallExprSyntax) -> String? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "os" else { return nil }
        return call.arguments.first?.expression.trimmedDescription
    }

    /// `os(iOS)`, or `os(iOS) || os(tvOS)` and the like, with nothing else in it.
    private static func isDisjunctionOfUIKitPlatforms(_ condition: ExprSyntax) -> Bool {
        if let call = condition.as(FunctionCallExprSyntax.self) { return platform(of: call).map(uikitPlatforms.contains) ?? false }
        if let group = condition.as(TupleExprSyntax.self), group.elements.count == 1, let inner = group.elements.first {
            return isDisjunctionOfUIKitPlatforms(inner.expression)
        }
        guard let sequence = condition.as(SequenceExprSyntax.self) else { return false }
        for (position, part) in sequence.elements.enumerated() {
            if position % 2 == 1 {
                guard part.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" else { return false }
            } else if !isDisjunctionOfUIKitPlatforms(part) {
                return false
            }
        }
        return true
    }

    /// Whether the branch imports or names UIKit or Core Animation.
    private static func usesUIKit(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let elements = clause.elements else { return false }
        return elements.tokens(viewMode: .sourceAccurate).contains { token in
            let name = token.text
            if name == "UIKit" || name == "QuartzCore" { return true }
            let scalars = Array(name.unicodeScalars)
            return scalars.count > 2 && (name.hasPrefix("UI") || name.hasPrefix("CA"))
                && scalars[2].properties.isUppercase
        }
    }
}

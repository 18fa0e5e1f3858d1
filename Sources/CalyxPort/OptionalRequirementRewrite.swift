import SwiftSyntax

/// `@objc optional` protocol requirements → plain requirements with a default implementation in an extension
/// at the end of the file, and the `delegate?.method?(…)` calls that used them → `delegate?.method(…)`. A default
/// does what an unimplemented optional did for its callers: nothing for `Void`, `nil` for an optional result,
/// and for any other result the literal every `?? literal` caller falls back to. Without such a literal the
/// requirement is reported and left alone.
final class OptionalRequirementRewrite: PortVisitor {
    private var extensions: [String] = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let access = node.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        var defaults: [String] = []
        for member in node.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self),
                  let optional = function.modifiers.first(where: { $0.name.text == "optional" }) else {
                if let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.contains(where: { $0.name.text == "optional" }) {
                    report(variable, "optional property requirement: make it a plain requirement and give it a default in a protocol extension")
                }
                continue
            }
            guard let body = defaultBody(function) else {
                let result = function.signature.returnClause?.type.trimmedDescription ?? "Void"
                report(function, "optional requirement `\(function.name.text)` returns \(result), and its callers give no `?? literal` to default to: make it plain and write a default in a protocol extension")
                continue
            }
            edits.append(.remove(optional, in: text))
            let generics = function.genericParameterClause?.trimmedDescription ?? ""
            let whereClause = function.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
            defaults.append("    \(access)func \(function.name.text)\(generics)\(function.signature.trimmedDescription)\(whereClause) \(body)")
        }
        if !defaults.isEmpty {
            extensions.append("\nextension \(node.name.text) {\n" + defaults.joined(separator: "\n") + "\n}\n")
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let chained = node.calledExpression.as(OptionalChainingExprSyntax.self),
           let member = chained.expression.as(MemberAccessExprSyntax.self),
           index.optionalRequirements.contains(member.declName.baseName.text) {
            edits.append(.replace(chained.questionMark, with: ""))
        }
        return .visitChildren
    }

    override func visitPost(_ node: SourceFileSyntax) {
        guard !extensions.isEmpty else { return }
        let end = node.endOfFileToken.positionAfterSkippingLeadingTrivia
        let endsWithNewline = text.last == 0x0A
        edits.append(.insert((endsWithNewline ? "" : "\n") + extensions.joined(), at: end))
    }

    private func defaultBody(_ function: FunctionDeclSyntax) -> String? {
        guard let result = function.signature.returnClause?.type.trimmedDescription, result != "Void", result != "()" else { return "{}" }
        if result.hasSuffix("?") || result.hasSuffix("!") || result.hasPrefix("Optional<") { return "{ nil }" }
        return index.callerDefault(function.name.text).map { "{ \($0) }" }
    }
}

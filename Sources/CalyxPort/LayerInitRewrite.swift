import SwiftSyntax

/// `override init(layer:)` → `required init(layer:)`: Swift on Linux builds a layer subclass's presentation copies
/// through a required initializer. Calyx may pass that initializer a placeholder rather than a layer of the
/// subclass, so `let other = layer as! MyLayer` there becomes `if let other = layer as? MyLayer { … }` around the
/// statements that use `other` (on each side of `super.init(layer:)`).
final class LayerInitRewrite: PortVisitor {
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        guard parameters.count == 1, parameters.first?.firstName.text == "layer",
              let parameterName = parameters.first.map({ ($0.secondName ?? $0.firstName).text }) else { return .visitChildren }
        let modifiers = node.modifiers
        if let override = modifiers.first(where: { $0.name.text == "override" }) {
            if modifiers.contains(where: { $0.name.text == "required" }) {
                edits.append(.remove(override, in: text))
            } else {
                edits.append(.replace(override, with: "required"))
            }
        }
        if let statements = node.body?.statements { rewriteForceCast(in: Array(statements), parameter: parameterName) }
        return .visitChildren
    }

    private func rewriteForceCast(in statements: [CodeBlockItemSyntax], parameter: String) {
        for (position, item) in statements.enumerated() {
            guard let cast = Self.forceCastBinding(item, of: parameter) else {
                if let node = Self.forceCast(in: item, of: parameter) {
                    report(node, "init(layer:) force-casts `\(parameter)`; Calyx may pass a placeholder that is not your layer class: use `if let … = \(parameter) as? …`")
                }
                continue
            }
            let rest = statements[(position + 1)...]
            var segments: [[CodeBlockItemSyntax]] = [[]]
            for statement in rest {
                if Self.isSuperInit(statement) {
                    if Self.mentions(statement, cast.name) {
                        report(statement, "super.init(layer:) receives the cast `\(cast.name)`: pass `\(parameter)` itself")
                        return
                    }
                    segments.append([])
                } else {
                    segments[segments.count - 1].append(statement)
                }
            }
            let opening = "if let \(cast.name) = \(parameter) as? \(cast.type) {"
            for (number, segment) in segments.enumerated() {
                guard segment.contains(where: { Self.mentions($0, cast.name) }) else {
                    if number == 0 { edits.append(.remove(item, in: text)) }
                    continue
                }
                guard let wrap = wrapping(declaration: number == 0 ? item : nil, statements: segment, opening: opening) else {
                    report(item, "init(layer:) force-casts `\(parameter)` on a line shared with other statements: use `if let \(cast.name) = \(parameter) as? \(cast.type) { … }`")
                    return
                }
                edits.append(wrap)
            }
            return
        }
    }

    /// Replaces whole lines — the cast's declaration, if given, then `statements` — with `opening`, the statements
    /// indented one level, and a closing brace, each on its own line. Nil when another statement shares the lines
    /// or the declaration's line holds more than the declaration.
    private func wrapping(declaration: CodeBlockItemSyntax?, statements: [CodeBlockItemSyntax], opening: String) -> TextEdit? {
        guard let first = statements.first, let last = statements.last else { return nil }
        let head = declaration.map(Syntax.init) ?? Syntax(first)
        var start = head.positionAfterSkippingLeadingTrivia.utf8Offset
        while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || text[start - 1] == 0x0A else { return nil }
        let indent = String(decoding: text[start..<head.positionAfterSkippingLeadingTrivia.utf8Offset], as: UTF8.self)
        var bodyStart = start
        if let declaration {
            let afterDeclaration = lineEnd(declaration.endPositionBeforeTrailingTrivia.utf8Offset)
            guard onlyCommentOrSpace(declaration.endPositionBeforeTrailingTrivia.utf8Offset..<afterDeclaration),
                  afterDeclaration < first.positionAfterSkippingLeadingTrivia.utf8Offset else { return nil }
            bodyStart = afterDeclaration + 1
        }
        let end = lineEnd(last.endPositionBeforeTrailingTrivia.utf8Offset)
        guard onlyCommentOrSpace(last.endPositionBeforeTrailingTrivia.utf8Offset..<end) else { return nil }
        let lines = String(decoding: text[bodyStart..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? String($0) : "    " + $0 }.joined(separator: "\n")
        return TextEdit(range: start..<end, replacement: "\(indent)\(opening)\n\(body)\n\(indent)}")
    }

    /// The offset of the newline (or the end of the text) that ends the line holding `offset`.
    private func lineEnd(_ offset: Int) -> Int {
        var position = offset
        while position < text.count, text[position] != 0x0A { position += 1 }
        return position
    }

    /// Whether `range` holds only spaces and perhaps a line comment.
    private func onlyCommentOrSpace(_ range: Range<Int>) -> Bool {
        let rest = String(decoding: text[range], as: UTF8.self).drop { $0 == " " || $0 == "\t" }
        return rest.isEmpty || rest.hasPrefix("//")
    }

    /// `let name = parameter as! Type`, as a statement.
    private static func forceCastBinding(_ item: CodeBlockItemSyntax, of parameter: String) -> (name: String, type: String)? {
        guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
              let binding = declaration.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let value = binding.initializer?.value, let type = forceCastType(value, of: parameter) else { return nil }
        return (name, type)
    }

    /// The type in `parameter as! Type`, if `expression` is that.
    private static func forceCastType(_ expression: ExprSyntax, of parameter: String) -> String? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let parts = Array(sequence.elements)
        guard parts.count == 3, parts[0].as(DeclReferenceExprSyntax.self)?.baseName.text == parameter,
              let cast = parts[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark?.tokenKind == .exclamationMark
        else { return nil }
        return parts[2].trimmedDescription
    }

    private static func forceCast(in item: some SyntaxProtocol, of parameter: String) -> SequenceExprSyntax? {
        if let sequence = item.as(SequenceExprSyntax.self), forceCastType(ExprSyntax(sequence), of: parameter) != nil { return sequence }
        for child in item.children(viewMode: .sourceAccurate) {
            if let found = forceCast(in: child, of: parameter) { return found }
        }
        return nil
    }

    private static func isSuperInit(_ item: CodeBlockItemSyntax) -> Bool {
        var expression = item.item.as(ExprSyntax.self)
        if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
        guard let member = expression?.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.is(SuperExprSyntax.self) == true && member.declName.baseName.text == "init"
    }

    private static func mentions(_ node: some SyntaxProtocol, _ name: String) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }
}

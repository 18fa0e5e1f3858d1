import SwiftSyntax

/// Moves each `override` written in an extension into the class body: Swift without the Objective-C runtime
/// cannot override in an extension. The move is made when the class is declared in the same file and the
/// extension is a plain one (no `where` clause); otherwise the override is reported with the class's place.
final class ExtensionOverrideRewrite: PortVisitor {
    private var classBodies: [String: MemberBlockSyntax] = [:]

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        for statement in node.statements {
            if let declaration = statement.item.as(ClassDeclSyntax.self) { classBodies[declaration.name.text] = declaration.memberBlock }
        }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.trimmedDescription
        var moved: [String] = []
        for member in node.memberBlock.members {
            let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
            guard modifiers?.contains(where: { $0.name.text == "override" }) == true else { continue }
            guard node.genericWhereClause == nil, node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true,
                  classBodies[type] != nil else {
                let place = index.classes[type].map { " (\($0.file):\($0.line))" } ?? ""
                report(member.decl, "`override` in an extension of \(type): Swift on Linux cannot override in an extension; move it into the body of class \(type)\(place)")
                continue
            }
            // The member with the comments and blank line before it.
            edits.append(TextEdit(range: member.position.utf8Offset..<member.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""))
            moved.append(String(decoding: text[member.position.utf8Offset..<member.endPositionBeforeTrailingTrivia.utf8Offset], as: UTF8.self))
        }
        if let body = classBodies[type], !moved.isEmpty {
            let separator = moved[0].hasPrefix("\n\n") ? "" : "\n"
            edits.append(.insert(separator + moved.joined(), at: body.rightBrace.position))
        }
        return .visitChildren
    }
}

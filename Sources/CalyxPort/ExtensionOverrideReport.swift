import SwiftSyntax

/// Reports each `override` written in an extension: Swift without the Objective-C runtime cannot override there,
/// and the member must move into the class body (named, with its place, when it is among the ported files).
final class ExtensionOverrideReport: PortVisitor {
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.trimmedDescription
        for member in node.memberBlock.members {
            let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
            guard modifiers?.contains(where: { $0.name.text == "override" }) == true else { continue }
            let place = index.classes[type].map { " (\($0.file):\($0.line))" } ?? ""
            report(member.decl, "`override` in an extension of \(type): Swift on Linux cannot override in an extension; move it into the body of class \(type)\(place)")
        }
        return .visitChildren
    }
}

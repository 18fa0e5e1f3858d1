import SwiftSyntax

/// `override init(style:reuseIdentifier:)` → `required init(style:reuseIdentifier:)`: Swift on Linux makes a
/// registered table-view cell class through a required initializer, so Calyx's `UITableViewCell` declares this
/// one required.
final class CellInitRewrite: PortVisitor {
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        guard labels == ["style", "reuseIdentifier"],
              let override = node.modifiers.first(where: { $0.name.text == "override" }) else { return .visitChildren }
        if node.modifiers.contains(where: { $0.name.text == "required" }) {
            edits.append(.remove(override, in: text))
        } else {
            edits.append(.replace(override, with: "required"))
        }
        return .visitChildren
    }
}

import SwiftSyntax

/// `override init(style:reuseIdentifier:)` → `required init(style:reuseIdentifier:)`, and `override init(frame:)` →
/// `required init(frame:)` in collection view cells and reusable views: Swift on Linux makes a registered cell class
/// through a required initializer, so Calyx's `UITableViewCell` and `UICollectionReusableView` declare these
/// required.
final class CellInitRewrite: PortVisitor {
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        guard labels == ["style", "reuseIdentifier"] || (labels == ["frame"] && isInCollectionReusableView(node)),
              let override = node.modifiers.first(where: { $0.name.text == "override" }) else { return .visitChildren }
        if node.modifiers.contains(where: { $0.name.text == "required" }) {
            edits.append(.remove(override, in: text))
        } else {
            edits.append(.replace(override, with: "required"))
        }
        return .visitChildren
    }

    /// Whether the initializer belongs to a class (or an extension of one) descended from a collection reusable view.
    private func isInCollectionReusableView(_ node: InitializerDeclSyntax) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let type = current.as(ClassDeclSyntax.self) {
                let inherited = type.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                return index.isCollectionReusableViewClass(type.name.text) || inherited.map(index.isCollectionReusableViewClass) == true
            }
            if let type = current.as(ExtensionDeclSyntax.self) { return index.isCollectionReusableViewClass(type.extendedType.trimmedDescription) }
            parent = current.parent
        }
        return false
    }
}

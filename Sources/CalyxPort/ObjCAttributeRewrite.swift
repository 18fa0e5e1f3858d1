import SwiftSyntax

/// Drops what only the Objective-C runtime reads — `@objc`, `@objc(Name)`, `@nonobjc`, `@objcMembers`, `dynamic`, and
/// `@IBOutlet` (which Swift without that runtime accepts only on Objective-C class types; there are no nibs here) —
/// and turns `@NSManaged` into Calyx's `@Managed`. An `@objc protocol` was class-bound, so it gains `AnyObject`
/// (code keeps `weak var delegate: P?`).
final class ObjCAttributeRewrite: PortVisitor {
    static let dropped: Set<String> = ["objc", "nonobjc", "objcMembers", "IBOutlet"]

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if Self.dropped.contains(name) {
            edits.append(.remove(node, in: text))
        } else if name == "NSManaged" {
            edits.append(.replace(node.attributeName, with: "Managed"))
        }
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "dynamic" { edits.append(.remove(node, in: text)) }
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let objc = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }
        guard objc else { return .visitChildren }
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let classBound = inherited.contains { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }
        if !classBound {
            if let clause = node.inheritanceClause {
                edits.append(.insert(", AnyObject", at: clause.endPositionBeforeTrailingTrivia))
            } else {
                edits.append(.insert(": AnyObject", at: (node.primaryAssociatedTypeClause.map { $0.endPositionBeforeTrailingTrivia }
                                                         ?? node.name.endPositionBeforeTrailingTrivia)))
            }
        }
        return .visitChildren
    }
}

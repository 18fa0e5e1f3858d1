import SwiftSyntax

/// A layer subclass with initializers of its own but no `init(layer:)` gains one. On Linux, `init(layer:)` is a
/// required initializer (Core Animation makes presentation copies through it), so such a class does not compile
/// without it; on iOS the same class compiles and crashes the first time it animates. The added initializer copies
/// the stored properties from the layer it copies, as a careful iOS developer writes it; a property without a
/// default whose type has no obvious empty value is reported instead.
final class MissingLayerInitRewrite: PortVisitor {
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
              index.isLayerClass(superclass) else { return .visitChildren }
        let members = node.memberBlock.members.map(\.decl)
        let initializers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
        let designated = initializers.filter { !$0.modifiers.contains { $0.name.text == "convenience" } }
        guard !designated.isEmpty, let last = initializers.last,
              !initializers.contains(where: { $0.signature.parameterClause.parameters.first?.firstName.text == "layer" }) else {
            return .visitChildren
        }
        var needed: [String] = [], copied: [String] = []
        for variable in members.compactMap({ $0.as(VariableDeclSyntax.self) }) where Self.isStored(variable) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if binding.initializer != nil {
                    if variable.bindingSpecifier.text == "var" { copied.append("\(name) = other.\(name)") }
                    continue
                }
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                guard let empty = Self.emptyValue(of: type) else {
                    report(binding, "layer subclass \(node.name.text) needs `required init(layer:)`, and its property `\(name): \(type)` has no default to start from: write the initializer by hand, copying it from the layer it is given")
                    return .visitChildren
                }
                needed.append(empty == "nil" ? "\(name) = other?.\(name)" : "\(name) = other?.\(name) ?? \(empty)")
            }
        }
        let indent = indentation(of: last)
        var lines = ["", "", "\(indent)required init(layer: Any) {"]
        if !needed.isEmpty || !copied.isEmpty { lines.append("\(indent)    let other = layer as? \(node.name.text)") }
        lines += needed.map { "\(indent)    \($0)" }
        if !copied.isEmpty {
            lines.append("\(indent)    if let other {")
            lines += copied.map { "\(indent)        \($0)" }
            lines.append("\(indent)    }")
        }
        lines += ["\(indent)    super.init(layer: layer)", "\(indent)}"]
        edits.append(.insert(lines.joined(separator: "\n"), at: last.endPositionBeforeTrailingTrivia))
        return .visitChildren
    }

    /// A stored instance property: no accessors other than observers, not static, lazy or managed.
    private static func isStored(_ variable: VariableDeclSyntax) -> Bool {
        if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { return false }
        if variable.attributes.contains(where: { ["NSManaged", "Managed"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? "") }) { return false }
        return variable.bindings.allSatisfy { binding in
            switch binding.accessorBlock?.accessors {
            case nil: return true
            case .getter: return false
            case .accessors(let accessors)?: return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
            }
        }
    }

    /// The value a property of `type` starts from when the copied layer is not of this class.
    private static func emptyValue(of type: String) -> String? {
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") { return "nil" }
        if type.hasPrefix("["), type.hasSuffix("]") { return type.contains(":") ? "[:]" : "[]" }
        switch type {
        case "Int", "UInt", "Int32", "UInt32", "Int64", "UInt64", "CGFloat", "Double", "Float", "TimeInterval", "CFTimeInterval": return "0"
        case "Bool": return "false"
        case "String": return "\"\""
        case "CGPoint", "CGSize", "CGRect", "CGVector", "UIEdgeInsets": return ".zero"
        case "CATransform3D": return "CATransform3DIdentity"
        case "CGAffineTransform": return ".identity"
        case "UIColor": return ".clear"
        default: return nil
        }
    }

    private func indentation(of node: some SyntaxProtocol) -> String {
        var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = start
        while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}

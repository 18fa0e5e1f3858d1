import SwiftSyntax

/// `#keyPath(MyLayer.angle)` → `"angle"`: the key as a string, without the type (or `self`) it starts from.
final class KeyPathRewrite: PortVisitor {
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "keyPath", node.arguments.count == 1, let argument = node.arguments.first else {
            return .visitChildren
        }
        var components = argument.expression.trimmedDescription.split(separator: ".").map(String.init)
        if components.count > 1, let first = components.first,
           first == "self" || first.first.map({ $0.isUppercase }) == true {
            components.removeFirst()
        }
        edits.append(.replace(node, with: "\"\(components.joined(separator: "."))\""))
        return .skipChildren
    }
}

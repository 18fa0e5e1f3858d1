import SwiftSyntax

/// What the rewrites need to know across all the files ported together: each method's parameters (to call the
/// method a `#selector` names), where each class is declared (to say where an override in an extension must
/// move), and the `@objc optional` protocol requirements (to make their `?.` calls plain).
struct ProjectIndex {
    struct Method: Equatable {
        /// Argument labels, "_" for unlabelled ones.
        let labels: [String]
        /// Parameter types as written.
        let types: [String]
    }

    private(set) var methods: [String: [Method]] = [:]
    private(set) var classes: [String: (file: String, line: Int)] = [:]
    /// Each class's superclass (the first inherited type), to tell layer subclasses.
    private(set) var superclasses: [String: String] = [:]
    private(set) var optionalRequirements: Set<String> = []
    /// For `x?.name?(…) ?? literal` calls: the literal each requirement's callers fall back to, when they agree.
    private(set) var callerDefaults: [String: String?] = [:]

    init(files: [(path: String, tree: SourceFileSyntax)]) {
        for (path, tree) in files {
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(tree)
            for (name, method) in collector.methods where !(methods[name] ?? []).contains(method) { methods[name, default: []].append(method) }
            let converter = SourceLocationConverter(fileName: path, tree: tree)
            for (name, position, superclass) in collector.classes {
                classes[name] = (path, converter.location(for: position).line)
                superclasses[name] = superclass
            }
            optionalRequirements.formUnion(collector.optionalRequirements)
            for (name, literal) in collector.callerDefaults {
                if let known = callerDefaults[name], known != literal { callerDefaults[name] = .some(nil) } else if callerDefaults[name] == nil { callerDefaults[name] = .some(literal) }
            }
        }
    }

    /// The method a selector names: by base name and labels, or by base name alone when only one has it.
    func method(_ name: String, labels: [String]?) -> Method? {
        let candidates = methods[name] ?? []
        if let labels { return candidates.first { $0.labels == labels } }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Whether `name` is a Core Animation layer class or a subclass of one, as far as the ported files tell.
    func isLayerClass(_ name: String) -> Bool {
        descends(name) { $0.hasPrefix("CA") && $0.hasSuffix("Layer") }
    }

    /// Whether `name` is a collection view cell or reusable view class or a subclass of one, as far as the ported
    /// files tell.
    func isCollectionReusableViewClass(_ name: String) -> Bool {
        descends(name) { ["UICollectionReusableView", "UICollectionViewCell", "UICollectionViewListCell"].contains($0) }
    }

    /// Whether `name` or one of its superclasses known to the ported files satisfies `matches`.
    private func descends(_ name: String, where matches: (String) -> Bool) -> Bool {
        var current: String? = name
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            if matches(type) { return true }
            current = superclasses[type]
        }
        return false
    }

    /// The literal every `?? literal` caller of an optional requirement agrees on, if any.
    func callerDefault(_ name: String) -> String? { callerDefaults[name] ?? nil }

    private final class Collector: SyntaxVisitor {
        var methods: [(String, Method)] = []
        var classes: [(String, AbsolutePosition, String?)] = []
        var optionalRequirements: [String] = []
        var callerDefaults: [(String, String)] = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let parameters = node.signature.parameterClause.parameters
            methods.append((node.name.text, Method(labels: parameters.map { $0.firstName.text },
                                                   types: parameters.map { $0.type.trimmedDescription })))
            if node.modifiers.contains(where: { $0.name.text == "optional" }) { optionalRequirements.append(node.name.text) }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            classes.append((node.name.text, node.positionAfterSkippingLeadingTrivia,
                            node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription))
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `delegate?.name?(…) ?? literal`
            let parts = Array(node.elements)
            if parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
               let call = parts[0].as(FunctionCallExprSyntax.self),
               let name = call.calledExpression.as(OptionalChainingExprSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
               parts[2].is(BooleanLiteralExprSyntax.self) || parts[2].is(IntegerLiteralExprSyntax.self)
                || parts[2].is(FloatLiteralExprSyntax.self) || parts[2].is(StringLiteralExprSyntax.self) || parts[2].is(NilLiteralExprSyntax.self) {
                callerDefaults.append((name, parts[2].trimmedDescription))
            }
            return .visitChildren
        }
    }
}

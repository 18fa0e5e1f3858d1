import Foundation
import SwiftParser
import SwiftSyntax

/// `gallery-sources <output.swift> <scene files…>`: the build tool behind the gallery's code panels. It parses the
/// scene files, finds each `GalleryScene("name", …, build: builder)`, and writes a Swift file mapping each scene's
/// name to the source text of its builder (the function named, or the closure written, with the functions that
/// closure calls), exactly as written in the scene files.
@main
enum GallerySources {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: gallery-sources <output.swift> <scene files…>\n".utf8))
            exit(64)
        }
        let trees = try arguments.dropFirst().map { path in Parser.parse(source: try String(contentsOfFile: path, encoding: .utf8)) }
        let functions = FunctionFinder(viewMode: .sourceAccurate)
        trees.forEach { functions.walk($0) }
        let scenes = SceneFinder(viewMode: .sourceAccurate)
        trees.forEach { scenes.walk($0) }

        var entries: [(String, [String])] = []
        for (name, call, helper) in scenes.calls where helper.map({ functions.sceneCalls[$0] != nil }) ?? true {
            var parts: [String] = []
            if let helper, let declaration = functions.declarations[helper] { parts.append(declaration) }
            for part in Self.sourceParts(of: helper.flatMap { functions.sceneCalls[$0] } ?? call, functions: functions)
            where !parts.contains(part) { parts.append(part) }
            if !parts.isEmpty { entries.append((name, parts)) }
        }
        var file = "// Generated at build time by gallery-sources from Sources/CalyxGallery/Scenes; do not edit.\n\n"
        file += "extension Gallery {\n    /// Each scene's builder as written in its scene file, by scene name: the builder (a function, or a\n"
        file += "    /// closure) first, then the functions it and the scene's changes call.\n"
        file += "    static let builderSources: [String: [String]] = [\n"
        for (name, parts) in entries.sorted(by: { $0.0 < $1.0 }) {
            file += "        \(literal(name)): [\(parts.map(literal).joined(separator: ", "))],\n"
        }
        file += "    ]\n}\n"
        try file.write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// What a `GalleryScene(…)` call's builder and changes are made of: a closure's own text, and the declarations
    /// of the scene files' functions it names, builder first.
    static func sourceParts(of call: FunctionCallExprSyntax, functions: FunctionFinder) -> [String] {
        var parts: [String] = []
        let build = call.arguments.first(where: { $0.label?.text == "build" })?.expression ?? call.trailingClosure.map(ExprSyntax.init)
        let changes = call.arguments.first(where: { $0.label?.text == "changes" })?.expression
        for expression in [build, changes].compactMap({ $0 }) {
            if let closure = expression.as(ClosureExprSyntax.self) { parts.append("build: " + closure.trimmedDescription) }
            for token in expression.tokens(viewMode: .sourceAccurate) {
                if let declaration = functions.declarations[token.text], !parts.contains(declaration) { parts.append(declaration) }
            }
        }
        return parts
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Every function declared in the scene files, by name, with its doc comment, as written (indentation kept); and,
/// for functions that make a scene from their arguments, the `GalleryScene(…)` call inside them.
final class FunctionFinder: SyntaxVisitor {
    var declarations: [String: String] = [:]
    var sceneCalls: [String: FunctionCallExprSyntax] = [:]

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        var text = node.description
        // Keep the doc comment and the line's indentation; drop the blank lines before them.
        while text.hasPrefix("\n") { text.removeFirst() }
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        let name = node.name.text
        if declarations[name] == nil { declarations[name] = text }
        if node.signature.returnClause?.type.trimmedDescription == "GalleryScene" {
            let finder = SceneFinder(viewMode: .sourceAccurate)
            finder.walk(node)
            sceneCalls[name] = finder.anyCall
        }
        return .skipChildren
    }
}

/// Each scene made in the scene files: `GalleryScene("name", …)` itself, or a call `helper("name", …)` of a
/// function that makes a scene.
final class SceneFinder: SyntaxVisitor {
    var calls: [(name: String, call: FunctionCallExprSyntax, helper: String?)] = []
    var anyCall: FunctionCallExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.trimmedDescription
        if callee == "GalleryScene" { anyCall = anyCall ?? node }
        guard let first = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
              let name = first.representedLiteralValue else { return .visitChildren }
        if callee == "GalleryScene" {
            calls.append((name, node, nil))
        } else if node.calledExpression.is(DeclReferenceExprSyntax.self) {
            calls.append((name, node, callee))
        }
        return .visitChildren
    }
}

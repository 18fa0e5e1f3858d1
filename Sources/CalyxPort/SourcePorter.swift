import SwiftParser
import SwiftSyntax

/// One file after `calyx port`: its text before and after, and what is left to do by hand.
public struct PortedFile: Sendable {
    public let path: String
    public let original: String
    public let ported: String
    public let findings: [PortFinding]

    public var changed: Bool { original != ported }
}

/// Rewrites iOS Swift sources so that they build on Linux against Calyx. Each rewrite is an edit to the text at a
/// place the parser found, so everything else stays as written; rewriting rewritten text changes nothing.
public enum SourcePorter {
    static let rewrites: [PortVisitor.Type] = [
        ObjCAttributeRewrite.self, KeyPathRewrite.self, LayerInitRewrite.self, MissingLayerInitRewrite.self, PlatformConditionRewrite.self,
        SelectorRewrite.self, OptionalRequirementRewrite.self, ExtensionOverrideRewrite.self, CellInitRewrite.self,
    ]

    /// Ports files together, so that a `#selector` in one finds its method in another.
    public static func port(_ sources: [(path: String, text: String)]) -> [PortedFile] {
        let index = ProjectIndex(files: sources.map { ($0.path, Parser.parse(source: $0.text)) })
        return sources.map { port($0.text, path: $0.path, index: index) }
    }

    /// Ports one file on its own.
    public static func port(_ text: String, path: String = "input.swift") -> PortedFile {
        port([(path, text)])[0]
    }

    private static func port(_ original: String, path: String, index: ProjectIndex) -> PortedFile {
        var text = original
        // Edits that overlap (a selector inside a rewritten call) wait for the next round on the edited text.
        for _ in 0..<8 {
            let tree = Parser.parse(source: text)
            let bytes = Array(text.utf8)
            var edits: [TextEdit] = []
            var findings: [PortFinding] = []
            for rewrite in rewrites {
                let visitor = rewrite.init(file: path, text: bytes, tree: tree, index: index)
                visitor.walk(tree)
                edits += visitor.edits
                findings += visitor.findings
            }
            if edits.isEmpty { return PortedFile(path: path, original: original, ported: text, findings: findings) }
            text = edits.applied(to: text).text
        }
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let line = converter.location(for: tree.positionAfterSkippingLeadingTrivia).line
        return PortedFile(path: path, original: original, ported: text,
                          findings: [PortFinding(file: path, line: line, column: 1, message: "rewrites did not settle; review this file's changes by hand")])
    }
}

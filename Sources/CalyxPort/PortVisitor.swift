import SwiftSyntax

/// A rewrite: walks one file's tree and proposes edits to its text, and findings for what it cannot rewrite.
class PortVisitor: SyntaxVisitor {
    let file: String
    let text: [UInt8]
    let converter: SourceLocationConverter
    let index: ProjectIndex
    var edits: [TextEdit] = []
    var findings: [PortFinding] = []

    required init(file: String, text: [UInt8], tree: SourceFileSyntax, index: ProjectIndex) {
        self.file = file
        self.text = text
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    func report(_ node: some SyntaxProtocol, _ message: String) {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        findings.append(PortFinding(file: file, line: location.line, column: location.column, message: message))
    }

    func line(of node: some SyntaxProtocol) -> Int { converter.location(for: node.positionAfterSkippingLeadingTrivia).line }
}

import CalyxPort
import Foundation
import Testing

/// `calyx port` on whole files written the way iOS code is written (Inputs/*.swift.in). What each must become is
/// Tests/CalyxPortExpected/*.swift, which the build compiles against Calyx's UIKit and QuartzCore — so these tests
/// prove that the ported text builds on Linux, and that porting it again changes nothing.
@Suite struct PortedFilesTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func input(_ name: String) throws -> String {
        try String(contentsOf: here.appendingPathComponent("Inputs/\(name).swift.in"), encoding: .utf8)
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("CalyxPortExpected/\(name).swift"), encoding: .utf8)
    }

    @Test(arguments: ["ClockLayer", "TargetAction", "Platform", "OptionalDelegate", "ExtensionOverride"])
    func portsToTheCompiledExpectation(_ name: String) throws {
        let ported = SourcePorter.port(try Self.input(name), path: "\(name).swift")
        #expect(ported.ported == (try Self.expected(name)))
        #expect(ported.findings.isEmpty, "\(ported.findings)")
    }

    @Test(arguments: ["ClockLayer", "TargetAction", "Platform", "OptionalDelegate", "ExtensionOverride"])
    func portingPortedCodeChangesNothing(_ name: String) throws {
        let expected = try Self.expected(name)
        let again = SourcePorter.port(expected, path: "\(name).swift")
        #expect(!again.changed)
        #expect(again.findings.isEmpty, "\(again.findings)")
    }

    @Test func reportsWhatItCannotRewriteWithFileAndLine() {
        let files = SourcePorter.port([
            ("Badge.swift", "class Badge: UIView {}\n"),
            ("Badge+Layout.swift", "import UIKit\n\nextension Badge {\n    override func layoutSubviews() {}\n}\n"),
        ])
        #expect(!files[1].changed)
        #expect(files[1].findings.map(\.description) == [
            "Badge+Layout.swift:4:5: warning: `override` in an extension of Badge: Swift on Linux cannot override in an extension; move it into the body of class Badge (Badge.swift:1)",
        ])
    }

    @Test func aSelectorFindsItsMethodInAnotherFilePortedTogether() {
        let files = SourcePorter.port([
            ("Controller.swift", "final class C: NSObject {\n    func wire(_ b: UIButton) { b.addTarget(self, action: #selector(tapped), for: .touchUpInside) }\n}\n"),
            ("Controller+Actions.swift", "extension C {\n    @objc func tapped(_ sender: UIButton) {}\n}\n"),
        ])
        #expect(files[0].ported.contains("b.addAction(UIAction { [weak self] action in self?.tapped(action.sender as! UIButton) }, for: .touchUpInside)"))
        #expect(files[1].ported == "extension C {\n    func tapped(_ sender: UIButton) {}\n}\n")
        #expect(files.allSatisfy { $0.findings.isEmpty })
    }
}

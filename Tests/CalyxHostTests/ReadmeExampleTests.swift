import Testing
import Foundation
import CalyxHost
import QuartzCore

/// The README's "Your layer tree as a GIF" example, as written there (only the output path differs), must
/// compile and run.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeGIFExampleWorks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fall.gif").path

        // --- README code begins ---
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 50, y: 10, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        root.addSublayer(dot)
        let fall = CABasicAnimation(keyPath: "position.y")
        fall.fromValue = 20; fall.toValue = 100; fall.duration = 1
        dot.add(fall, forKey: "fall")

        let options = AnimationExportOptions(framesPerSecond: 30, duration: 1)
        try AnimationExporter(layer: root, options: options).export(to: URL(fileURLWithPath: path))
        // --- README code ends ---

        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(6) == Data("GIF89a".utf8))
    }

    /// The example in the README is the one above: the test fails when they drift apart.
    @Test func theReadmeShowsThisCode() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func lines(between start: String, and end: String, in text: String) -> [String] {
            guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return [] }
            return text[a.upperBound..<b.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import") }
        }
        let shown = lines(between: "## Your layer tree as a GIF\n\n```swift", and: "```", in: text)
        var tested = lines(between: "// --- README code begins ---", and: "// --- README code ends ---", in: source)
        tested = tested.map { $0.replacingOccurrences(of: "URL(fileURLWithPath: path)", with: "URL(fileURLWithPath: \"fall.gif\")") }
        #expect(!shown.isEmpty && shown == tested)
        let shownWindow = lines(between: "## Your layer tree in a window\n\n```swift", and: "```", in: text)
        // (The markers are split here so that this line is not taken for them.)
        let testedWindow = lines(between: "// --- README window code " + "begins ---", and: "// --- README window code " + "ends ---", in: source)
        #expect(!shownWindow.isEmpty && shownWindow == testedWindow)
    }
}

/// In the window suite, whose tests take turns: one window at a time in a test process.
extension WindowHostTests {
    /// The README's "Your layer tree in a window" example, as written there (under `make test`'s virtual X server).
    @Test(.enabled(if: WindowHostTests.hasDisplay)) func theReadmeWindowExampleWorks() throws {
        var framesShown = 0
        try CAMediaClock.$current.withValue(CAMediaClock.shared) {
            // --- README window code begins ---
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let square = CALayer()
            square.frame = CGRect(x: 70, y: 70, width: 60, height: 60)
            square.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            root.addSublayer(square)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = 2 * Double.pi; spin.duration = 2; spin.repeatCount = .infinity
            square.add(spin, forKey: "spin")

            let window = try HostWindow(layer: root, title: "Spin")
            window.run(for: 2)   // run() alone returns when the window is closed
            // --- README window code ends ---
            framesShown = window.presentedFrameTime == nil ? 0 : 1
            window.close()
        }
        #expect(framesShown == 1)
    }
}

import Testing
import Foundation
import ImageIO
import CalyxTestSupport

/// `calyx render file.json` exports a Lottie file like a scene: frame 25 of the showcase at 30 fps is the
/// animation's frame 25, which ThorVG drew for the Lottie tests (References/showcase-25.png); a file that is not
/// an animation fails with a sentence saying why, and writes nothing.
@Suite struct LottieRenderCommandTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LottieTests/References")

    func image(_ url: URL) throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    @Test func aLottieFileRendersItsFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-lottie-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CalyxCommand.run(["render", Self.references.appendingPathComponent("showcase.json").path, "--out", folder.path,
                              "--format", "png", "--frames", "25..25", "--background", "white"])
        #expect(result.status == 0, "\(result.errors)")
        let d = try #require(ImageDifference(try image(folder.appendingPathComponent("frame_00025.png")),
                                             try image(Self.references.appendingPathComponent("showcase-25.png"))))
        #expect(d.mean < 0.6 && d.p99 < 24, "\(d)")
    }

    /// `--progress 0.2` of the 60-frame showcase is its frame 12, and `--size 60x60` fits the 120-point composition
    /// into half its size, so at scale 2 the one still has ThorVG's frame-12 pixels (References/showcase-12.png).
    @Test func aStillAtAProgressFittedIntoASize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-lottie-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CalyxCommand.run(["render", Self.references.appendingPathComponent("showcase.json").path, "--out", folder.path,
                              "--format", "png", "--size", "60x60", "--progress", "0.2", "--scale", "2", "--background", "white"])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(frames == ["frame_00000.png"])
        let still = try image(folder.appendingPathComponent("frame_00000.png"))
        #expect(still.width == 120 && still.height == 120)
        let d = try #require(ImageDifference(still, try image(Self.references.appendingPathComponent("showcase-12.png"))))
        #expect(d.mean < 0.6 && d.p99 < 24, "\(d)")
    }

    @Test func sizeAndProgressRejectWhatTheyCannotMean() throws {
        let file = Self.references.appendingPathComponent("showcase.json").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-never-\(UUID().uuidString)").path
        for (arguments, message) in [(["--progress", "1.5"], "--progress takes a number from 0 to 1"),
                                     (["--progress", "nan"], "--progress takes a number from 0 to 1"),
                                     (["--size", "0x40"], "--size takes WIDTHxHEIGHT"),
                                     (["--size", "wide"], "--size takes WIDTHxHEIGHT")] {
            let run = try CalyxCommand.run(["render", file, "--out", out] + arguments)
            #expect(run.status != 0 && run.errors.contains(message), "\(arguments): \(run.errors)")
        }
        let scene = try CalyxCommand.run(["render", "worm", "--out", out, "--size", "40x40"])
        #expect(scene.status != 0 && scene.errors.contains("apply to Lottie files"), "\(scene.errors)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aFileThatIsNotAnAnimationFailsClearly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"fr":30,"op":60,"w":100,"h":80}"#.utf8).write(to: bad)
        let result = try CalyxCommand.run(["render", bad.path, "--out", folder.appendingPathComponent("out.gif").path])
        #expect(result.status == 1)
        #expect(result.errors.contains("not a Lottie animation: the document has no \"ip\""), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
    }

    /// `calyx view file.json` plays the file in a window (under the test's X server) and closes after `--seconds`;
    /// a file that is not an animation fails with the sentence `calyx render` gives, and opens no window.
    @Test func viewPlaysAFileOrSaysWhyNot() throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
            let shown = try CalyxCommand.run(["view", Self.references.appendingPathComponent("showcase.json").path, "--seconds", "0.5"])
            #expect(shown.status == 0, "\(shown.errors)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"fr":30,"op":60,"w":100,"h":80}"#.utf8).write(to: bad)
        let refused = try CalyxCommand.run(["view", bad.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("not a Lottie animation: the document has no \"ip\""), "\(refused.errors)")
    }

    /// `calyx info` says what a file is and uses, and what it does not draw; a missing file fails with a sentence.
    @Test func infoDescribesAFile() throws {
        let run = try CalyxCommand.run(["info", Self.references.appendingPathComponent("mattes-masks.json").path], capturingOutput: true)
        #expect(run.status == 0, "\(run.errors)")
        for line in ["size        160 × 160 points", "duration    2.000 s", "layers      13 shape",
                     "uses        ellipses, fills, groups, masks, rectangles, track mattes", "not drawn   nothing"] {
            #expect(run.output.contains(line), "\(line) in \(run.output)")
        }
        let archive = try CalyxCommand.run(["info", Self.references.appendingPathComponent("quadrants.lottie").path], capturingOutput: true)
        #expect(archive.status == 0 && archive.output.contains("layers      1 image"), "\(archive.output)")
        let missing = try CalyxCommand.run(["info", "/nonexistent/anim.json"])
        #expect(missing.status != 0 && missing.errors.contains("no such file"), "\(missing.errors)")
    }
}

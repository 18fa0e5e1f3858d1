import Testing
import Foundation
import QuartzCore
import UIKit
@testable import Lottie

/// `.lottie` archives written as iOS code against lottie-ios's API: References/quadrants.lottie (made by
/// scripts/make-dotlottie-fixture.py with Python's zipfile — deflated JSON, a stored PNG, a manifest saying
/// speed 2 and loop) plays with its packed image; hostile archives are refused with an error.
@Suite struct DotLottieTests {
    static let fixture = ThorVGReferenceTests.directory.appendingPathComponent("quadrants.lottie")

    @Test func anArchivePlaysWithItsManifestAndImages() async throws {
        let file = try await DotLottieFile.loadedFrom(filepath: Self.fixture.path)
        #expect(file.animations.count == 1 && file.animation(for: "quadrants") != nil && file.animation(for: "other") == nil)
        let view = LottieAnimationView(dotLottie: file)
        #expect(view.loopMode == .loop && view.animationSpeed == 2)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let layer = view.animationLayer
        layer.layoutIfNeeded()
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            let i = 25 * frame.stride + 25 * 4
            #expect([frame.bytes[i + 2], frame.bytes[i + 1], frame.bytes[i]] == [220, 30, 30], "the packed PNG's red quadrant")
        }
    }

    /// A stored entry's local header and central-directory record, for hand-made hostile archives.
    static func archive(_ entries: [(name: String, data: [UInt8], declaredSize: Int?)]) -> Data {
        var out: [UInt8] = [], directory: [UInt8] = []
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16((v >> 16) & 0xFFFF) }
        for e in entries {
            let name = Array(e.name.utf8), size = e.declaredSize ?? e.data.count, offset = out.count
            out += u32(0x0403_4B50) + u16(20) + u16(0) + u16(0) + u32(0) + u32(0) + u32(e.data.count) + u32(size)
                + u16(name.count) + u16(0) + name + e.data
            directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(0) + u16(0) + u32(0) + u32(0) + u32(e.data.count)
                + u32(size) + u16(name.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset) + name
        }
        let start = out.count
        out += directory + u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count)
            + u32(directory.count) + u32(start) + u16(0)
        return Data(out)
    }

    @Test func hostileArchivesAreRefused() throws {
        let json = Array(try Data(contentsOf: ThorVGReferenceTests.directory.appendingPathComponent("showcase.json")))
        // A hand-made archive of one stored animation loads, so the refusals below are for what they change.
        _ = try DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(
            data: Self.archive([("animations/a.json", json, nil)]), filename: "ok.lottie").get()
        let hostile: [(String, Data)] = [
            ("a path out of the archive", Self.archive([("../animations/a.json", json, nil)])),
            ("an absolute path", Self.archive([("/etc/a.json", json, nil)])),
            ("no animation", Self.archive([("images/x.png", [1, 2, 3], nil)])),
            ("a huge declared entry", Self.archive([("animations/a.json", json, 1 << 30)])),
            ("a stored entry of the wrong size", Self.archive([("animations/a.json", json, json.count + 1)])),
            ("truncated", Self.archive([("animations/a.json", json, nil)]).prefix(200)),
            ("not an archive", Data("{}".utf8)),
            ("empty", Data()),
        ]
        for (reason, data) in hostile {
            let result = DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(data: data, filename: "x.lottie")
            if case .success = result { Issue.record("accepted: \(reason)") }
        }
    }
}

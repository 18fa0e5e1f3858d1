import Testing
import Foundation
import CGif
import CalyxTestSupport
@testable import CalyxHost
@testable import QuartzCore

/// GIF export, read back with giflib's decoder: frame count, delays, loop, palette colours at analytic probes,
/// transparency and dithering; and the errors that leave no file behind.
@Suite struct GIFExportTests {
    /// A 40×20 root (white unless `transparent`) with a 10×10 red square sliding from x = 0 to x = 30 over
    /// one second from t = 0, linearly.
    func scene(transparent: Bool = false) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        if !transparent { root.backgroundColor = CGColor.white }
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 5; slide.toValue = 35; slide.duration = 1; slide.beginTime = 1e-9   // from media time 0
        slide.fillMode = .both; slide.isRemovedOnCompletion = false
        square.add(slide, forKey: "slide")
        root.addSublayer(square)
        return root
    }

    struct DecodedGIF {
        var frames: [(indices: [UInt8], colors: [(UInt8, UInt8, UInt8)], delay: Int, transparent: Int)]
        var width: Int, height: Int
        var loops: Bool
        func rgb(frame: Int, x: Int, y: Int) -> (Int, Int, Int)? {
            let f = frames[frame]
            let i = Int(f.indices[y * width + x])
            if i == f.transparent { return nil }
            let c = f.colors[i]
            return (Int(c.0), Int(c.1), Int(c.2))
        }
    }

    /// Reads a GIF with giflib's decoder.
    func decode(_ path: String) throws -> DecodedGIF {
        var error: Int32 = 0
        let gif = try #require(DGifOpenFileName(path, &error))
        defer { DGifCloseFile(gif, &error) }
        #expect(DGifSlurp(gif) == GIF_OK)
        var result = DecodedGIF(frames: [], width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight), loops: false)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            let desc = image.ImageDesc
            let map = try #require(desc.ColorMap ?? gif.pointee.SColorMap)
            let colors = (0..<Int(map.pointee.ColorCount)).map { k in
                (map.pointee.Colors[k].Red, map.pointee.Colors[k].Green, map.pointee.Colors[k].Blue)
            }
            var gcb = GraphicsControlBlock()
            DGifSavedExtensionToGCB(gif, Int32(i), &gcb)
            let count = Int(desc.Width * desc.Height)
            let indices = Array(UnsafeBufferPointer(start: image.RasterBits, count: count))
            result.frames.append((indices, colors, Int(gcb.DelayTime), Int(gcb.TransparentColor)))
            for e in 0..<Int(image.ExtensionBlockCount) where image.ExtensionBlocks[e].Function == APPLICATION_EXT_FUNC_CODE {
                result.loops = true
            }
        }
        return result
    }

    /// `root` exported as a GIF from media time 0 on a manual clock, read back with giflib's decoder.
    func exportedGIF(_ root: CALayer, _ options: AnimationExportOptions) throws -> DecodedGIF {
        try CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            let url = temporaryPath("export.gif")
            defer { try? FileManager.default.removeItem(at: url) }
            var options = options
            options.startTime = 0
            try AnimationExporter(layer: root, options: options).export(to: url)
            return try decode(url.path)
        }
    }

    func temporaryPath(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("calyx-\(UUID().uuidString)-\(name)")
    }

    @Test func framesDelaysAndColoursReadBack() throws {
        let gif = try exportedGIF(scene(), AnimationExportOptions(framesPerSecond: 10, duration: 1))
        #expect(gif.width == 40 && gif.height == 20 && gif.frames.count == 10)
        #expect(gif.frames.allSatisfy { $0.delay == 10 }, "each frame a tenth of a second")
        // Frame k shows the square's left edge at 3k points: red at its middle row inside, white outside.
        for k in [0, 3, 6, 9] {
            let left = 3 * k
            let inside = try #require(gif.rgb(frame: k, x: left + 5, y: 10))
            let outside = try #require(gif.rgb(frame: k, x: (left + 20) % 40, y: 10))
            #expect(inside.0 > 240 && inside.1 < 15 && inside.2 < 15, "frame \(k) inside: \(inside)")
            #expect(outside.0 > 240 && outside.1 > 240 && outside.2 > 240, "frame \(k) outside: \(outside)")
        }
    }

    @Test func frameDelaysAddUpAtRatesThatDoNotDivideAHundred() throws {
        let delays = try exportedGIF(scene(), AnimationExportOptions(framesPerSecond: 30, duration: 1)).frames.map(\.delay)
        #expect(delays.count == 30 && delays.reduce(0, +) == 100 && Set(delays).isSubset(of: [3, 4]))
    }

    @Test func transparencyAndAFrameRange() throws {
        let gif = try exportedGIF(scene(transparent: true), AnimationExportOptions(framesPerSecond: 10, duration: 1, frames: 5...7))
        #expect(gif.frames.count == 3)
        // Frame 5 of the whole: the square at x 15…25; the rest transparent.
        #expect(gif.rgb(frame: 0, x: 2, y: 10) == nil)
        let inside = try #require(gif.rgb(frame: 0, x: 20, y: 10))
        #expect(inside.0 > 240 && inside.1 < 15)
    }

    @Test func ditheringKeepsAGradientsMeanColour() throws {
        // A 1024×8 ramp from orange to sky blue: about a thousand colours, four times what a palette holds. The
        // mean over each 16-pixel column band stays within 3 of the true mean when dithered.
        let root = CAGradientLayer()
        root.frame = CGRect(x: 0, y: 0, width: 1024, height: 8)
        root.colors = [CGColor(red: 1, green: 0.2, blue: 0, alpha: 1), CGColor(red: 0, green: 0.8, blue: 1, alpha: 1)]
        root.startPoint = CGPoint(x: 0, y: 0.5); root.endPoint = CGPoint(x: 1, y: 0.5)
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let url = temporaryPath("ramp.gif")
            defer { try? FileManager.default.removeItem(at: url) }
            var options = AnimationExportOptions(framesPerSecond: 10, duration: 0)
            options.startTime = 0
            let exporter = AnimationExporter(layer: root, options: options)
            let truth = StraightPixels(try #require(try exporter.renderFrames().first))
            try exporter.export(to: url)
            let gif = try decode(url.path)
            #expect(Set(gif.frames[0].indices).count > 100, "the palette is used, not a handful of colours")
            for band in stride(from: 0, to: 1024, by: 16) {
                var got = (0, 0, 0), want = (0, 0, 0)
                for y in 0..<8 { for x in band..<(band + 16) {
                    let c = try #require(gif.rgb(frame: 0, x: x, y: y))
                    let t = truth.pixel(y * 1024 + x)
                    got = (got.0 + c.0, got.1 + c.1, got.2 + c.2)
                    want = (want.0 + Int(t.r), want.1 + Int(t.g), want.2 + Int(t.b))
                } }
                #expect(abs(got.0 - want.0) <= 3 * 128 && abs(got.1 - want.1) <= 3 * 128 && abs(got.2 - want.2) <= 3 * 128,
                        "band \(band): \(got) vs \(want) over 128 pixels")
            }
        }
    }

    @Test func withoutADurationTheExportEndsWithTheLastAnimation() throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let root = scene()
            // A second animation repeating for ever does not make the export endless.
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1; pulse.toValue = 0.5; pulse.duration = 0.3; pulse.repeatCount = .greatestFiniteMagnitude
            root.add(pulse, forKey: "pulse")
            var options = AnimationExportOptions(framesPerSecond: 10)
            options.startTime = 0
            // The slide runs from its beginTime of 1e-9 s to just past 1 s: frames 0…10 at 10 fps.
            let frames = try AnimationExporter(layer: root, options: options).renderFrames()
            #expect(frames.count == 11)
        }
    }

    @Test func errorsLeaveNoFileBehind() throws {
        let root = scene()
        // A directory that does not exist.
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.gif")
        #expect(throws: AnimationExportError.self) { try AnimationExporter(layer: root).export(to: missing) }
        // An unknown format.
        let unknown = temporaryPath("out.xyz")
        #expect(throws: AnimationExportError.unknownFormat("xyz")) { try AnimationExporter(layer: root).export(to: unknown) }
        // Impossible sizes and rates.
        let url = temporaryPath("bad.gif")
        for options in [AnimationExportOptions(size: CGSize(width: 0, height: 10)),
                        AnimationExportOptions(size: CGSize(width: 1e9, height: 1e9)),
                        AnimationExportOptions(framesPerSecond: .nan),
                        AnimationExportOptions(duration: .infinity)] {
            #expect(throws: AnimationExportError.self) { try AnimationExporter(layer: root, options: options).export(to: url) }
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.contains(url.lastPathComponent) }
        #expect(leftovers.isEmpty)
    }

    @Test func pngSequenceWritesOneFilePerFrame() throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let url = temporaryPath("frames")
            defer { try? FileManager.default.removeItem(at: url) }
            var options = AnimationExportOptions(framesPerSecond: 4, duration: 1)
            options.startTime = 0
            try AnimationExporter(layer: scene(), options: options).export(to: url, format: .png)
            let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            #expect(files == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png"])
        }
    }
}

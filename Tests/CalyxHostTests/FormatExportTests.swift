import Testing
import Foundation
@testable import CalyxHost
@testable import QuartzCore

/// WebP, APNG, MP4 and WebM export, each read back by an independent decoder: frame count and times, the sliding
/// square where its time puts it (exact for the lossless formats, within a stated tolerance for lossy ones),
/// alpha where the format keeps it, and frame ranges whose parts carry their own times.
@Suite struct FormatExportTests {
    let scenes = GIFExportTests()

    func exported(_ format: AnimationExportFormat, _ options: AnimationExportOptions, transparent: Bool = false,
                  read: (String) throws -> DecodedFrames) throws -> DecodedFrames {
        try CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            let url = scenes.temporaryPath("export.\(format.rawValue)")
            defer { try? FileManager.default.removeItem(at: url) }
            var options = options
            options.startTime = 0
            try AnimationExporter(layer: scenes.scene(transparent: transparent), options: options).export(to: url, format: format)
            return try read(url.path)
        }
    }

    /// Frame k of the 10 fps slide has the square's left edge at 3k: red at its middle, white 20 points on.
    /// Video frames keep their time in the whole animation; animated images start at 0.
    func expectSlide(_ decoded: DecodedFrames, firstFrame: Int = 0, tolerance: Int, _ format: AnimationExportFormat) {
        for (i, frame) in decoded.frames.enumerated() {
            let k = firstFrame + i, left = 3 * k
            let inside = decoded.rgba(frame: i, x: left + 5, y: 10), outside = decoded.rgba(frame: i, x: (left + 20) % 40, y: 10)
            let isVideo = format == .mp4 || format == .webm
            let expectedTime = isVideo ? Double(k) / 10 : Double(i) / 10
            #expect(abs(frame.time - expectedTime) < 0.002, "\(format) frame \(k) at \(frame.time) s")
            #expect(inside.r >= 255 - tolerance && inside.g <= tolerance && inside.b <= tolerance, "\(format) frame \(k) inside: \(inside)")
            #expect(outside.r >= 255 - tolerance && outside.g >= 255 - tolerance && outside.b >= 255 - tolerance,
                    "\(format) frame \(k) outside: \(outside)")
        }
    }

    @Test func webPReadsBackLosslessAtQualityOne() throws {
        var options = AnimationExportOptions(framesPerSecond: 10, duration: 1)
        options.quality = 1
        let webp = try exported(.webp, options, read: DecodedFrames.webP)
        #expect(webp.width == 40 && webp.height == 20 && webp.frames.count == 10)
        expectSlide(webp, tolerance: 0, .webp)
    }

    @Test func lossyWebPKeepsAlpha() throws {
        let webp = try exported(.webp, AnimationExportOptions(framesPerSecond: 10, duration: 1, frames: 5...7), transparent: true,
                                read: DecodedFrames.webP)
        #expect(webp.frames.count == 3)
        #expect(webp.rgba(frame: 0, x: 2, y: 10).a == 0, "transparent where nothing is drawn")
        let inside = webp.rgba(frame: 0, x: 20, y: 10)
        // Lossy: within 12 levels of pure red (WebP's quality 80 on flat colour).
        #expect(inside.a == 255 && inside.r > 243 && inside.g < 12 && inside.b < 12, "\(inside)")
    }

    @Test func apngIsLosslessWithCorrectTimesAndLoop() throws {
        var options = AnimationExportOptions(framesPerSecond: 10, duration: 1)
        options.loopCount = 2
        var plays = 0
        let apng = try exported(.apng, options) { path in
            let (frames, p) = try DecodedFrames.apng(path)
            plays = p
            return frames
        }
        #expect(apng.frames.count == 10 && plays == 3)
        expectSlide(apng, tolerance: 0, .apng)
        let transparent = try exported(.apng, AnimationExportOptions(framesPerSecond: 10, duration: 0.3), transparent: true) {
            try DecodedFrames.apng($0).frames
        }
        #expect(transparent.rgba(frame: 2, x: 30, y: 2).a == 0)
    }

    @Test(arguments: [AnimationExportFormat.mp4, .webm])
    func videoDecodesToTheSlideWithFrameTimes(format: AnimationExportFormat) throws {
        // 4:2:0 video of a 40×20 frame: probes sit 5 pixels inside the square's edges, where the chroma
        // subsampling and the codec's blocks leave the colour within 40 levels.
        let video = try exported(format, AnimationExportOptions(framesPerSecond: 10, duration: 1), read: DecodedFrames.video)
        #expect(video.width == 40 && video.height == 20 && video.frames.count == 10)
        expectSlide(video, tolerance: 40, format)
    }

    @Test func aVideoFrameRangeKeepsItsFramesTimes() throws {
        let video = try exported(.mp4, AnimationExportOptions(framesPerSecond: 10, duration: 1, frames: 4...7), read: DecodedFrames.video)
        #expect(video.frames.count == 4)
        expectSlide(video, firstFrame: 4, tolerance: 40, .mp4)
    }

    @Test func oddSizesArePaddedForVideo() throws {
        let video = try exported(.webm, AnimationExportOptions(size: CGSize(width: 39, height: 19), framesPerSecond: 10, duration: 0.2),
                                 read: DecodedFrames.video)
        #expect(video.width == 40 && video.height == 20 && video.frames.count == 2)
    }

    @Test func oneExportWritesSeveralFilesOrNone() throws {
        try CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            var options = AnimationExportOptions(framesPerSecond: 10, duration: 0.5)
            options.startTime = 0
            let urls = ["a.webm", "b.apng", "c.webp"].map { scenes.temporaryPath($0) }
            defer { for url in urls { try? FileManager.default.removeItem(at: url) } }
            let exporter = AnimationExporter(layer: scenes.scene(), options: options)
            try exporter.export(to: urls)
            #expect(try DecodedFrames.video(urls[0].path).frames.count == 5)
            #expect(try DecodedFrames.apng(urls[1].path).frames.frames.count == 5)
            #expect(try DecodedFrames.webP(urls[2].path).frames.count == 5)
            // One unknown extension: nothing is written.
            let more = [scenes.temporaryPath("d.gif"), scenes.temporaryPath("e.mov")]
            #expect(throws: AnimationExportError.unknownFormat("mov")) { try exporter.export(to: more) }
            #expect(!FileManager.default.fileExists(atPath: more[0].path))
        }
    }

    @Test func eachFormatComesFromItsExtension() {
        #expect(AnimationExportFormat(pathExtension: "WEBP") == .webp)
        #expect(AnimationExportFormat(pathExtension: "apng") == .apng)
        #expect(AnimationExportFormat(pathExtension: "mp4") == .mp4)
        #expect(AnimationExportFormat(pathExtension: "webm") == .webm)
        #expect(AnimationExportFormat(pathExtension: "png") == .png)
        #expect(AnimationExportFormat(pathExtension: "mov") == nil)
    }
}

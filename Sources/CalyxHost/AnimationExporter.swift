import Foundation
import CoreGraphics
import ImageIO
import QuartzCore

/// Renders a layer tree's animation headlessly, frame by frame at the times a frame rate gives, to memory or to
/// a file — the same frames a window would show at those times.
///
///     let exporter = AnimationExporter(layer: root, options: AnimationExportOptions(framesPerSecond: 30, duration: 2))
///     try exporter.export(to: URL(fileURLWithPath: "spinner.gif"))
///
/// Frames come from `CARenderer` and are deterministic: the same tree and times give the same bytes.
public final class AnimationExporter {
    /// The root of the tree exported.
    public let layer: CALayer
    /// The frame size, rate, duration and format settings.
    public let options: AnimationExportOptions
    /// Called after each frame is rendered and written, with the count done and the count in all.
    public var progress: ((Int, Int) -> Void)?
    /// Called before each frame is drawn, with its number and media time: the place to change the tree at
    /// chosen times (a transition starts from the frame before it) or to move a manual clock and deliver
    /// animation events as a run loop would. Changes committed here are in the frame.
    public var willRenderFrame: ((_ number: Int, _ time: CFTimeInterval) -> Void)?

    /// An exporter of `layer`'s tree with `options`.
    public init(layer: CALayer, options: AnimationExportOptions = AnimationExportOptions()) {
        self.layer = layer
        self.options = options
    }

    typealias FramePlan = (numbers: [Int], start: CFTimeInterval, pixelWidth: Int, pixelHeight: Int)

    /// The frame numbers this export writes, the media time of frame 0, and the frames' size in pixels.
    func plan() throws -> FramePlan {
        CATransaction.flush()
        let o = options
        let size = o.size ?? layer.bounds.size
        guard o.framesPerSecond.isFinite, o.framesPerSecond > 0, o.framesPerSecond <= 1000 else {
            throw AnimationExportError.impossibleFrames("frame rate \(o.framesPerSecond)")
        }
        guard o.scale.isFinite, o.scale > 0, let width = CalyxLimits.pixels(size.width, scale: o.scale),
              let height = CalyxLimits.pixels(size.height, scale: o.scale), width > 0, height > 0,
              CalyxLimits.allowsBitmap(width: width, height: height) else {
            throw AnimationExportError.impossibleFrames("size \(size) at scale \(o.scale)")
        }
        let start = o.startTime ?? CACurrentMediaTime()
        let duration = o.duration ?? AnimationExtent.end(of: layer).map { max($0 - start, 0) } ?? 0
        guard duration.isFinite, duration >= 0, duration * o.framesPerSecond < 1_000_000 else {
            throw AnimationExportError.impossibleFrames("duration \(duration)")
        }
        let count = max(1, Int((duration * o.framesPerSecond).rounded(.up)))
        let all = 0..<count
        let numbers = o.frames.map { Array($0.clamped(to: 0...(count - 1))) } ?? Array(all)
        guard !numbers.isEmpty, o.frames.map({ $0.overlaps(all) }) ?? true else {
            throw AnimationExportError.impossibleFrames("frames \(String(describing: o.frames)) outside 0…\(count - 1)")
        }
        return (numbers, start, width, height)
    }

    /// The frames, rendered into images (premultiplied, at the options' pixel size).
    public func renderFrames() throws -> [CGImage] {
        var images: [CGImage] = []
        try render { _, image in images.append(image) }
        return images
    }

    /// Renders each frame of the plan (made now when not given) and hands it over with its number.
    func render(plan given: FramePlan? = nil, _ body: (Int, CGImage) throws -> Void) throws {
        let (numbers, start, width, height) = try given ?? plan()
        guard let context = CGContext.canonicalBitmap(width: width, height: height)
        else { throw AnimationExportError.impossibleFrames("no \(width)×\(height) bitmap") }
        let renderer = CARenderer(context: context)
        renderer.layer = layer
        renderer.waitsForTiles = true   // every exported frame shows all of its tiles
        let size = options.size ?? layer.bounds.size
        renderer.bounds = CGRect(origin: .zero, size: size)
        for (done, n) in numbers.enumerated() {
            let t = start + Double(n) / options.framesPerSecond
            if let willRenderFrame {
                willRenderFrame(n, t)
                CATransaction.flush()
            }
            renderer.beginFrame(atTime: t, timeStamp: nil)
            renderer.addUpdate(.infinite)
            renderer.render()
            renderer.endFrame()
            guard var image = context.makeImage() else { throw AnimationExportError.encoderFailed("frame \(n)") }
            if let background = options.backgroundColor { image = Self.composite(image, over: background) }
            try body(n, image)
            progress?(done + 1, numbers.count)
        }
    }

    /// Writes the animation to `url` in `format` (nil: from the path's extension). The file appears only once
    /// complete: it is written beside its destination and moved into place.
    public func export(to url: URL, format: AnimationExportFormat? = nil) throws {
        guard let format = format ?? AnimationExportFormat(pathExtension: url.pathExtension) else {
            throw AnimationExportError.unknownFormat(url.pathExtension)
        }
        try export([(url, format)])
    }

    /// Writes the animation to each of `urls`, in the format its extension names, rendering each frame once
    /// for all of them. The files appear only once all are complete; when one fails, none is left.
    public func export(to urls: [URL]) throws {
        try export(urls.map { url in
            guard let format = AnimationExportFormat(pathExtension: url.pathExtension) else {
                throw AnimationExportError.unknownFormat(url.pathExtension)
            }
            return (url, format)
        })
    }

    private func export(_ targets: [(url: URL, format: AnimationExportFormat)]) throws {
        let staging = try targets.map { target in
            let directory = target.url.deletingLastPathComponent()
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
                  FileManager.default.isWritableFile(atPath: directory.path) else {
                throw AnimationExportError.cannotWrite(path: target.url.path, reason: "\(directory.path) is not a writable directory")
            }
            return directory.appendingPathComponent(".\(target.url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        }
        for file in staging { try? FileManager.default.removeItem(at: file) }
        do {
            let frames = try plan()
            let wall = ContinuousClock()
            var encoding = Duration.zero
            let encoders = try zip(targets, staging).map { target, file in
                try target.format.makeEncoder(path: file.path, width: frames.pixelWidth, height: frames.pixelHeight, options: options)
            }
            let started = wall.now
            try render(plan: frames) { n, image in
                encoding += try wall.measure { for encoder in encoders { try encoder.add(image, number: n) } }
            }
            encoding += try wall.measure { for encoder in encoders { try encoder.finish() } }
            timings = ExportTimings(rendering: wall.now - started - encoding, encoding: encoding)
            for (target, file) in zip(targets, staging) {
                if FileManager.default.fileExists(atPath: target.url.path) { try FileManager.default.removeItem(at: target.url) }
                try FileManager.default.moveItem(at: file, to: target.url)
            }
        } catch {
            for file in staging { try? FileManager.default.removeItem(at: file) }
            if let error = error as? AnimationExportError { throw error }
            throw AnimationExportError.cannotWrite(path: targets.map(\.url.path).joined(separator: ", "), reason: "\(error)")
        }
    }

    /// Where the last ``export(to:format:)`` spent its time: rendering frames, and encoding and writing them.
    package private(set) var timings = ExportTimings(rendering: .zero, encoding: .zero)

    /// `image` composited over an opaque background colour.
    static func composite(_ image: CGImage, over color: CGColor) -> CGImage {
        guard let ctx = CGContext.canonicalBitmap(width: image.width, height: image.height)
        else { return image }
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        ctx.setFillColor(color)
        ctx.fill(rect)
        ctx.draw(image, in: rect)
        return ctx.makeImage() ?? image
    }
}

/// Where an export spent its time.
package struct ExportTimings: Sendable {
    package var rendering: Duration
    package var encoding: Duration
}

/// When the animations in a tree end.
enum AnimationExtent {
    /// The media time the last finite animation of `root`'s tree ends, or nil when none does.
    static func end(of root: CALayer) -> CFTimeInterval? {
        var latest: CFTimeInterval?
        func visit(_ layer: CALayer) {
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) else { continue }
                let timing = TimingSpec(animation)
                let active = timing.activeDuration
                guard active.isFinite, timing.speed > 0, timing.speed.isFinite else { continue }
                let end = layer.convertTime(timing.beginTime + active / timing.speed, to: nil)
                if end.isFinite { latest = max(latest ?? end, end) }
            }
            for child in layer.sublayers ?? [] { visit(child) }
            if let mask = layer.mask { visit(mask) }
        }
        visit(root)
        return latest
    }
}

extension StraightPixels {
    /// An image's pixels unpremultiplied, rows top first.
    init(_ image: CGImage) {
        let w = image.width, h = image.height
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let pixels = image.pixels
        for y in 0..<h {
            for x in 0..<w {
                let p = pixels.pixel(x: x, y: y)
                let a = Int(p.a), i = (y * w + x) * 4
                func straight(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                rgba[i] = straight(p.r); rgba[i + 1] = straight(p.g); rgba[i + 2] = straight(p.b); rgba[i + 3] = p.a
            }
        }
        self.init(width: w, height: h, rgba: rgba)
    }
}

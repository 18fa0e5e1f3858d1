import Foundation
import CoreGraphics

/// A frame number of an animation (After Effects' frames, possibly fractional).
public typealias AnimationFrameTime = CGFloat
/// A point in an animation as a fraction, 0 at its start frame and 1 at its end frame.
public typealias AnimationProgressTime = CGFloat

/// A Lottie animation read from Bodymovin JSON: its size, frame range, frame rate and markers, ready to be
/// played by a ``LottieAnimationLayer`` or ``LottieAnimationView`` — lottie-ios's `LottieAnimation`.
public final class LottieAnimation: Decodable, @unchecked Sendable {
    let model: AnimationModel

    /// The first frame of the animation.
    public var startFrame: AnimationFrameTime { CGFloat(model.inPoint) }
    /// The last frame of the animation.
    public var endFrame: AnimationFrameTime { CGFloat(model.outPoint) }
    /// Frames per second.
    public var framerate: Double { model.frameRate }
    /// The animation's length in seconds.
    public var duration: TimeInterval { (model.outPoint - model.inPoint) / model.frameRate }
    /// The composition's size in points.
    public var size: CGSize { CGSize(width: model.width, height: model.height) }
    /// The composition's bounds (origin zero).
    public var bounds: CGRect { CGRect(origin: .zero, size: size) }
    /// The names of the animation's markers, in file order.
    public var markerNames: [String] { model.markers.map(\.name) }

    /// Decodes an animation from Bodymovin JSON.
    public required init(from decoder: Decoder) throws { model = try AnimationModel(from: decoder) }

    /// Reads an animation from Bodymovin JSON, throwing ``LottieError`` for data that is not one.
    public static func from(data: Data) throws -> LottieAnimation {
        do {
            let document: JSONValue
            do {
                document = try JSONReader.parse(data)
            } catch {
                // (Foundation's reader also takes UTF-16 and UTF-32 documents: its verdict stands for what ours refuses.)
                return try JSONDecoder().decode(LottieAnimation.self, from: data)
            }
            return try JSONTreeDecoder.unbox(document, as: LottieAnimation.self, trail: nil)
        } catch let error as LottieError {
            throw error
        } catch let error as DecodingError {
            throw LottieError.invalidFile(Self.reason(error))
        } catch {
            throw LottieError.invalidFile(String(describing: error))
        }
    }

    /// A decoding error in a sentence: what is wrong, and where in the document.
    private static func reason(_ error: DecodingError) -> String {
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the document" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(place(context.codingPath)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context.codingPath)) has the wrong kind of value"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(place(context.codingPath)) is malformed"
        @unknown default: return String(describing: error)
        }
    }

    /// Reads an animation from Bodymovin JSON (`strategy`, lottie-ios's choice of decoder, chooses nothing here).
    public static func from(data: Data, strategy: DecodingStrategy) throws -> LottieAnimation { try from(data: data) }

    /// Reads the animation at `filepath`, or takes the one `animationCache` keeps under that path; nil when it
    /// cannot be read or is not an animation, as lottie-ios.
    public static func filepath(_ filepath: String,
                                animationCache: AnimationCacheProvider? = LottieAnimationCache.shared) -> LottieAnimation? {
        if let kept = animationCache?.animation(forKey: filepath) { return kept }
        guard let data = FileManager.default.contents(atPath: filepath), let animation = try? from(data: data) else { return nil }
        animationCache?.setAnimation(animation, forKey: filepath)
        return animation
    }

    /// Reads `name.json` from `bundle` (optionally in `subdirectory`), or takes the one `animationCache` keeps for
    /// it; nil when there is none, as lottie-ios.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil,
                             animationCache: AnimationCacheProvider? = LottieAnimationCache.shared) -> LottieAnimation? {
        let key = bundle.bundlePath + (subdirectory ?? "") + "/" + name
        if let kept = animationCache?.animation(forKey: key) { return kept }
        let file = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let url = bundle.url(forResource: file, withExtension: "json", subdirectory: subdirectory),
              let animation = filepath(url.path, animationCache: nil) else { return nil }
        animationCache?.setAnimation(animation, forKey: key)
        return animation
    }

    // MARK: Time conversions

    /// The progress of `frame` (0 at `startFrame`, 1 at `endFrame`), kept within 0…1 unless `clamped` is false.
    public func progressTime(forFrame frame: AnimationFrameTime, clamped: Bool = true) -> AnimationProgressTime {
        let length = endFrame - startFrame
        let progress = length == 0 ? 0 : (frame - startFrame) / length
        return clamped ? min(max(progress, 0), 1) : progress
    }
    /// The frame at `progress`.
    public func frameTime(forProgress progress: AnimationProgressTime) -> AnimationFrameTime {
        startFrame + (endFrame - startFrame) * progress
    }
    /// The time in seconds of `frame`, from the start frame.
    public func time(forFrame frame: AnimationFrameTime) -> TimeInterval { Double(frame - startFrame) / framerate }
    /// The frame at `time` seconds from the start frame.
    public func frameTime(forTime time: TimeInterval) -> AnimationFrameTime { startFrame + CGFloat(time * framerate) }

    /// The start frame of the marker called `named`, if there is one.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? {
        model.markers.first { $0.name == named }.map { CGFloat($0.frame) }
    }
    /// The progress of the marker called `named`, if there is one.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? {
        frameTime(forMarker: named).map { progressTime(forFrame: $0) }
    }
    /// The length in frames of the marker called `named`, if there is one.
    public func durationFrameTime(forMarker named: String) -> AnimationFrameTime? {
        model.markers.first { $0.name == named }.map { CGFloat($0.duration) }
    }
}

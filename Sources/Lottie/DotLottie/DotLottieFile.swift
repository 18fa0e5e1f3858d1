import Foundation
import QuartzCore

/// A `.lottie` file — lottie-ios's `DotLottieFile`: a ZIP archive holding one or more animations
/// (`animations/<id>.json`, or `a/<id>.json` in version 2), their images (`images/`, or `i/`) and a
/// `manifest.json` saying each animation's id, speed and whether it loops.
public final class DotLottieFile: @unchecked Sendable {
    /// One animation of the file with how the manifest says to play it.
    public struct Animation {
        /// The animation.
        public let animation: LottieAnimation
        /// How the manifest says to play it.
        public let configuration: DotLottieConfiguration
    }

    /// The file's animations, in the manifest's order (or by name without one).
    public let animations: [Animation]
    /// Images in the archive, by file name.
    private let images: [String: Data]

    /// The animation with `id` (nil: the first).
    public func animation(for id: String? = nil) -> Animation? {
        guard let id else { return animations.first }
        return animations.first { $0.configuration.id == id }
    }

    /// The animation at `index`, nil outside the file's.
    public func animation(at index: Int) -> Animation? { animations.indices.contains(index) ? animations[index] : nil }

    /// Reads a `.lottie` archive; throws `LottieError.invalidFile` for one that is not an archive, is hostile
    /// (paths out of the archive, entries too large) or holds no animation that loads.
    init(data: Data) throws {
        let archive = try ZipArchive(data)
        var images: [String: Data] = [:]
        for (name, bytes) in archive.files {
            for folder in ["images/", "i/"] where name.hasPrefix(folder) { images[String(name.dropFirst(folder.count))] = bytes }
        }
        self.images = images
        let provider = DotLottieImageProvider(images: images)
        struct Manifest: Decodable {
            struct Entry: Decodable { var id: String; var speed: Double?; var loop: LoopValue?; var direction: Double? }
            /// `loop` is a flag in version 1 and may be a count in others.
            enum LoopValue: Decodable {
                case flag(Bool), count(Double)
                init(from decoder: Decoder) throws {
                    let c = try decoder.singleValueContainer()
                    if let b = try? c.decode(Bool.self) { self = .flag(b) } else { self = .count(try c.decode(Double.self)) }
                }
            }
            var animations: [Entry]
        }
        let manifest = archive.files["manifest.json"].flatMap { try? JSONDecoder().decode(Manifest.self, from: $0) }
        let jsonNames = archive.files.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted()
        let entries = manifest?.animations ?? jsonNames.map {
            Manifest.Entry(id: (($0 as NSString).lastPathComponent as NSString).deletingPathExtension, speed: nil, loop: nil, direction: nil)
        }
        var loaded: [Animation] = []
        for entry in entries {
            guard let json = archive.files["animations/\(entry.id).json"] ?? archive.files["a/\(entry.id).json"],
                  let animation = try? LottieAnimation.from(data: json) else { continue }
            let loops: Bool = switch entry.loop { case .flag(let b): b; case .count(let n): n != 0; case nil: false }
            let speed = (entry.speed ?? 1) * ((entry.direction ?? 1) < 0 ? -1 : 1)
            loaded.append(Animation(animation: animation, configuration: DotLottieConfiguration(
                id: entry.id, imageProvider: images.isEmpty ? nil : provider, loopMode: loops ? .loop : .playOnce,
                speed: speed.isFinite ? speed : 1)))
        }
        guard !loaded.isEmpty else { throw LottieError.invalidFile("a .lottie archive with no animation that loads") }
        animations = loaded
    }
}

/// How a `.lottie` file's manifest says to play one of its animations — lottie-ios's `DotLottieConfiguration`.
public struct DotLottieConfiguration {
    /// The animation's id in the archive.
    public var id: String
    /// The archive's images, for the animation's image layers.
    public var imageProvider: AnimationImageProvider?
    /// Whether it loops.
    public var loopMode: LottieLoopMode
    /// Its speed (negative: backwards).
    public var speed: Double
}

/// The images packed in a `.lottie` archive, by file name.
struct DotLottieImageProvider: AnimationImageProvider {
    let images: [String: Data]
    func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let data = asset.embeddedData { return decodeImage(data) }
        return images[asset.name].flatMap(decodeImage)
    }
}

extension DotLottieFile {
    /// Loads `name.lottie` from `bundle` — lottie-ios's `DotLottieFile.named(_:bundle:subdirectory:)`.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory).get()
    }

    /// Loads the `.lottie` file at `filepath`.
    public static func loadedFrom(filepath: String) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filepath).get()
    }

    /// Reads a `.lottie` file's bytes (`filename` names it in errors and caches).
    public static func loadedFrom(data: Data, filename: String) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(data: data, filename: filename).get()
    }

    /// The same loaders, answering at once on the calling thread — lottie-ios's
    /// `DotLottieFile.SynchronouslyBlockingCurrentThread`.
    public enum SynchronouslyBlockingCurrentThread {
        /// Loads `name.lottie` from `bundle`.
        public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) -> Result<DotLottieFile, Error> {
            guard let url = bundle.url(forResource: name, withExtension: "lottie", subdirectory: subdirectory) else {
                return .failure(LottieError.invalidFile("no \(name).lottie in the bundle"))
            }
            return loadedFrom(filepath: url.path)
        }

        /// Loads the file at `filepath`.
        public static func loadedFrom(filepath: String) -> Result<DotLottieFile, Error> {
            Result { try DotLottieFile(data: Data(contentsOf: URL(fileURLWithPath: filepath))) }
        }

        /// Reads a `.lottie` file's bytes.
        public static func loadedFrom(data: Data, filename: String) -> Result<DotLottieFile, Error> {
            Result { try DotLottieFile(data: data) }
        }
    }
}

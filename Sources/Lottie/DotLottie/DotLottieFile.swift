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
    /// Loads `name.lottie` from `bundle`, or takes the one `dotLottieCache` keeps — lottie-ios's
    /// `DotLottieFile.named(_:bundle:subdirectory:dotLottieCache:)`.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil,
                             dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory, dotLottieCache: dotLottieCache).get()
    }

    /// The same, answering `handleResult` from `dispatchQueue`.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil,
                             dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache, dispatchQueue: DispatchQueue = .dotLottie,
                             handleResult: @escaping @Sendable (Result<DotLottieFile, Error>) -> Void) {
        dispatchQueue.async {
            handleResult(SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory, dotLottieCache: dotLottieCache))
        }
    }

    /// Loads the `.lottie` file at `filepath`, or takes the one `dotLottieCache` keeps.
    public static func loadedFrom(filepath: String,
                                  dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filepath, dotLottieCache: dotLottieCache).get()
    }

    /// The same, answering `handleResult` from `dispatchQueue`.
    public static func loadedFrom(filepath: String, dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache,
                                  dispatchQueue: DispatchQueue = .dotLottie,
                                  handleResult: @escaping @Sendable (Result<DotLottieFile, Error>) -> Void) {
        dispatchQueue.async { handleResult(SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filepath, dotLottieCache: dotLottieCache)) }
    }

    /// Reads a `.lottie` file's bytes (`filename` names it in errors and caches).
    public static func loadedFrom(data: Data, filename: String) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(data: data, filename: filename).get()
    }

    /// The same loaders, answering at once on the calling thread — lottie-ios's
    /// `DotLottieFile.SynchronouslyBlockingCurrentThread`.
    public enum SynchronouslyBlockingCurrentThread {
        /// Loads `name.lottie` from `bundle`, or takes the one `dotLottieCache` keeps.
        public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil,
                                 dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache) -> Result<DotLottieFile, Error> {
            let key = bundle.bundlePath + (subdirectory ?? "") + "/" + name
            if let kept = dotLottieCache?.file(forKey: key) { return .success(kept) }
            guard let url = bundle.url(forResource: name, withExtension: "lottie", subdirectory: subdirectory) else {
                return .failure(LottieError.invalidFile("no \(name).lottie in the bundle"))
            }
            let result = loadedFrom(filepath: url.path, dotLottieCache: nil)
            if case .success(let file) = result { dotLottieCache?.setFile(file, forKey: key) }
            return result
        }

        /// Loads the file at `filepath`, or takes the one `dotLottieCache` keeps.
        public static func loadedFrom(filepath: String,
                                      dotLottieCache: DotLottieCacheProvider? = DotLottieCache.sharedCache) -> Result<DotLottieFile, Error> {
            if let kept = dotLottieCache?.file(forKey: filepath) { return .success(kept) }
            let result = Result { try DotLottieFile(data: Data(contentsOf: URL(fileURLWithPath: filepath))) }
            if case .success(let file) = result { dotLottieCache?.setFile(file, forKey: filepath) }
            return result
        }

        /// Reads a `.lottie` file's bytes.
        public static func loadedFrom(data: Data, filename: String) -> Result<DotLottieFile, Error> {
            Result { try DotLottieFile(data: data) }
        }
    }
}

extension DispatchQueue {
    /// The queue `.lottie` files are read on — lottie-ios's `DispatchQueue.dotLottie`.
    public static let dotLottie = DispatchQueue(label: "com.airbnb.lottie.dot-lottie", qos: .userInitiated)
}

/// Keeps loaded `.lottie` files by a key — lottie-ios's `DotLottieCacheProvider`.
public protocol DotLottieCacheProvider: Sendable {
    /// The file kept under `forKey`, if any.
    func file(forKey: String) -> DotLottieFile?
    /// Keeps `lottie` under `forKey`.
    func setFile(_ lottie: DotLottieFile, forKey: String)
    /// Forgets every file kept.
    func clearCache()
}

/// A cache of at most ``cacheSize`` `.lottie` files, the least recently used forgotten first, safe from any
/// thread — lottie-ios's `DotLottieCache`.
public final class DotLottieCache: DotLottieCacheProvider, @unchecked Sendable {
    /// The process's shared cache.
    public static let sharedCache = DotLottieCache()
    private let store = LeastRecentlyUsedStore<DotLottieFile>(capacity: 100)

    /// An empty cache of 100 files.
    public init() {}

    /// How many files the cache keeps at most (100 by default).
    public var cacheSize: Int {
        get { store.capacity }
        set { store.capacity = newValue }
    }

    /// Forgets every file.
    public func clearCache() { store.removeAll() }

    /// The file under `key`, which then counts as just used.
    public func file(forKey key: String) -> DotLottieFile? { store.value(forKey: key) }

    /// Keeps `lottie` under `key`, forgetting the least recently used beyond the size.
    public func setFile(_ lottie: DotLottieFile, forKey key: String) { store.setValue(lottie, forKey: key) }
}

import Foundation
import Synchronization

/// How animations are decoded and drawn — lottie-ios's `LottieConfiguration`. Calyx has one rendering engine
/// (a Core Animation layer tree played by the render server) and one decoder, so the options are accepted and
/// kept but choose nothing.
public struct LottieConfiguration: Hashable, Sendable {
    /// The configuration views and layers use unless given one (safe to read and set from any thread).
    public static var shared: LottieConfiguration {
        get { sharedConfiguration.withLock { $0 } }
        set { sharedConfiguration.withLock { $0 = newValue } }
    }
    private static let sharedConfiguration = Mutex(LottieConfiguration())

    /// Which engine lottie-ios would draw with (Calyx draws every file as a Core Animation tree).
    public var renderingEngine: RenderingEngineOption
    /// How lottie-ios would decode files (Calyx has one decoder).
    public var decodingStrategy: DecodingStrategy

    /// A configuration (the defaults are lottie-ios's).
    public init(renderingEngine: RenderingEngineOption = .automatic, decodingStrategy: DecodingStrategy = .dictionaryBased) {
        self.renderingEngine = renderingEngine
        self.decodingStrategy = decodingStrategy
    }
}

/// lottie-ios's choice of engine: automatic, or a specific one.
public enum RenderingEngineOption: Hashable, Sendable {
    /// lottie-ios's choice per file.
    case automatic
    /// One engine.
    case specific(RenderingEngine)
    /// The main-thread engine.
    public static var mainThread: RenderingEngineOption { .specific(.mainThread) }
    /// The Core Animation engine (what Calyx always does).
    public static var coreAnimation: RenderingEngineOption { .specific(.coreAnimation) }
}

/// lottie-ios's rendering engines.
public enum RenderingEngine: Hashable, Sendable {
    /// Drawn on the main thread each frame.
    case mainThread
    /// A Core Animation layer tree (Calyx's only engine).
    case coreAnimation
}

/// lottie-ios's JSON decoding strategies.
public enum DecodingStrategy: Hashable, Sendable {
    /// `Codable` decoding.
    case legacyCodable
    /// Decoding from a dictionary.
    case dictionaryBased
}

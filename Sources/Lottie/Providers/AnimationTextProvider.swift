import Foundation

/// Supplies the text of an animation's text layers — lottie-ios's `AnimationKeypathTextProvider`. Set one as
/// ``LottieAnimationLayer/textProvider`` (or the view's); it is asked for each text layer when the layers are
/// built.
public protocol AnimationKeypathTextProvider: AnyObject {
    /// The text to show for the text layer at `keypath` (its layer names, outermost first), whose text in the
    /// file is `sourceText`; nil keeps `sourceText`.
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// The older way to supply text — lottie-ios's `LegacyAnimationTextProvider`: asked with the layer's whole
/// keypath as one dot-separated string, as lottie-ios's Core Animation engine asks it, when
/// ``AnimationKeypathTextProvider/text(for:sourceText:)`` answers nil.
public protocol LegacyAnimationTextProvider: AnimationKeypathTextProvider {
    /// The text to show for the text layer whose keypath is `keypathName`.
    func textFor(keypathName: String, sourceText: String) -> String
}

extension LegacyAnimationTextProvider {
    /// Nil: a legacy provider answers through ``textFor(keypathName:sourceText:)``.
    public func text(for _: AnimationKeypath, sourceText _: String) -> String? { nil }
}

/// lottie-ios's deprecated name for ``LegacyAnimationTextProvider``.
@available(*, deprecated, message: "Conform to AnimationKeypathTextProvider, or to LegacyAnimationTextProvider explicitly.")
public typealias AnimationTextProvider = LegacyAnimationTextProvider

/// A text provider that also chooses the scale text layers are drawn at — lottie-ios's
/// `TextContentsScaleProvider`.
public protocol TextContentsScaleProvider: AnimationKeypathTextProvider {
    /// The `contentsScale` of the text layer at `keypath` (nil: the default).
    func contentsScale(for keypath: AnimationKeypath) -> CGFloat?
}

/// Text from a dictionary — lottie-ios's `DictionaryTextProvider`: a key is either a text layer's whole keypath
/// (`"Comp.Title"`) or its last name (`"Title"`); layers with neither keep their text.
public final class DictionaryTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable, @unchecked Sendable {
    let values: [String: String]

    /// A provider answering from `values`.
    public init(_ values: [String: String]) { self.values = values }

    /// The value for the whole keypath, else for its last name, else `sourceText`.
    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        if let whole = values[keypath.string] { return whole }
        if let last = keypath.keys.last, let value = values[last] { return value }
        return sourceText
    }

    /// The value for `keypathName`, else `sourceText` (kept for older callers; Lottie asks ``text(for:sourceText:)``).
    public func textFor(keypathName: String, sourceText: String) -> String { values[keypathName] ?? sourceText }

    /// Whether both answer from the same values.
    public static func == (lhs: DictionaryTextProvider, rhs: DictionaryTextProvider) -> Bool { lhs.values == rhs.values }
}

/// The text in the file — lottie-ios's `DefaultTextProvider`.
public final class DefaultTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable, @unchecked Sendable {
    /// The default provider.
    public init() {}
    /// `sourceText`.
    public func textFor(keypathName _: String, sourceText: String) -> String { sourceText }
    /// `sourceText`.
    public func text(for _: AnimationKeypath, sourceText: String) -> String? { sourceText }
    /// Every default provider is the same.
    public static func == (_: DefaultTextProvider, _: DefaultTextProvider) -> Bool { true }
}

extension AnimationKeypathTextProvider {
    /// The text to show at `keypath` as lottie-ios's Core Animation engine asks for it: the provider's answer,
    /// else a legacy provider's for the whole keypath, else the file's.
    func resolvedText(for keypath: AnimationKeypath, sourceText: String) -> String {
        if let text = text(for: keypath, sourceText: sourceText) { return text }
        if let legacy = self as? LegacyAnimationTextProvider { return legacy.textFor(keypathName: keypath.string, sourceText: sourceText) }
        return sourceText
    }
}

import CoreText
import Foundation

/// Supplies the fonts of an animation's text layers — lottie-ios's `AnimationFontProvider`: asked with the
/// font the file names (its `fName`, such as `"Roboto-Bold"`) and the text's size.
public protocol AnimationFontProvider {
    /// The font for `family` at `size`; nil uses the font the file names.
    func fontFor(family: String, size: CGFloat) -> CTFont?
}

/// The font the file names, from the system's fonts — lottie-ios's `DefaultFontProvider`.
public final class DefaultFontProvider: AnimationFontProvider, Equatable, @unchecked Sendable {
    /// The default provider.
    public init() {}
    /// The font called `family` at `size` (Core Text's nearest when the system lacks it).
    public func fontFor(family: String, size: CGFloat) -> CTFont? { CTFontCreateWithName(family as CFString, size, nil) }
    /// Every default provider is the same.
    public static func == (_: DefaultFontProvider, _: DefaultFontProvider) -> Bool { true }
}

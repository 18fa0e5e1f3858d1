/// How a layer reads its `mask`'s picture as coverage. Core Animation reads only the mask's alpha; After Effects'
/// track mattes (which Lottie files carry) may also read it inverted, or read its luminance. This is a capability
/// of Calyx's compositor that the Lottie module uses where Core Animation's public API has no way to say it.
package enum MaskReading: Sendable, Hashable {
    /// The mask's alpha: Core Animation's rule.
    case alpha
    /// One minus the mask's alpha: what the mask does not cover shows (wherever the masked layer draws).
    case invertedAlpha
    /// The luminance of the mask's premultiplied colour (Rec. 709 weights): white shows, black and clear hide.
    case luminance
    /// One minus that luminance.
    case invertedLuminance

    /// Whether coverage is 1 where the mask draws nothing, so the coverage picture must span the masked content.
    var coversUndrawnArea: Bool { self == .invertedAlpha || self == .invertedLuminance }
}

extension CALayer {
    /// How this layer reads its mask (``MaskReading``); `.alpha` unless set. Not a Core Animation property: no
    /// action runs and it is not animatable.
    package var maskReading: MaskReading {
        get { propertyValues.maskReading }
        set {
            guard newValue != propertyValues.maskReading else { return }
            propertyValues.maskReading = newValue
            if !isPresentationCopy { markChanged() }
        }
    }
}

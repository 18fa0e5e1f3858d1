/// The pre-iOS 4 class API: `beginAnimations(_:context:)` … `commitAnimations()` around changes, configured by
/// the `setAnimation…` calls. Apple deprecates it but old code, and the seed chapter inside `animate` blocks,
/// still call it. Each setter configures the innermost open block — one opened by `beginAnimations` or an
/// `animate` block — for the changes made after it (§5); outside any block it does nothing, as Apple documents.
extension UIView {
    /// The transitions of the pre-iOS 4 API.
    public enum AnimationTransition: Int, Sendable {
        /// No transition.
        case none = 0
        /// The view flips around its vertical axis, its left edge coming forward.
        case flipFromLeft
        /// The view flips around its vertical axis, its right edge coming forward.
        case flipFromRight
        /// The view curls up from the bottom like a page.
        case curlUp
        /// The view curls down from the top like a page.
        case curlDown
    }

    /// Opens an animation block: changes until `commitAnimations()` animate, with a duration of 0.2 s and the
    /// ease-in-out curve unless the `setAnimation…` calls say otherwise.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let state = UIViewAnimationState(duration: 0.2, delay: 0, options: [], completion: nil,
                                         parent: UIViewAnimationState.innermost)
        state.isLegacy = true
        state.push()
    }

    /// Closes the innermost block `beginAnimations(_:context:)` opened. Unbalanced calls are ignored.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func commitAnimations() {
        guard let state = UIViewAnimationState.innermostLegacy else { return }
        state.pop()
        state.finish()
    }

    /// The duration of the changes made from now on in the open block (negative or non-finite: ignored).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationDuration(_ duration: TimeInterval) {
        guard duration.isFinite, duration >= 0 else { return }
        UIViewAnimationState.innermost?.duration = duration
    }

    /// The delay before the changes made from now on start.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationDelay(_ delay: TimeInterval) {
        guard delay.isFinite, delay >= 0 else { return }
        UIViewAnimationState.innermost?.delay = delay
    }

    /// The curve of the changes made from now on.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationCurve(_ curve: AnimationCurve) {
        UIViewAnimationState.innermost?.setCurve(curve)
    }

    /// How many times the changes made from now on repeat: fractions allowed, 0 (the default) plays once.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        guard repeatCount.isFinite || repeatCount == .infinity, repeatCount >= 0 else { return }
        UIViewAnimationState.innermost?.repeatCount = repeatCount
    }

    /// Whether the changes made from now on play back after each pass forward.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        UIViewAnimationState.innermost?.autoreverses = repeatAutoreverses
    }

    /// Whether the changes made from now on start from what is on screen rather than from the model value.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        UIViewAnimationState.innermost?.beginsFromCurrentState = fromCurrentState
    }

    /// A transition of `view` played when the open block closes, with the block's timing (`cache` is accepted:
    /// Calyx always transitions from a picture of the view as it was).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    public class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let state = UIViewAnimationState.innermost else { return }
        let options: AnimationOptions = switch transition {
        case .none: []
        case .flipFromLeft: .transitionFlipFromLeft
        case .flipFromRight: .transitionFlipFromRight
        case .curlUp: .transitionCurlUp
        case .curlDown: .transitionCurlDown
        }
        state.pendingTransition = CATransition.forTransitionOptions(options).map { ($0, view) }
    }
}

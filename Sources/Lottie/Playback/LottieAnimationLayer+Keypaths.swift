import Foundation
import QuartzCore

extension LottieAnimationLayer {
    /// The value of the first property `keypath` names at `atFrame` (the frame shown when nil): what a value
    /// provider set for it gives, else the file's — `LottieColor` for colours, `LottieVector1D` for opacity,
    /// rotation and stroke widths, `LottieVector3D` for position, anchor point and scale, `[LottieColor]` for a
    /// gradient's colours; nil when no property matches. (lottie-ios's Core Animation engine answers nil for
    /// every keypath; Calyx answers as its main-thread engine does.)
    public func getValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        guard let binding = keypathRegistry?.binding(for: keypath) else { return nil }
        let frame = Double(atFrame ?? currentFrame)
        for (providerKeypath, provider) in valueProvidersByKeypath where providerKeypath.matches(binding.path) {
            if let value = PropertyRegistry.providedValue(provider, atFrame: frame, for: binding.kind) { return value }
        }
        return binding.original(frame)
    }

    /// The file's value of the first property `keypath` names at `atFrame` (the frame shown when nil), whatever
    /// value providers say; nil when no property matches.
    public func getOriginalValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        keypathRegistry?.binding(for: keypath)?.original(Double(atFrame ?? currentFrame))
    }

    /// `rect` in this layer's space converted into the space of the layer `keypath` names (a Lottie layer or a
    /// shape group; the composition's when nil); nil when no layer matches.
    public func convert(_ rect: CGRect, toLayerAt keypath: AnimationKeypath?) -> CGRect? {
        guard let target = layer(at: keypath) else { return nil }
        return convert(rect, to: target)
    }

    /// `point` in this layer's space converted into the space of the layer `keypath` names; nil when none does.
    public func convert(_ point: CGPoint, toLayerAt keypath: AnimationKeypath?) -> CGPoint? {
        guard let target = layer(at: keypath) else { return nil }
        return convert(point, to: target)
    }

    /// Shows (`isEnabled`) or hides every Lottie layer and shape group `keypath` names.
    public func setNodeIsEnabled(isEnabled: Bool, keypath: AnimationKeypath) {
        guard let layers = registry(reaching: keypath)?.layers(for: keypath), !layers.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers { layer.isHidden = !isEnabled }
        CATransaction.commit()
    }

    /// The layer `keypath` names (the composition's for nil).
    private func layer(at keypath: AnimationKeypath?) -> CALayer? {
        guard let keypath else { return animationLayer }
        return registry(reaching: keypath)?.layers(for: keypath).first
    }
}

import CoreGraphics

/// A blend mode over a subtree that draws one picture, laid without a group picture.
///
/// Core Animation blends a layer's flattened subtree by its `compositingFilter`, so the compositor normally draws
/// the subtree into a group picture first. When the subtree draws one picture (a Lottie layer with a blend mode
/// holds one shape), the flattened subtree *is* that picture: blending it by the mode is blending the group. The
/// subtree is then recorded as usual with the mode inherited (`inheritedBlend`), and its one entry — a blit, or a
/// shape drawn straight into the frame — is laid by the mode. The group picture cost a raster of the subtree and,
/// while the layer moved, resampling it every frame.
extension FrameCompositor {
    /// Whether `layer` (the node's state now) blends a subtree that draws one picture at most, with nothing else
    /// that needs the flattened picture (shadow, group opacity, rasterizing, blur, recolouring, its own clip or
    /// mask, a backdrop) and no blend mode below it (two modes cannot be laid as one; one an animation gives a
    /// descendant shows on its entry, which `layBlendedPicture` then refuses).
    func blendsOnlyOnePicture(_ node: RenderTree.Node, own layer: CALayer, plan: LayerDrawingPlan) -> Bool {
        guard plan.blendsSubtree, inheritedBlend.isNormal, !plan.castsShadow, !plan.fadesAsGroup, !plan.rasterizes,
              plan.contentBlurRadius == 0, !plan.recolors, !plan.clipsToBounds, !plan.appliesMask, !plan.filtersBackdrop,
              Self.drawsOnePictureAtMost(node, own: layer) else { return false }
        func unblended(_ n: RenderTree.Node) -> Bool {
            n.snapshot.compositingFilter == nil && n.children.allSatisfy(unblended)
        }
        return node.children.allSatisfy(unblended)
    }

    /// Lays the one entry recorded since `start` by `mode`: a blit takes the mode, a shape drawn straight into the
    /// frame under `inheritedBlend` has it already. False when the subtree recorded anything else (the caller makes
    /// a group picture instead).
    func layBlendedPicture(_ mode: LayerBlendMode, from start: Int) -> Bool {
        guard list.count > start else { return true }
        guard list.count == start + 1 else { return false }
        let entry = list[start]
        switch entry.operation {
        case .blit(let image, let toPixel, let opacity, let clip, let blend):
            guard blend.isNormal || blend == mode else { return false }
            var h = Hasher()
            h.combine(entry.appearance); h.combine(mode)
            list[start] = Entry(key: entry.key, appearance: h.finalize(), box: entry.box,
                                operation: .blit(image: image, toPixel: toPixel, opacity: opacity, clip: clip, blend: mode),
                                clipState: entry.clipState)
            return true
        case .paint:
            return blendedShapeEntry == start
        case .backdrop:
            return false
        }
    }
}

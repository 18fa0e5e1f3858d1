/// `CATransition` pixels (semantics §8): while a transition runs, the layer's subtree is drawn as two images —
/// the subtree before the change (captured by the render tree) and as it is now — combined by the transition's
/// type at progress P = startProgress + (endProgress − startProgress) · eased time. Each image covers its
/// subtree's extent, so sublayers overflowing the bounds move with it; the slide distance is the bounds' size.
extension FrameCompositor {
    struct ActiveTransition {
        let transition: CATransition
        let id: ObjectIdentifier
        let progress: Double
    }

    /// The transition running on the layer at its local time, if any (the last one added wins).
    func activeTransition(of node: RenderTree.Node, layer: CALayer, localTime: CFTimeInterval) -> ActiveTransition? {
        for entry in layer.animationEntries.reversed() where !entry.pendingBegin {
            guard let transition = entry.animation as? CATransition, let compiled = entry.compiled,
                  let state = compiled.timing.state(atParentTime: localTime) else { continue }
            let eased = compiled.timingFunction.map { Double($0.evaluate(state.progress)) } ?? state.progress
            let start = Double(transition.startProgress), end = Double(transition.endProgress)
            let p = start + (end - start) * eased
            return ActiveTransition(transition: transition, id: ObjectIdentifier(transition), progress: p.isFinite ? p : 1)
        }
        return nil
    }

    func recordTransition(_ active: ActiveTransition, node: RenderTree.Node, frame: RenderTree.Node.Frame,
                          layerToPixel m: Homography, inheritedAlpha: Double) {
        let b = frame.layer.bounds
        guard b.width > 0, b.height > 0 else { return }
        let scale = LayerGeometry.powerOfTwo(atLeast: max(LayerGeometry.onScreenScale(of: b, under: m), 1 / 64))
        let after = active.transition.showsNewStateAsStill ? node.frozenTree() : node.frameTree(frame)
        let before = node.transitionSources[active.id]
        let p = active.progress
        // The direction new content comes from, in the layer's space (y runs down on a flipped root).
        let down: CGFloat = CALayerRootIsFlipped ? 1 : -1
        let from: (x: CGFloat, y: CGFloat) = switch active.transition.subtype {
        case .some(.fromRight): (1, 0)
        case .some(.fromTop): (0, -down)
        case .some(.fromBottom): (0, down)
        default: (-1, 0)  // fromLeft, and the default when no subtype is set
        }
        let travel = (x: from.x * b.width, y: from.y * b.height)
        /// Each state at its own opacity (either may be hidden: a transition can fade a layer in or out).
        func alpha(_ tree: CALayer?) -> Double {
            guard let tree, !tree.isHidden, tree.opacity.isFinite else { return 0 }
            return inheritedAlpha * Double(min(max(tree.opacity, 0), 1))
        }
        func place(_ tree: CALayer?, offset t: CGFloat, opacity: Double, turn: Homography = .identity) {
            guard let tree, opacity > 0 else { return }
            let extent = LayerExtent.pixels(of: tree, layerToPixel: .identity)
            guard !extent.isNull, [extent.minX, extent.minY, extent.width, extent.height].allSatisfy(\.isFinite),
                  extent.width * scale <= 8192, extent.height * scale <= 8192,
                  let image = Self.rasterizeGroup(tree, extent: extent, scale: scale, at: frameTime) else { return }
            let toPixel = Homography(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)
                .concatenating(CGAffineTransform(translationX: extent.minX + travel.x * t, y: extent.minY + travel.y * t)))
                .concatenating(turn).concatenating(m)
            guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: image.width + 2, height: image.height + 2)) else { return }
            var h = Hasher()
            h.combine(toPixel); h.combine(opacity); h.combine(p); h.combine(ObjectIdentifier(tree))
            list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                              operation: .blit(image: image, toPixel: toPixel, opacity: opacity)))
        }
        let old = alpha(before), new = alpha(after)
        switch active.transition.type {
        case .moveIn:   // the old stays; the new slides over it from the subtype's side
            place(before, offset: 0, opacity: old); place(after, offset: CGFloat(1 - p), opacity: new)
        case .push:     // the new slides in and pushes the old out the other side
            place(before, offset: CGFloat(-p), opacity: old); place(after, offset: CGFloat(1 - p), opacity: new)
        case .reveal:   // the new stays underneath; the old slides away (Q23: as push's outgoing content)
            place(after, offset: 0, opacity: new); place(before, offset: CGFloat(-p), opacity: old)
        case .oglFlip:  // one card turning over: the old face until it is edge-on, then the new one
            let q = min(max(p, 0), 1)
            let turn = Self.flipTurn(bounds: b, subtype: active.transition.subtype, angle: q < 0.5 ? .pi * q : .pi * (q - 1))
            if let turn { q < 0.5 ? place(before, offset: 0, opacity: old, turn: turn) : place(after, offset: 0, opacity: new, turn: turn) }
        case .pageCurl, .pageUnCurl:
            recordCurl(active, node: node, bounds: b, before: before, after: after, alphas: (old, new), layerToPixel: m, scale: scale)
        default:        // fade: the old at 1 − P over the new at P
            let q = min(max(p, 0), 1)
            place(after, offset: 0, opacity: new * q); place(before, offset: 0, opacity: old * (1 - q))
        }
    }

    /// The turn of a flip at `angle` (0 flat, ±π/2 edge-on) about the bounds' centre line, seen in perspective
    /// from a distance of twice the turning side (docs/view-animation.md §7). `fromLeft` brings
    /// the left edge toward the viewer, `fromTop` the top edge. Nil while the card is edge-on: it covers no
    /// pixels then, and a map that flat is nearly singular.
    static func flipTurn(bounds b: CGRect, subtype: CATransitionSubtype?, angle: Double) -> Homography? {
        guard abs(cos(angle)) > 1e-3 else { return nil }
        // Rotating by +a about y brings the −x side forward (z' = −x sin a); about x, +a brings +y forward.
        // The top is −y on a flipped (UIKit) root and +y otherwise.
        let top: Double = CALayerRootIsFlipped ? -1 : 1
        let (axis, sign, edge): ((CGFloat, CGFloat), Double, CGFloat) = switch subtype {
        case .some(.fromRight): ((0, 1), -1, b.width)
        case .some(.fromTop): ((1, 0), top, b.height)
        case .some(.fromBottom): ((1, 0), -top, b.height)
        default: ((0, 1), 1, b.width)
        }
        guard edge > 0, edge.isFinite else { return nil }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / (2 * edge)
        let turn = CATransform3DMakeTranslation(-b.midX, -b.midY, 0)
            .concatenating(CATransform3DMakeRotation(CGFloat(sign * angle), axis.0, axis.1, 0))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0))
        return Homography(flattening: turn)
    }
}

extension CATransitionType {
    /// The private types UIKit's flip and curl transitions use (`oglFlip`, `pageCurl`, `pageUnCurl`).
    static let oglFlip = Self(rawValue: "oglFlip")
    static let pageCurl = Self(rawValue: "pageCurl"), pageUnCurl = Self(rawValue: "pageUnCurl")
}

@_implementationOnly import CCairo

extension CGContext {
    /// Starts a transparency layer: until the matching ``endTransparencyLayer()``, drawing goes into a fresh
    /// transparent layer; ending it composites the layer as one image with the global alpha, shadow, blend mode
    /// and mask clips in effect *when the layer began* (which are reset to their defaults inside it), as
    /// CoreGraphics does. `auxiliaryInfo` is ignored.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        saveGState()
        transparencyLayers.append(state)
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
        state.blendMode = .normal
        state.clipMask = nil
    }

    /// Like ``beginTransparencyLayer(auxiliaryInfo:)``, with a bounding rect (a hint Calyx does not need).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    /// Composites the layer begun by the matching `beginTransparencyLayer`. Unbalanced calls are ignored.
    public func endTransparencyLayer() {
        guard let outer = transparencyLayers.popLast() else { return }
        let group = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(group) }
        state = outer
        // Cairo aligns the popped group to the CTM current now, which `paint` keeps (or copies to its layer).
        paint { target in
            cairo_save(target)
            cairo_set_source(target, group)
            cairo_paint_with_alpha(target, Double(state.alpha))
            cairo_restore(target)
        }
        restoreGState()
    }
}

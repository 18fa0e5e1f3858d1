@_implementationOnly import CCairo

extension CGContext {
    /// Fills the clip with an axial gradient from `start` to `end` (user space). Without the options, nothing is
    /// painted before `start` or after `end`.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        guard start.isFinite, end.isFinite, start != end else { return }
        if options.contains([.drawsBeforeStartLocation, .drawsAfterEndLocation]),
           drawLinearGradientDirectly(gradient, start: start, end: end) { return }
        paint { target in
            cairo_save(target)
            // One-sided extension: pad both ways, then clip away the side that must stay empty.
            let axis = end - start
            let huge = CGFloat(4 * (width + height)) / max(min(abs(ctm.a) + abs(ctm.c), abs(ctm.b) + abs(ctm.d)), 1e-6)
            let across = axis.unit.leftNormal * huge
            if !options.contains(.drawsBeforeStartLocation) {
                clipToHalfPlane(target, from: start, direction: axis.unit, across: across, depth: huge)
            }
            if !options.contains(.drawsAfterEndLocation) {
                clipToHalfPlane(target, from: end, direction: axis.unit * -1, across: across, depth: huge)
            }
            paintPadded(cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!, stops: gradient, on: target)
            cairo_restore(target)
        }
    }

    /// Fills the clip with a radial gradient blending circle (startCenter, startRadius) into (endCenter,
    /// endRadius), as PDF type-3 shadings. Without `drawsBeforeStartLocation` the start circle's inside stays
    /// empty; without `drawsAfterEndLocation` the outside of the end circle does.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0, startRadius != endRadius || startCenter != endCenter else { return }
        // Painted directly when padded past the end and either before the start or where nothing lies before it
        // (a start point inside the end circle: every point has a circle at or after the start).
        let startInsideEnd = startRadius == 0 && hypot(endCenter.x - startCenter.x, endCenter.y - startCenter.y) < endRadius
        if options.contains(.drawsAfterEndLocation), options.contains(.drawsBeforeStartLocation) || startInsideEnd,
           drawRadialGradientDirectly(gradient, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                      endRadius: endRadius) { return }
        paint { target in
            cairo_save(target)
            if !options.contains(.drawsAfterEndLocation) {
                clip(target, toUserShape: CGPath(ellipseIn: circle(endCenter, endRadius), transform: nil))
            }
            if !options.contains(.drawsBeforeStartLocation) && startRadius > 0 {
                let outside = CGMutablePath()
                outside.addRect(boundingBoxOfClipPath.insetBy(dx: -1, dy: -1))
                outside.addEllipse(in: circle(startCenter, startRadius))
                clip(target, toUserShape: outside, rule: CAIRO_FILL_RULE_EVEN_ODD)
            }
            paintPadded(cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                    endCenter.x, endCenter.y, endRadius)!, stops: gradient, on: target)
            cairo_restore(target)
        }
    }

    /// Fills the clip with a conic (sweep) gradient about `center`: location 0 lies along `angle` (radians from
    /// +x) and locations grow with the angle, counter-clockwise with y up, reaching 1 after a full turn.
    /// Cairo has no conic gradient, so Calyx evaluates it per device pixel through a 1024-entry colour table.
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        guard center.isFinite, angle.isFinite else { return }
        let toUser = cairoTransform.inverted()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = cairo_image_surface_get_data(surface)!
        let table: [UInt32] = (0..<1024).map { i in
            let c = gradient.color(at: CGFloat(i) / 1023).premultipliedClamped
            let a = UInt32((c.a * 255).rounded()), r = UInt32((c.r * 255).rounded())
            let g = UInt32((c.g * 255).rounded()), b = UInt32((c.b * 255).rounded())
            return a << 24 | r << 16 | g << 8 | b
        }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5).applying(toUser)
                var turn = (atan2(p.y - center.y, p.x - center.x) - angle) / (2 * .pi)
                turn -= turn.rounded(.down)
                row[x] = table[min(1023, Int(turn * 1023 + 0.5))]
            }
        }
        cairo_surface_mark_dirty(surface)
        paint { target in
            cairo_save(target)
            cairo_identity_matrix(target)
            cairo_set_source_surface(target, surface, 0, 0)
            cairo_paint_with_alpha(target, Double(state.alpha))
            cairo_restore(target)
        }
    }

    /// Gives `pattern` the gradient's stops, pads it both ways (callers clip away what must stay empty), paints
    /// the clip with it at the global alpha, and releases it.
    private func paintPadded(_ pattern: OpaquePointer, stops gradient: CGGradient, on target: OpaquePointer) {
        addStops(gradient, to: pattern)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(target, pattern)
        cairo_paint_with_alpha(target, Double(state.alpha))
        cairo_pattern_destroy(pattern)
    }

    private func addStops(_ gradient: CGGradient, to pattern: OpaquePointer) {
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), Double(clampUnit(c.r)),
                                              Double(clampUnit(c.g)), Double(clampUnit(c.b)), Double(clampUnit(c.a)))
        }
    }

    /// Clips to the half-plane that lies ahead of `origin` along `direction`.
    private func clipToHalfPlane(_ cr: OpaquePointer, from origin: CGPoint, direction: CGPoint, across: CGPoint, depth: CGFloat) {
        let a = origin + across, b = origin - across
        let ahead = direction * depth
        let shape = CGMutablePath()
        shape.addLines(between: [a, b, b + ahead, a + ahead])
        shape.closeSubpath()
        clip(cr, toUserShape: shape)
    }

    private func circle(_ center: CGPoint, _ radius: CGFloat) -> CGRect {
        CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}

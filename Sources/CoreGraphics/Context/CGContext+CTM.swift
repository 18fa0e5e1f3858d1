@_implementationOnly import CCairo

extension CGContext {
    /// The current transformation matrix from user space to the context's y-up pixel space.
    public var ctm: CGAffineTransform {
        if let singular = state.singularCTM { return singular }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(m).concatenating(baseTransform.inverted())
    }

    /// User space to the bitmap's y-up pixel space; same as ``ctm`` for a bitmap context.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// Replaces the user part of Cairo's matrix. A singular CTM (finite, but collapsing the plane) is kept
    /// aside and draws nothing, as Apple's does; a non-finite one is refused and leaves the CTM as it was.
    func setCTM(_ t: CGAffineTransform) {
        let full = t.concatenating(baseTransform)
        guard full.isUsableByCairo else {
            if t.isFiniteValue { state.singularCTM = t }
            return
        }
        state.singularCTM = nil
        cairo_set_matrix(cr, [cairo_matrix_t(full)])
    }

    /// Applies `transform` before the current CTM (in user space).
    public func concatenate(_ transform: CGAffineTransform) { setCTM(transform.concatenating(ctm)) }
    /// Moves user space's origin by (`x`, `y`).
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    /// Scales user space by `x` and `y`.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotation by `angle` radians, counter-clockwise with y up.
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// A point in user space, in device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }
    /// A point in device space, in user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }
    /// A size in user space, in device space.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(ctm) }
    /// A size in device space, in user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(ctm.inverted()) }
    /// The bounding box of a user-space rectangle in device space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }
    /// The bounding box of a device-space rectangle in user space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }

    /// The matrix from user space to Cairo's y-down device space.
    var cairoTransform: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(m)
    }
}

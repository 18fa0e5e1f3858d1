/// UIKit's rectangle functions: fills and inner frames in the current context (`UIGraphicsGetCurrentContext`),
/// each doing nothing when there is none, as Apple documents.

/// Fills `rect` with the current fill colour, replacing what is there (`CGBlendMode.copy`).
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` with the current fill colour, blended with `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    ctx.fill(rect)
    ctx.restoreGState()
}

/// Draws a frame one unit wide just inside `rect`, in the current stroke colour, replacing what is there.
public func UIRectFrame(_ rect: CGRect) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let stroke = ctx.currentStrokeColor
    drawInnerFrame(rect, in: ctx, color: CGColor(red: stroke.r, green: stroke.g, blue: stroke.b, alpha: stroke.a), blendMode: .copy)
}

/// Draws a frame one unit wide just inside `rect`, in the current fill colour, blended with `blendMode` (this
/// one uses the fill colour, as Apple documents, since it fills the inside of the line).
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    drawInnerFrame(rect, in: ctx, color: nil, blendMode: blendMode)
}

/// Clips the current context to `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }

/// The four one-unit strips inside `rect` (the whole rect when it is thinner than two units), filled once each.
private func drawInnerFrame(_ rect: CGRect, in ctx: CGContext, color: CGColor?, blendMode: CGBlendMode) {
    let r = rect.standardized
    guard !r.isEmpty, r.isFiniteValue else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    if let color { ctx.setFillColor(color) }
    let inner = r.insetBy(dx: 1, dy: 1)
    if inner.isEmpty {
        ctx.fill(r)
    } else {
        ctx.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.minY + 1, width: 1, height: r.height - 2),
                  CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: r.height - 2)])
    }
    ctx.restoreGState()
}

/// A path in UIKit's coordinates (y down), with its stroke style, drawn into the current UIKit context.
///
/// Arcs use UIKit's sense of `clockwise`: clockwise on a y-down screen, which is increasing angle, the opposite of
/// `CGPath`'s flag. So `UIBezierPath(arcCenter: c, radius: r, startAngle: 0, endAngle: 2π, clockwise: false)` is
/// a `CGPath` arc from 0 to 2π with `clockwise: true`: a full circle, as on iOS.
open class UIBezierPath: NSObject, @unchecked Sendable {
    private var path = CGMutablePath()

    /// The path as a Core Graphics path (a copy; setting replaces the path).
    open var cgPath: CGPath {
        get { path.copy() ?? CGPath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// The stroke's width (1 point).
    open var lineWidth: CGFloat = 1
    /// How open ends are drawn.
    open var lineCapStyle: CGLineCap = .butt
    /// How segments meet.
    open var lineJoinStyle: CGLineJoin = .miter
    /// How long a miter may get before it is beveled, as a multiple of the width.
    open var miterLimit: CGFloat = 10
    /// How closely curves are followed when flattened, in pixels.
    open var flatness: CGFloat = 0.6
    /// Whether fills and hit tests use the even-odd rule (else non-zero).
    open var usesEvenOddFillRule = false
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    /// An empty path.
    public override init() {}
    /// A path with `cgPath`'s elements.
    public convenience init(cgPath: CGPath) { self.init(); self.cgPath = cgPath }
    /// A rectangle.
    public convenience init(rect: CGRect) { self.init(); path.addRect(rect) }
    /// The ellipse that fits `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(); path.addEllipse(in: rect) }

    /// A rounded rectangle; the radius is limited to half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle whose `corners` (in y-down terms: top is minimum y) are rounded by `cornerRadii`, each
    /// limited to half its side; the others stay square.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard r.isFiniteValue else { return }
        let rx = min(max(cornerRadii.width.isFinite ? cornerRadii.width : 0, 0), r.width / 2)
        let ry = min(max(cornerRadii.height.isFinite ? cornerRadii.height : 0, 0), r.height / 2)
        // Corners clockwise on screen from the top left; each a quarter ellipse or a point.
        let specs: [(UIRectCorner, CGPoint, CGFloat)] = [
            (.topLeft, CGPoint(x: r.minX + rx, y: r.minY + ry), .pi),
            (.topRight, CGPoint(x: r.maxX - rx, y: r.minY + ry), 3 * .pi / 2),
            (.bottomRight, CGPoint(x: r.maxX - rx, y: r.maxY - ry), 0),
            (.bottomLeft, CGPoint(x: r.minX + rx, y: r.maxY - ry), .pi / 2),
        ]
        let squares = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        for (i, (corner, center, start)) in specs.enumerated() {
            if corners.contains(corner), rx > 0, ry > 0 {
                let toCorner = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: center.x, ty: center.y)
                let first = CGPoint(x: cos(start), y: sin(start)).applying(toCorner)
                if path.isEmpty { path.move(to: first) } else { path.addLine(to: first) }
                path.addRelativeArc(center: .zero, radius: 1, startAngle: start, delta: .pi / 2, transform: toCorner)
            } else if path.isEmpty {
                path.move(to: squares[i])
            } else {
                path.addLine(to: squares[i])
            }
        }
        path.closeSubpath()
    }

    /// An arc of a circle; `clockwise` as seen on a y-down screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }
    /// Adds a straight line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Adds a cubic Bézier curve to `end`.
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds a quadratic Bézier curve to `end`.
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    /// An arc; `clockwise` as seen on a y-down screen (increasing angle).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// Closes the current subpath.
    open func close() { path.closeSubpath() }
    /// Empties the path.
    open func removeAllPoints() { path = CGMutablePath() }
    /// Adds `other`'s subpaths.
    open func append(_ other: UIBezierPath) { path.addPath(other.path) }
    /// The same shape traced the other way, each subpath reversed on its own, with this path's stroke style.
    open func reversing() -> UIBezierPath {
        let reversed = UIBezierPath(cgPath: path.reversingEachSubpath())
        reversed.lineWidth = lineWidth; reversed.lineCapStyle = lineCapStyle; reversed.lineJoinStyle = lineJoinStyle
        reversed.miterLimit = miterLimit; reversed.flatness = flatness; reversed.usesEvenOddFillRule = usesEvenOddFillRule
        return reversed
    }
    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        path = path.mutableCopy(using: &t) ?? path
    }

    // MARK: Reading

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }
    /// The bounding box of the path's points, control points included (`CGPath.boundingBox`).
    open var bounds: CGRect { path.boundingBox }
    /// Where the last element ends.
    open var currentPoint: CGPoint { path.currentPoint }
    /// Whether a fill of the path would cover `point`.
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    /// Sets the dash pattern: `count` lengths, starting `phase` into it.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = nil; return }
        dash = ((0..<count).map { pattern[$0] }, phase)
    }

    // MARK: Drawing into the current context

    /// Fills the path in the current context with the context's fill colour.
    open func fill() { draw(.fill) }
    /// Strokes the path in the current context with the context's stroke colour and the path's line style.
    open func stroke() { draw(.stroke) }
    /// Fills with a blend mode and alpha.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) { draw(.fill, blendMode: blendMode, alpha: alpha) }
    /// Strokes with a blend mode and alpha.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) { draw(.stroke, blendMode: blendMode, alpha: alpha) }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private enum Mode { case fill, stroke }

    private func draw(_ mode: Mode, blendMode: CGBlendMode = .normal, alpha: CGFloat = 1) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.addPath(path)
        switch mode {
        case .fill:
            ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        case .stroke:
            ctx.setLineWidth(lineWidth); ctx.setLineCap(lineCapStyle); ctx.setLineJoin(lineJoinStyle)
            ctx.setMiterLimit(miterLimit)
            if let dash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
            ctx.strokePath()
        }
    }
}

/// The corners of a rectangle, in UIKit's y-down terms.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    /// The raw value.
    public let rawValue: UInt
    /// A value from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// Every corner.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

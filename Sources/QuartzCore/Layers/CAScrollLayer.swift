/// The directions a `CAScrollLayer` scrolls in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// A value from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No scrolling.
    public static let none = Self(rawValue: "none")
    /// Scrolling up and down only.
    public static let vertically = Self(rawValue: "vertically")
    /// Scrolling left and right only.
    public static let horizontally = Self(rawValue: "horizontally")
    /// Scrolling in both directions.
    public static let both = Self(rawValue: "both")
}

/// A layer that shows part of its sublayers by moving its `bounds.origin` (semantics §9.7).
open class CAScrollLayer: CALayer, @unchecked Sendable {
    /// The directions `scroll(to:)` moves in (both by default).
    open var scrollMode = CAScrollLayerScrollMode.both

    /// A scroll layer at the origin.
    public override init() { super.init() }
    /// A copy of `layer` for the render tree, with its scroll mode.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let source = layer as? CAScrollLayer { scrollMode = source.scrollMode }
    }
    /// Decoding from an archive: Calyx reads no archives or nib files, so this makes a default value.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Scrolls so `p` (in the layer's space) is the bounds origin, along the allowed axes.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        bounds.origin = origin
    }

    /// Scrolls as little as possible to show `r`: not at all if it is visible, to its origin if it is larger
    /// than the bounds.
    open func scroll(to r: CGRect) {
        func axis(_ origin: CGFloat, _ length: CGFloat, _ min: CGFloat, _ max: CGFloat) -> CGFloat {
            if max - min > length { return min }
            if min < origin { return min }
            if max > origin + length { return max - length }
            return origin
        }
        scroll(to: CGPoint(x: axis(bounds.minX, bounds.width, r.minX, r.maxX), y: axis(bounds.minY, bounds.height, r.minY, r.maxY)))
    }
}

extension CALayer {
    /// Scrolls the nearest `CAScrollLayer` ancestor (or this layer) so `p` (in this layer's space) is visible
    /// at its origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = nearestScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the nearest `CAScrollLayer` so `r` (in this layer's space) becomes visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = nearestScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of the layer a scroll layer above it shows, in this layer's space (the bounds if none).
    public var visibleRect: CGRect {
        guard let scroller = nearestScrollLayer, scroller !== self else { return bounds }
        return convert(scroller.bounds, from: scroller).finiteIntersection(bounds)
    }

    private var nearestScrollLayer: CAScrollLayer? {
        var layer: CALayer? = self
        while let l = layer { if let s = l as? CAScrollLayer { return s }; layer = l.superlayer }
        return nil
    }
}

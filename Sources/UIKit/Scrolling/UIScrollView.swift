import QuartzCore

/// What a scroll view tells its delegate as it is dragged, coasts, bounces and is scrolled by code. Every
/// method has a default that does nothing (Apple's are optional).
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a coast, a bounce, an animation or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted at `velocity` (points per millisecond, in content-offset direction); the delegate may
    /// change where the coast ends by writing `targetContentOffset`.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content goes on moving (a coast or a bounce).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooms (none by default: the scroll view does not zoom).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A zoom ended (after any bounce back within the limits), at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Leaves the target as it is.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// None.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
}

/// A view whose content is larger than itself and moves under the finger: the content offset is the bounds'
/// origin, a drag moves it (with a rubber band past the edges), a flick coasts with `decelerationRate`, content
/// pulled past an edge bounces back, and paging stops on whole pages. The motion runs on the main thread each
/// frame, as iOS's does, so `scrollViewDidScroll` sees every offset; the formulas are in `docs/scrolling.md`.
open class UIScrollView: UIView, @unchecked Sendable {
    /// How quickly a coast slows: the share of velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The share of velocity kept per millisecond.
        public let rawValue: CGFloat
        /// A rate keeping `rawValue` of the velocity each millisecond.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998: a long coast.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99: a short one.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Told about drags, coasts and offset changes (held weakly).
    open weak var delegate: UIScrollViewDelegate?
    /// The size of the content, in points.
    open var contentSize: CGSize = .zero
    /// Extra room around the content that the scroll view can scroll to.
    open var contentInset: UIEdgeInsets = .zero
    /// The insets the scroll range uses: `contentInset` (Calyx has no safe area or bars to add).
    open var adjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        // A refresh under way keeps the content below the spinner.
        if let refreshControl, refreshControl.isRefreshing { inset.top += UIRefreshControl.height }
        return inset
    }
    /// Pull to refresh: a control above the content that starts refreshing when the content is pulled down far
    /// enough.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.removeFromSuperview()
            oldValue?.scrollView = nil
            guard let refreshControl else { return }
            refreshControl.scrollView = self
            insertSubview(refreshControl, at: 0)
            alwaysBounceVertical = true
            refreshControl.scrollViewDidMove(self)
        }
    }
    /// Whether a drag moves the content.
    open var isScrollEnabled = true
    /// Whether a flick stops on whole pages (the view's size).
    open var isPagingEnabled = false
    /// Whether content goes past its edges (with the rubber band) and bounces back.
    open var bounces = true
    /// Whether a drag bounces vertically even when the content fits.
    open var alwaysBounceVertical = false
    /// Whether a drag bounces horizontally even when the content fits.
    open var alwaysBounceHorizontal = false
    /// How quickly a flick slows.
    open var decelerationRate: DecelerationRate = .normal
    /// Accepted; Calyx draws no scroll indicators yet.
    open var showsVerticalScrollIndicator = true
    /// Accepted; Calyx draws no scroll indicators yet.
    open var showsHorizontalScrollIndicator = true
    /// The recognizer that drags the content.
    public private(set) var panGestureRecognizer: UIPanGestureRecognizer!

    /// The colours of the scroll indicators, with UIKit's raw values.
    public enum IndicatorStyle: Int, Sendable {
        /// Dark bars, for light content (the default).
        case `default`
        /// Dark bars.
        case black
        /// Light bars, for dark content.
        case white
    }
    /// The colour of the scroll indicators.
    open var indicatorStyle: IndicatorStyle = .default
    /// How far the vertical indicator's track is inset from the view's edges.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// How far the horizontal indicator's track is inset from the view's edges.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets (the older name: setting it sets both).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    /// The bars that show where the visible part sits in the content, made when first shown.
    lazy var indicators = ScrollIndicators()

    /// The smallest zoom scale (1).
    open var minimumZoomScale: CGFloat = 1
    /// The largest zoom scale (1: no zooming until it is raised).
    open var maximumZoomScale: CGFloat = 1
    /// Whether a pinch may go past the limits and spring back.
    open var bouncesZoom = true
    /// Whether a pinch is zooming now.
    open internal(set) var isZooming = false
    /// The scale of the view the delegate's `viewForZooming(in:)` names: setting it zooms about the middle of
    /// what is on screen, without animation.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    var currentZoomScale: CGFloat = 1
    /// The two-finger recognizer that zooms (it acts only when the delegate names a view for zooming).
    public private(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    /// Where a pinch began: the scale then and the content point under the fingers, in unzoomed coordinates.
    var pinchStart: (scale: CGFloat, point: CGPoint)?

    /// Whether a finger is down on the content (from touch-down until the drag ends).
    open internal(set) var isTracking = false
    /// Whether the content is being dragged.
    open internal(set) var isDragging = false
    /// Whether the content moves on its own after a drag (coasting or bouncing).
    open internal(set) var isDecelerating = false

    /// The content's point at the view's top left: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite, newValue != bounds.origin else { return }
            UIView.performWithoutAnimation { bounds.origin = newValue }
            setNeedsLayout()   // what is on screen changed (a table view places its rows in layout)
            // The indicators show while the user or an animated scroll moves the content, not for code's own moves.
            if isDragging || isDecelerating || motion != nil { indicators.show(in: self) }
            refreshControl?.scrollViewDidMove(self)
            delegate?.scrollViewDidScroll(self)
        }
    }

    var motion: ScrollMotion?
    /// Bumped whenever a motion starts or stops, so a stale frame callback does nothing.
    var motionGeneration = 0
    var dragStart: CGPoint = .zero

    /// A scroll view clipping its content, with its pan recognizer installed.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handlePan(pan)
        }
        panGestureRecognizer = pan
        addGestureRecognizer(pan)
        let pinch = UIPinchGestureRecognizer { [weak self] recognizer in
            guard let self, let pinch = recognizer as? UIPinchGestureRecognizer else { return }
            self.handlePinch(pinch)
        }
        pinchGestureRecognizer = pinch
        pinch.simultaneousPartner = pan
        addGestureRecognizer(pinch)
    }

    /// Scroll views are not decoded (there are no nibs): nil.
    public required init?(coder: NSCoder) { return nil }

    /// Moves the content to `contentOffset`, over a short ease-out when `animated` (then
    /// `scrollViewDidEndScrollingAnimation`); any coast or bounce under way stops.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return }
        stopMotion()
        guard animated, contentOffset != self.contentOffset else { self.contentOffset = contentOffset; return }
        start(.animated(from: self.contentOffset, to: contentOffset, began: CACurrentMediaTime()))
    }

    /// Zooms to `scale` (kept within the limits) about the middle of what is on screen.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0 else { return }
        zoom(to: clampedZoom(scale), about: CGPoint(x: bounds.midX, y: bounds.midY), animated: animated)
        delegate?.scrollViewDidEndZooming(self, with: zoomingView, atScale: currentZoomScale)
    }

    /// Zooms so that `rect` (in the zooming view's own coordinates) fills the view as far as the limits allow,
    /// centred.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard let view = zoomingView, rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else { return }
        let scale = clampedZoom(min(bounds.width / rect.width, bounds.height / rect.height))
        let unscaled = view.bounds.size
        guard unscaled.width > 0, unscaled.height > 0 else { return }
        let target = CGPoint(x: rect.midX * scale - bounds.width / 2, y: rect.midY * scale - bounds.height / 2)
        apply(scale: scale, offset: target, animated: animated)
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
    }

    /// Shows the scroll indicators for a moment (they fade out after it), as a hint that the content scrolls.
    open func flashScrollIndicators() {
        indicators.show(in: self)
        indicators.fade()
    }

    /// Scrolls the least distance that shows `rect` (in the content's coordinates), within the scroll range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        var target = contentOffset
        let size = bounds.size
        if r.minX < target.x { target.x = r.minX } else if r.maxX > target.x + size.width { target.x = min(r.minX, r.maxX - size.width) }
        if r.minY < target.y { target.y = r.minY } else if r.maxY > target.y + size.height { target.y = min(r.minY, r.maxY - size.height) }
        target = clamped(target)
        setContentOffset(target, animated: animated)
    }

    // MARK: The scroll range

    /// The smallest and largest offsets that keep the content (with its insets) in view. NaN and infinite
    /// sizes and insets count as 0, and a negative content size as empty, so the range is always finite.
    var offsetRange: (min: CGPoint, max: CGPoint) {
        func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        let inset = adjustedContentInset, size = bounds.size
        let content = CGSize(width: max(finite(contentSize.width), 0), height: max(finite(contentSize.height), 0))
        let minimum = CGPoint(x: -finite(inset.left), y: -finite(inset.top))
        let maximum = CGPoint(x: max(content.width + finite(inset.right) - finite(size.width), minimum.x),
                              y: max(content.height + finite(inset.bottom) - finite(size.height), minimum.y))
        return (minimum, maximum)
    }

    func clamped(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange
        return CGPoint(x: min(max(offset.x, range.min.x), range.max.x), y: min(max(offset.y, range.min.y), range.max.y))
    }

    /// Whether a drag moves the content along x (content wider than the view, or bouncing always).
    var scrollsHorizontally: Bool {
        let range = offsetRange
        return isScrollEnabled && (range.max.x > range.min.x || alwaysBounceHorizontal)
    }

    /// Whether a drag moves the content along y.
    var scrollsVertically: Bool {
        let range = offsetRange
        return isScrollEnabled && (range.max.y > range.min.y || alwaysBounceVertical)
    }
}

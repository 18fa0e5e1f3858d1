/// A rectangle on screen over its backing layer: the view is the layer's delegate, so the layer asks it for
/// actions (none outside animation blocks, the block's inside them), layout and drawing.
open class UIView: UIResponder, CALayerDelegate, @unchecked Sendable {
    /// The class of the backing layer (override to back a view by another layer class).
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer.
    public let layer: CALayer

    /// A view with the given frame in its superview's coordinates.
    public init(frame: CGRect) {
        layer = CALayer.make(ofClass: (type(of: self).layerClass as? CALayer.Type) ?? CALayer.self)
        super.init()
        layer.delegate = self
        self.frame = frame
    }

    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }
    /// Not available: Calyx reads no nib or storyboard files.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Geometry (in the superview's coordinates, y down)

    /// The frame: position and bounds size, as the layer's frame (undefined when `transform` is not identity, as
    /// on iOS: set `center` and `bounds` then).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue; AutoLayoutEngine.geometryChanged() }
    }
    /// The view's rectangle in its own coordinates. Animatable in animation blocks.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue; AutoLayoutEngine.geometryChanged() }
    }
    /// The centre: the layer's position.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue; AutoLayoutEngine.geometryChanged() }
    }
    /// The affine transform applied about the center. Animatable in animation blocks.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The 3-D transform of the view's layer. Animatable in animation blocks.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// The view's opacity, from 0 to 1, applied to it and its subviews. Animatable in animation blocks.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// The background: a dynamic colour is resolved with the view's traits, and again when they change.
    open var backgroundColor: UIColor? {
        get {
            let shown = layer.backgroundColor
            if let dynamic = traitState.dynamicBackground, dynamic.resolvedColor(with: traitCollection).cgColor == shown { return dynamic }
            return shown.map(UIColor.init(cgColor:))
        }
        set {
            traitState.dynamicBackground = newValue?.provider == nil ? nil : newValue
            layer.backgroundColor = newValue?.resolvedColor(with: traitCollection).cgColor
        }
    }
    /// Whether the view and its subviews are left out of drawing and touches.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            (superview as? UIStackView)?.arrangedSubviewVisibilityChanged(self)
        }
    }
    /// Whether subviews and content are clipped to the bounds.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// A hint that the view's drawing covers its bounds opaquely.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }
    /// How the view's content is fitted to its bounds.
    open var contentMode: ContentMode = .scaleToFill { didSet { layer.contentsGravity = contentMode.gravity } }
    /// A number for finding the view with viewWithTag(_:).
    open var tag = 0
    /// Whether touches reach the view and its subviews.
    open var isUserInteractionEnabled = true
    /// Space inside the edges that the margin attributes and `layoutMarginsGuide` keep (8 points by default).
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            layoutMarginsDidChange()
            AutoLayoutEngine.constraintsChanged()
            setNeedsLayout()
        }
    }
    private var storedTintColor: UIColor?
    /// The tint: set here, or the superview's, or the system blue.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            let before = tintColor
            storedTintColor = newValue
            if tintColor != before { tellTintColorDidChange() }
        }
    }
    /// Called when the view's tint changes: set on it, or inherited from a superview that changed or that it
    /// moved to.
    open func tintColorDidChange() {}

    private func tellTintColorDidChange() {
        tintColorDidChange()
        for subview in subviews where subview.storedTintColor == nil { subview.tellTintColorDidChange() }
    }

    // MARK: Hierarchy

    /// The view this one is a subview of.
    open private(set) weak var superview: UIView?
    /// The view's subviews, back to front.
    open private(set) var subviews: [UIView] = []
    /// While the view is being moved: the moves its notifications asked for, run when it is over.
    private var movesAfterThisOne: [() -> Void]?
    /// How many deferred moves deep the current move is.
    private var deferredChain = 0
    /// The window the view is in (its topmost ancestor when that is a window).
    open var window: UIWindow? {
        var view: UIView? = self
        while let v = view { if let w = v as? UIWindow { return w }; view = v.superview }
        return nil
    }
    /// The view controller whose view this is: the next responder after the view, before its superview.
    weak var owningViewController: UIViewController?
    /// The next responder: the view's controller when it is a controller's root view, else its superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Gesture recognizers (Events/Gestures)

    /// The recognizers attached to the view; they see touches that begin on it or its subviews.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }
    private var attachedRecognizers: [UIGestureRecognizer] = []
    /// Attaches `gestureRecognizer` (taking it from any view it was on).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let previous = gestureRecognizer.view { previous.removeGestureRecognizer(gestureRecognizer) }
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }
    /// Detaches a gesture recognizer.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
    /// Whether `gestureRecognizer` (attached here) may leave `.possible`; true by default.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Adds a view on top of the subviews (moving it from its current superview).
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts a view at an index among the subviews (moving it from its current superview).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }   // (a cycle; the layer tree would refuse it too)
        // A move asked for by the notifications of a move of the same view waits until that move is over.
        if view.deferMove({ [weak self] in self?.insertSubview(view, at: index) }) { return }
        defer { view.finishMove() }
        guard view.superview !== self else {
            // A reorder among the same siblings: the view stays where it is in the hierarchy, so nothing is told.
            subviews.removeAll { $0 === view }
            placeSubview(view, at: index)
            return
        }
        AutoLayoutEngine.geometryChanged()
        let (oldWindow, newWindow) = (view.window, window)
        let oldTint = view.tintColor
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.tellWillMove(toWindow: newWindow) }
        if let oldParent = view.superview { oldParent.willRemoveSubview(view) }
        // The notifications above may have moved this view under `view`: that move would now close a cycle, so
        // it is dropped (docs/bad-input.md).
        guard !isDescendant(of: view) else { return }
        if let oldParent = view.superview { oldParent.subviews.removeAll { $0 === view } }
        view.superview = self
        placeSubview(view, at: index)
        if oldWindow !== newWindow { view.tellDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
        if view.tintColor != oldTint { view.tellTintColorDidChange() }
        view.traitsMayHaveChanged()
        view.probeCustomDrawing()
    }
    private func placeSubview(_ view: UIView, at index: Int) {
        let i = min(max(index, 0), subviews.count)
        subviews.insert(view, at: i)
        layer.insertSublayer(view.layer, at: UInt32(i))
    }
    /// Inserts a view just above a sibling.
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling }.map { $0 + 1 }) ?? subviews.count)
    }
    /// Inserts a view just below a sibling.
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }
    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        if deferMove({ [weak self] in self?.removeFromSuperview() }) { return }
        defer { finishMove() }
        guard let parent = superview else { return }
        AutoLayoutEngine.geometryChanged()
        let oldWindow = window
        let oldTint = tintColor
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { tellWillMove(toWindow: nil) }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil { tellDidMoveToWindow() }
        didMoveToSuperview()
        if tintColor != oldTint { tellTintColorDidChange() }
        traitsMayHaveChanged()
    }

    /// Starts a move of this view, or, when one is under way (a notification of it moving the view again), keeps
    /// `move` for when it is over and answers true (docs/bad-input.md: callbacks that edit what is being walked).
    private func deferMove(_ move: @escaping () -> Void) -> Bool {
        if movesAfterThisOne != nil { movesAfterThisOne!.append(move); return true }
        movesAfterThisOne = []
        return false
    }

    /// Ends a move: the moves its notifications asked for run now, in order, each a move of its own. A chain of
    /// moves that keeps asking for more (a view that always moves itself on) stops after 64; and however the
    /// chains branch (notifications that each ask for two moves), one outermost move runs at most
    /// `DeferredMoves.budget` deferred moves in all — without that limit, two moves asked per notification made
    /// 2⁶⁴ (the random programs' hang, seed 64541).
    private func finishMove() {
        let pending = movesAfterThisOne ?? []
        movesAfterThisOne = nil
        guard !pending.isEmpty else { return }
        deferredChain += 1
        defer { deferredChain -= 1 }
        guard deferredChain <= 64 else { return }
        let moves = DeferredMoves.current
        if moves.depth == 0 { moves.run = 0 }
        moves.depth += 1
        defer { moves.depth -= 1 }
        for move in pending {
            guard moves.run < DeferredMoves.budget else { return }
            moves.run += 1
            move()
        }
    }

    // MARK: Hierarchy notifications (each does nothing by default, as on iOS; override to observe)

    /// Called before the view joins `newSuperview`, or leaves its superview when `newSuperview` is nil.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed (`superview` is the new one).
    open func didMoveToSuperview() {}
    /// Called, on the view and each of its subviews, before the window they are in changes.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called, on the view and each of its subviews, after the window they are in changed (`window` is the new one).
    open func didMoveToWindow() {}
    /// Called after `subview` was added, or moved here from another superview.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` leaves this view (removed, or moved to another superview).
    open func willRemoveSubview(_ subview: UIView) {}

    private func tellWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.tellWillMove(toWindow: newWindow) }
    }
    private func tellDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.tellDidMoveToWindow() }
    }

    // MARK: Interface Builder (no nibs here)

    /// Called after a view is loaded from a nib; nothing loads nibs here, so it is only ever called by code.
    open func awakeFromNib() {}
    /// Called when Interface Builder draws the view; never called here.
    open func prepareForInterfaceBuilder() {}
    /// Moves a subview in front of its siblings.
    open func bringSubviewToFront(_ view: UIView) { if view.superview === self { insertSubview(view, at: subviews.count) } }
    /// Moves a subview behind its siblings.
    open func sendSubviewToBack(_ view: UIView) { if view.superview === self { insertSubview(view, at: 0) } }
    /// Whether the view is the given view or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let c = current { if c === view { return true }; current = c.superview }
        return false
    }
    /// The view with `tag`: this one or the first in its subtree, depth first.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews { if let found = view.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: Layout and drawing

    /// Asks for layoutSubviews() before the next frame.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Updates constraints in the view's subtree that need it, then lays the view out now if it needs it.
    open func layoutIfNeeded() {
        updateConstraintsIfNeeded()
        layer.layoutIfNeeded()
    }

    // MARK: Constraints (the pass before layout: Layout/ConstraintUpdatePass.swift)

    /// Whether the view's frame is kept as it is set (true, the default for views made in code) or Auto Layout
    /// places it from its constraints (false).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard translatesAutoresizingMaskIntoConstraints != oldValue else { return }
            AutoLayoutEngine.constraintsChanged()
            superview?.setNeedsLayout()
        }
    }
    // MARK: Traits and accessibility (Support/)

    /// The traits the view is shown with (its override of the appearance applied).
    open var traitCollection: UITraitCollection {
        let inherited = superview?.traitCollection ?? UITraitCollection.current
        guard overrideUserInterfaceStyle != .unspecified, overrideUserInterfaceStyle != inherited.userInterfaceStyle else { return inherited }
        return UITraitCollection(style: overrideUserInterfaceStyle, horizontal: inherited.horizontalSizeClass,
                                 vertical: inherited.verticalSizeClass, scale: inherited.displayScale,
                                 category: inherited.preferredContentSizeCategory, direction: inherited.layoutDirection)
    }
    /// Called when the view's traits change: an appearance override on it or above it, or a move to a superview
    /// or window with other traits.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Light or dark for this view and its subviews, whatever the window's (`.unspecified` inherits).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { traitsMayHaveChanged() } }
    }
    /// What the view remembers of its traits (Support/UIView+TraitChanges.swift).
    let traitState = TraitState()
    /// How the view's content is laid out in right-to-left languages.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified
    /// The direction the view lays out in (left to right here).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether assistive technologies treat the view as one element.
    open var isAccessibilityElement = false
    /// A short description of the view for assistive technologies.
    open var accessibilityLabel: String?
    /// What happens when the view is activated, for assistive technologies.
    open var accessibilityHint: String?
    /// The view's current value, for assistive technologies.
    open var accessibilityValue: String?
    /// The kind of element the view is, for assistive technologies.
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// An identifier for UI tests.
    open var accessibilityIdentifier: String?
    /// Whether the view's subviews are hidden from assistive technologies.
    open var accessibilityElementsHidden = false
    /// Whether assistive technologies ignore the view's siblings.
    open var accessibilityViewIsModal = false
    /// Whether assistive technologies read the view's subviews as a group.
    open var shouldGroupAccessibilityChildren = false
    /// The view's accessible elements, in order.
    open var accessibilityElements: [Any]?
    /// The view's frame in window coordinates, for assistive technologies.
    open var accessibilityFrame: CGRect { convert(bounds, to: nil) }

    /// Auto Layout's state for this view (Layout/UIView+AutoLayout.swift).
    let autoLayout = AutoLayoutState()
    /// Called when `layoutMargins` change.
    open func layoutMarginsDidChange() {}
    /// Whether `setNeedsUpdateConstraints()` was called since the last `updateConstraints()`.
    var constraintsNeedUpdate = false
    /// Whether some subview needs a constraint update (so `updateConstraintsIfNeeded()` walks only those paths).
    var constraintsNeedUpdateBelow = false
    /// Asks for `updateConstraints()` before the next layout (the commit's, or `layoutIfNeeded()`).
    open func setNeedsUpdateConstraints() {
        constraintsNeedUpdate = true
        var ancestor = superview
        while let a = ancestor, !a.constraintsNeedUpdateBelow { a.constraintsNeedUpdateBelow = true; ancestor = a.superview }
        ConstraintUpdatePass.installOnce
        layer.setNeedsLayout()
    }
    /// Whether the view's constraints need updating.
    open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }
    /// Runs `updateConstraints()` now for this view and its subviews that need it, subviews first.
    open func updateConstraintsIfNeeded() { ConstraintUpdatePass.update(subtreeOf: self) }
    /// Where a view adds or changes its constraints; called before layout after `setNeedsUpdateConstraints()`.
    open func updateConstraints() {}
    /// Whether the view depends on constraint-based layout (false by default).
    open class var requiresConstraintBasedLayout: Bool { false }
    /// Lays out subviews: the default places those laid out by constraints (Layout/AutoLayoutEngine.swift);
    /// an override calls `super` first to keep that.
    open func layoutSubviews() { AutoLayoutEngine.layout(around: self) }
    /// The size the view's content needs (none by default: `noIntrinsicMetric` on both axes).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Tells Auto Layout the intrinsic content size changed.
    open func invalidateIntrinsicContentSize() {
        AutoLayoutEngine.geometryChanged()
        setNeedsLayout()
        superview?.setNeedsLayout()
    }
    /// An intrinsic size along an axis that means "none".
    public static let noIntrinsicMetric: CGFloat = -1
    /// The size that best fits the given size (the current size by default).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to sizeThatFits(_:) of its current size.
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }
    /// Asks for draw(_:) before the next frame.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Asks for draw(_:) of part of the view before the next frame.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
    /// Draws the view's content into the current context (y down, in points); the default draws nothing.
    open func draw(_ rect: CGRect) { reachedBaseDraw = true }

    /// Whether the view has been asked if it draws, and whether the last `draw(_:)` reached UIView's own.
    private var probedDrawing = false
    private var reachedBaseDraw = false

    /// iOS draws a view that overrides `draw(_:)` when it first appears, with no `setNeedsDisplay()` from the app;
    /// views that do not override it get no backing store. Swift cannot ask whether a method is overridden, so the
    /// first time the view joins a superview (its initializer has finished, as when iOS first draws it) `draw(_:)`
    /// runs once into a 1 × 1 scratch context: if UIView's own was not reached (it is overridden), or the view drew
    /// anything (an override that calls `super` first), the view is marked for display at the next commit.
    func probeCustomDrawing() {
        guard !probedDrawing else { return }
        probedDrawing = true
        guard let scratch = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        reachedBaseDraw = false
        UIGraphicsPushContext(scratch)
        draw(bounds)
        UIGraphicsPopContext()
        // (An override that calls `super.draw(_:)` reaches UIView's too; it draws if it drew anything.)
        if !reachedBaseDraw || scratch.drawingOperations > 0 { layer.setNeedsDisplay() }
    }

    // MARK: Conversion and hit testing

    /// A point in the view's coordinates converted to another view's (the window's when nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }
    /// A point in another view's coordinates (the window's when nil) converted to the view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }
    /// A rectangle in the view's coordinates converted to another view's (the window's when nil).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }
    /// A rectangle in another view's coordinates (the window's when nil) converted to the view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }

    /// Whether `point` (in the view's coordinates) is inside it: within its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The furthest descendant containing `point` (in this view's coordinates) that takes touches: hidden,
    /// nearly transparent (alpha ≤ 0.01) and non-interactive views are skipped with their subtrees, front first,
    /// as are views in the middle of a block animation without `.allowUserInteraction` (docs/view-animation.md
    /// §11). Points are tested against the model geometry, where the view will be; to hit where it is seen, an
    /// override converts the point into `layer.presentation()` first.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled, !UIViewAnimationState.blocksTouches(layer),
              self.point(inside: point, with: event) || !clipsToBounds else {
            return nil
        }
        for view in subviews.reversed() {
            if let hit = view.hitTest(convert(point, to: view), with: event) { return hit }
        }
        return self.point(inside: point, with: event) ? self : nil
    }

    // MARK: CALayerDelegate

    /// The layer asks for layout: the view lays out its subviews.
    open func layoutSublayers(of layer: CALayer) {
        // A view controller's view tells it around its layout, as on iOS.
        let controller = owningViewController
        controller?.viewWillLayoutSubviews()
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }

    /// The layer asks for drawing: the view's `draw(_:)` runs in a y-down context.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
    }

    /// Draws the layer's backing store through `draw(_:in:)`.
    open func display(_ layer: CALayer) { layer.displayBackingStore() }
    /// Does nothing.
    open func layerWillDraw(_ layer: CALayer) {}

    /// No action outside animation blocks; inside one, the block's animation for the keys UIKit animates.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimationState.action(for: layer, forKey: event)
    }

    /// How content is laid out in the view (mapped onto the layer's `contentsGravity`).
    public enum ContentMode: Int, Sendable {
        /// Stretched to fill the bounds, ignoring the aspect ratio.
        case scaleToFill
        /// Scaled to fit inside the bounds, keeping the aspect ratio.
        case scaleAspectFit
        /// Scaled to fill the bounds, keeping the aspect ratio (the overflow is cut if the view clips).
        case scaleAspectFill
        /// Stretched to fill, and redrawn when the bounds change.
        case redraw
        /// Centred, unscaled.
        case center
        /// At the top, centred horizontally, unscaled.
        case top
        /// At the bottom, centred horizontally, unscaled.
        case bottom
        /// At the left, centred vertically, unscaled.
        case left
        /// At the right, centred vertically, unscaled.
        case right
        /// In the top-left corner, unscaled.
        case topLeft
        /// In the top-right corner, unscaled.
        case topRight
        /// In the bottom-left corner, unscaled.
        case bottomLeft
        /// In the bottom-right corner, unscaled.
        case bottomRight

        /// The gravity for iOS's y-down layers (UIKit's top is the layer's minimum y: Core Animation's "bottom").
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}

/// The deferred moves run under one outermost move, on this thread (view trees belong to the thread that edits
/// them).
final class DeferredMoves {
    /// The most deferred moves one outermost move runs.
    static let budget = 1_000
    var depth = 0
    var run = 0
    static var current: DeferredMoves { perThread("calyx.UIView.DeferredMoves", DeferredMoves.init) }
}

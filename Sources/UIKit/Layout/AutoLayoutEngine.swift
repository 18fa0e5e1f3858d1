import CalyxLayoutSolver
import Foundation
import Synchronization

/// Turns the constraints in a view tree into frames: one Cassowary solve over the whole tree (from its root:
/// the window, or the topmost view), whenever something it depends on changed, applied when a view lays out
/// its subviews (`UIView.layoutSubviews()`'s default, as UIKit's does).
///
/// Every view's left, top, width and height are unknowns in the root's coordinates. Views that translate their
/// autoresizing masks into constraints (the default for views made in code) are pinned where their frames are;
/// the others get their intrinsic sizes with hugging and compression-resistance priorities, a very weak wish to
/// stay where they are (so an under-constrained view does not jump), and the app's constraints. Table and
/// collection cells placed by frame are solved on their own (their constraints stay inside them), so a screenful
/// of constraint-laid-out cells is that many small solves, not one that grows with every cell. A required
/// constraint that contradicts the others is logged and kept at just below required, where UIKit breaks it.
enum AutoLayoutEngine {
    /// Bumped by every change a solve depends on; a root's solve is reused while it is unchanged. Atomic: views
    /// on different threads (tests, offline renders) share the counter, never a tree.
    static let generation = Atomic<Int>(0)
    /// Whether any constraint or constraint-laid-out view exists; until then layout skips the engine entirely.
    static let isInUse = Atomic<Bool>(false)

    static func invalidate() { generation.add(1, ordering: .relaxed) }

    static func constraintsChanged() {
        isInUse.store(true, ordering: .relaxed)
        invalidate()
    }

    /// A frame, the view tree or an intrinsic size changed.
    static func geometryChanged() {
        if isInUse.load(ordering: .relaxed) { invalidate() }
    }

    /// Solves `view`'s tree if it changed since its last solve, and applies the frames. (Applying changes
    /// frames, which counts as a change; the solve is stamped after it, so the engine's own changes do not
    /// bring it back.)
    static func layout(around view: UIView) {
        guard isInUse.load(ordering: .relaxed) else { return }
        var root = view
        while !root.isAutoLayoutIsland, let s = root.superview { root = s }
        if let solved = root.autoLayout.solved, solved.generation == generation.load(ordering: .relaxed),
           solved.size == root.bounds.size { return }
        var system = LayoutSystem(root: root, freeRootSize: nil)
        // A tree with no constraints and no constraint-laid-out views (a screen of frames) needs no solve.
        if system.needsSolving {
            system.solve()
            system.apply()
            // Multi-line labels wrap at the widths this solve gave them; their new heights need another.
            var passes = 0
            while passes < maximumWrapPasses, system.updateLabelWrapWidths() {
                system = LayoutSystem(root: root, freeRootSize: nil)
                system.solve()
                system.apply()
                passes += 1
            }
        }
        root.autoLayout.solved = (generation.load(ordering: .relaxed), root.bounds.size)
    }

    static func fittingSize(of view: UIView, target: CGSize, priorities: (UILayoutPriority, UILayoutPriority)) -> CGSize {
        var system = LayoutSystem(root: view, freeRootSize: (target, priorities))
        system.solve()
        var passes = 0
        while passes < maximumWrapPasses, system.updateLabelWrapWidths() {
            system = LayoutSystem(root: view, freeRootSize: (target, priorities))
            system.solve()
            passes += 1
        }
        return system.rootSize
    }

    /// How many times a solve is repeated for labels that wrap at their new widths (one settles them; a label
    /// that hugs its text narrower than it wrapped can take a second; more would be a loop).
    private static let maximumWrapPasses = 3
}

/// One solve: the variables, the constraints made from the tree, and the solver.
final class LayoutSystem {
    struct Box {
        let left = LayoutVariable("left"), top = LayoutVariable("top"), width = LayoutVariable("width"), height = LayoutVariable("height")
        var rect: CGRect { CGRect(x: left.value, y: top.value, width: max(width.value, 0), height: max(height.value, 0)) }
    }

    let root: UIView
    private let freeRootSize: (target: CGSize, priorities: (UILayoutPriority, UILayoutPriority))?
    private var views: [UIView] = []
    private var guides: [UILayoutGuide] = []
    private var boxes: [ObjectIdentifier: Box] = [:]
    private var constraints: [NSLayoutConstraint] = []
    private let solver = LayoutSolver()

    init(root: UIView, freeRootSize: (CGSize, (UILayoutPriority, UILayoutPriority))?) {
        self.root = root
        self.freeRootSize = freeRootSize
        var named = Set<ObjectIdentifier>()
        Self.gatherNamedItems(under: root, into: &named)
        var matters = Set<ObjectIdentifier>()
        Self.markViewsThatMatter(under: root, named: named, into: &matters)
        collect(root, matters: matters)
    }

    var rootSize: CGSize { boxes[ObjectIdentifier(root)].map { $0.rect.size } ?? .zero }

    /// How many views the solve has unknowns for.
    var viewCount: Int { views.count }

    /// Whether the tree has anything for Auto Layout to place.
    var needsSolving: Bool {
        !constraints.isEmpty || views.dropFirst().contains { !$0.translatesAutoresizingMaskIntoConstraints }
    }

    /// The views and guides that the constraints installed anywhere under `view` name.
    private static func gatherNamedItems(under view: UIView, into named: inout Set<ObjectIdentifier>) {
        for constraint in view.autoLayout.installed {
            for item in [constraint.firstItem, constraint.secondItem] { if let item { named.insert(ObjectIdentifier(item)) } }
        }
        for subview in view.subviews where !subview.isAutoLayoutIsland { gatherNamedItems(under: subview, into: &named) }
    }

    /// Marks the views the solve needs: those laid out by constraints, holding or named by constraints, owning
    /// guides, and their ancestors. A subtree of frame-placed views that no constraint touches is left out: its
    /// views would only be pinned where they are, and a table of cells would make the solve thousands of unknowns.
    @discardableResult
    private static func markViewsThatMatter(under view: UIView, named: Set<ObjectIdentifier>, into matters: inout Set<ObjectIdentifier>) -> Bool {
        var anyChild = false
        for subview in view.subviews where !subview.isAutoLayoutIsland && markViewsThatMatter(under: subview, named: named, into: &matters) {
            anyChild = true
        }
        let state = view.autoLayout
        guard anyChild || !view.translatesAutoresizingMaskIntoConstraints || !state.installed.isEmpty || !state.guides.isEmpty
                || named.contains(ObjectIdentifier(view)) else { return false }
        matters.insert(ObjectIdentifier(view))
        return true
    }

    private func collect(_ view: UIView, matters: Set<ObjectIdentifier>) {
        views.append(view)
        boxes[ObjectIdentifier(view)] = Box()
        for guide in view.autoLayout.guides {
            guides.append(guide)
            boxes[ObjectIdentifier(guide)] = Box()
        }
        constraints += view.autoLayout.installed
        for subview in view.subviews where matters.contains(ObjectIdentifier(subview)) { collect(subview, matters: matters) }
    }

    private func box(_ item: AnyObject?) -> Box? { item.flatMap { boxes[ObjectIdentifier($0)] } }

    // MARK: Building

    func solve() {
        pinRoot()
        // Views some constraint names: the others (constraint-laid-out but tied to nothing) are kept where they are.
        var named = Set<ObjectIdentifier>()
        for constraint in constraints {
            for item in [constraint.firstItem, constraint.secondItem] { if let item { named.insert(ObjectIdentifier(item)) } }
        }
        for view in views.dropFirst() {
            guard let parent = view.superview, let box = box(view), let parentBox = self.box(parent) else { continue }
            if view.translatesAutoresizingMaskIntoConstraints {
                pin(box, to: view.frameInSuperview, in: parentBox, parentOrigin: parent.bounds.origin, strength: LayoutStrength.required)
            } else {
                // A view no constraint names stays where it is (weakly); the others get their content's size.
                if !named.contains(ObjectIdentifier(view)) {
                    pin(box, to: view.frameInSuperview, in: parentBox, parentOrigin: parent.bounds.origin, strength: 0.01)
                }
                addIntrinsicSize(of: view, box)
            }
        }
        for guide in guides { addGuide(guide) }
        for constraint in constraints { add(constraint) }
        solver.updateVariables()
    }

    private func pinRoot() {
        guard let box = box(root) else { return }
        let bounds = root.bounds
        require(e(box.left), .equal, c(bounds.minX))
        require(e(box.top), .equal, c(bounds.minY))
        if let free = freeRootSize {
            let width = LayoutConstraint(e(box.width), .equal, c(free.target.width), strength: free.priorities.0.strength)
            let height = LayoutConstraint(e(box.height), .equal, c(free.target.height), strength: free.priorities.1.strength)
            try? solver.addConstraint(width)
            try? solver.addConstraint(height)
            addIntrinsicSize(of: root, box)
        } else {
            require(e(box.width), .equal, c(bounds.width))
            require(e(box.height), .equal, c(bounds.height))
        }
    }

    private func pin(_ box: Box, to frame: CGRect, in parent: Box, parentOrigin: CGPoint, strength: Double) {
        let pairs: [(LinearExpression, LinearExpression)] = [
            (e(box.left), e(parent.left) + c(frame.minX - parentOrigin.x)),
            (e(box.top), e(parent.top) + c(frame.minY - parentOrigin.y)),
            (e(box.width), c(frame.width)),
            (e(box.height), c(frame.height)),
        ]
        for (lhs, rhs) in pairs { try? solver.addConstraint(LayoutConstraint(lhs, .equal, rhs, strength: strength)) }
    }

    private func addIntrinsicSize(of view: UIView, _ box: Box) {
        let size = view.intrinsicContentSize
        let state = view.autoLayout
        if size.width != UIView.noIntrinsicMetric, size.width.isFinite {
            try? solver.addConstraint(LayoutConstraint(e(box.width), .lessThanOrEqual, c(size.width), strength: state.hugging.horizontal.strength))
            try? solver.addConstraint(LayoutConstraint(e(box.width), .greaterThanOrEqual, c(size.width), strength: state.compressionResistance.horizontal.strength))
        }
        if size.height != UIView.noIntrinsicMetric, size.height.isFinite {
            try? solver.addConstraint(LayoutConstraint(e(box.height), .lessThanOrEqual, c(size.height), strength: state.hugging.vertical.strength))
            try? solver.addConstraint(LayoutConstraint(e(box.height), .greaterThanOrEqual, c(size.height), strength: state.compressionResistance.vertical.strength))
        }
    }

    private func addGuide(_ guide: UILayoutGuide) {
        guard let owner = guide.owningView, let box = box(guide), let ownerBox = self.box(owner) else { return }
        switch guide.kind {
        case .free:
            pin(box, to: guide.layoutFrame, in: ownerBox, parentOrigin: owner.bounds.origin, strength: 0.01)
        case .safeArea, .margins:
            let m = guide.kind == .margins ? owner.layoutMargins : .zero
            require(e(box.left), .equal, e(ownerBox.left) + c(m.left))
            require(e(box.top), .equal, e(ownerBox.top) + c(m.top))
            require(e(box.width), .equal, e(ownerBox.width) + c(-m.left - m.right))
            require(e(box.height), .equal, e(ownerBox.height) + c(-m.top - m.bottom))
        }
    }

    private func add(_ constraint: NSLayoutConstraint) {
        guard let lhs = expression(constraint.firstItem, constraint.firstAttribute) else { return }
        var rhs = c(constraint.constant)
        if constraint.secondItem != nil {
            guard let second = expression(constraint.secondItem, constraint.secondAttribute) else { return }
            rhs = second * Double(constraint.multiplier) + c(constraint.constant)
        }
        let relation: LayoutRelation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let strength = constraint.priority.strength
        do {
            try solver.addConstraint(LayoutConstraint(lhs, relation, rhs, strength: strength))
        } catch {
            // UIKit breaks one of the conflicting constraints and logs it; this one is kept just below required.
            FileHandle.standardError.write(Data("Calyx Auto Layout: unable to satisfy \(constraint) together with the others; kept at priority 999\n".utf8))
            try? solver.addConstraint(LayoutConstraint(lhs, relation, rhs, strength: UILayoutPriority(999).strength))
        }
    }

    /// An attribute of a view or guide as a sum of the unknowns.
    private func expression(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression? {
        guard let b = box(item) else { return nil }
        let margins = (item as? UIView)?.layoutMargins ?? .zero
        let (l, t, w, h) = (e(b.left), e(b.top), e(b.width), e(b.height))
        switch attribute {
        case .left, .leading: return l
        case .right, .trailing: return l + w
        case .top: return t
        case .bottom: return t + h
        case .width: return w
        case .height: return h
        case .centerX: return l + w * 0.5
        case .centerY: return t + h * 0.5
        case .leftMargin, .leadingMargin: return l + c(margins.left)
        case .rightMargin, .trailingMargin: return l + w + c(-margins.right)
        case .topMargin: return t + c(margins.top)
        case .bottomMargin: return t + h + c(-margins.bottom)
        case .centerXWithinMargins: return l + w * 0.5 + c((margins.left - margins.right) / 2)
        case .centerYWithinMargins: return t + h * 0.5 + c((margins.top - margins.bottom) / 2)
        case .firstBaseline, .lastBaseline:
            // A label's text is centred in its height: its baseline sits the text's ascent below the text's top.
            guard let label = item as? UILabel else { return t + h }
            let text = label.intrinsicContentSize.height
            let font = label.font ?? .systemFont(ofSize: 17)
            let offset = attribute == .firstBaseline ? font.ascender - text / 2 : text / 2 - (font.lineHeight - font.ascender)
            return t + h * 0.5 + c(offset)
        case .notAnAttribute: return nil
        }
    }

    private func require(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression) {
        try? solver.addConstraint(LayoutConstraint(lhs, relation, rhs))
    }
    private func e(_ v: LayoutVariable) -> LinearExpression { LinearExpression(v) }
    private func c(_ k: CGFloat) -> LinearExpression { LinearExpression(constant: k.isFinite ? Double(k) : 0) }

    /// Gives each multi-line label without a `preferredMaxLayoutWidth` the width this solve gave it to wrap at, as
    /// UIKit's labels take their automatic width; answers whether any changed (their heights with it).
    func updateLabelWrapWidths() -> Bool {
        var changed = false
        for view in views.dropFirst() where !view.translatesAutoresizingMaskIntoConstraints {
            guard let label = view as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0,
                  let width = box(label).map({ pixelAligned($0.rect).width }), width.isFinite, width > 0, width < 1e9,
                  label.automaticWrapWidth != width else { continue }
            label.automaticWrapWidth = width
            changed = true
        }
        return changed
    }

    // MARK: Applying

    /// The screen's pixels per point (the root window's screen, else the main screen's).
    private lazy var scale: CGFloat = max((root as? UIWindow)?.screen.scale ?? UIScreen.main.scale, 1)

    /// `rect` with its edges moved to the nearest pixel, as UIKit places what Auto Layout solves (a centred view of
    /// odd width lands on a third of a point at 3×); this also drops the solver's rounding noise.
    private func pixelAligned(_ rect: CGRect) -> CGRect {
        func snap(_ v: CGFloat) -> CGFloat { abs(v) < 1e15 ? (v * scale).rounded() / scale : v }
        let minX = snap(rect.minX), minY = snap(rect.minY)
        return CGRect(x: minX, y: minY, width: max(snap(rect.maxX) - minX, 0), height: max(snap(rect.maxY) - minY, 0))
    }

    /// Gives every constraint-laid-out view its solved size and centre (so transforms are kept) and every guide
    /// its frame.
    func apply() {
        for view in views.dropFirst() where !view.translatesAutoresizingMaskIntoConstraints {
            guard let parent = view.superview, let box = box(view), let parentBox = self.box(parent) else { continue }
            let rect = pixelAligned(box.rect), parentRect = pixelAligned(parentBox.rect)
            // A solution beyond what a frame can hold (enormous or infinite frames upstream) leaves the view as it was.
            guard [rect.minX, rect.minY, rect.width, rect.height, parentRect.minX, parentRect.minY].allSatisfy({ $0.isFinite && abs($0) < 1e15 })
            else { continue }
            let origin = CGPoint(x: rect.minX - parentRect.minX + parent.bounds.minX, y: rect.minY - parentRect.minY + parent.bounds.minY)
            let anchor = view.layer.anchorPoint
            let center = CGPoint(x: origin.x + rect.width * anchor.x, y: origin.y + rect.height * anchor.y)
            if view.bounds.size != rect.size { view.bounds.size = rect.size }
            if view.center != center { view.center = center }
        }
        for guide in guides {
            guard let owner = guide.owningView, let box = box(guide), let ownerBox = self.box(owner) else { continue }
            let rect = pixelAligned(box.rect), ownerRect = pixelAligned(ownerBox.rect)
            guide.layoutFrame = CGRect(x: rect.minX - ownerRect.minX + owner.bounds.minX, y: rect.minY - ownerRect.minY + owner.bounds.minY,
                                       width: rect.width, height: rect.height)
        }
    }
}

extension UIView {
    /// The frame from the centre and bounds (well defined under a transform, unlike `frame`).
    var frameInSuperview: CGRect {
        let anchor = layer.anchorPoint, size = bounds.size
        return CGRect(x: center.x - size.width * anchor.x, y: center.y - size.height * anchor.y, width: size.width, height: size.height)
    }
}

/// Manages a view: loads it on first use, tells subclasses as it appears, disappears and lays out, and holds child
/// view controllers. A window shows one as its `rootViewController`.
///
/// Appearance callbacks come in iOS's order — `viewWillAppear`, the view joins the window, `viewDidAppear` — and
/// go on to children whose views are in the view's tree. Presentation (`present`/`dismiss`) and transitions
/// between children are not here yet.
open class UIViewController: UIResponder, @unchecked Sendable {
    /// A controller; Calyx reads no nibs, so both arguments are ignored and `loadView()` makes the view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.nibName = nibNameOrNil
        self.nibBundle = nibBundleOrNil
        super.init()
    }
    /// A controller whose view `loadView()` makes.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    /// Not available: Calyx reads no nib files.
    public required init?(coder: NSCoder) { return nil }

    /// Kept for source compatibility: there are no nibs, so `loadView()` always makes the view in code.
    open private(set) var nibName: String?
    /// The bundle given at creation (no nibs are read).
    open private(set) var nibBundle: Bundle?
    /// The controller's title, shown by a navigation bar.
    open var title: String? { didSet { storedNavigationItem?.changed?() } }

    /// The item a navigation bar shows for this controller (made when first asked for).
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem()
        storedNavigationItem = item
        return item
    }
    private var storedNavigationItem: UINavigationItem?
    /// The nearest navigation controller among the controller's ancestors.
    open var navigationController: UINavigationController? {
        var ancestor = parent
        while let a = ancestor { if let navigation = a as? UINavigationController { return navigation }; ancestor = a.parent }
        return nil
    }

    // MARK: The view

    private var loadedView: UIView?
    /// The controller's view, loaded (by `loadView()`, then `viewDidLoad()`) the first time it is asked for.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }
    /// The view if it has been loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }
    /// Whether the controller's view has been made.
    open var isViewLoaded: Bool { loadedView != nil }
    /// Makes the view: a plain view the size of the main screen. Override to make your own and assign `view`.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    /// Called once, after the view has been loaded.
    open func viewDidLoad() {}
    /// Makes the controller's view now if it has not been made.
    open func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }   // (an override that made none)
        viewDidLoad()
    }
    private var isLoadingView = false

    // MARK: Appearance

    /// Called before the view appears (added to a window, presented or pushed).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared and any transition finished.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared and any transition finished.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before and after the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Where the controller is in appearing or disappearing.
    private enum Appearance { case disappeared, appearing, appeared, disappearing }
    private var appearance = Appearance.disappeared

    /// Whether children get appearance callbacks with their parent's (true by default).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Tells the controller (and its children) its view is about to appear (`isAppearing`) or disappear; a
    /// container calls this around moving a child's view, then `endAppearanceTransition()`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            viewWillDisappear(animated)
        }
        lastTransitionAnimated = animated
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children where child.viewIfLoaded?.isDescendant(of: view) ?? false {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }
    private var lastTransitionAnimated = false

    /// Finishes what `beginAppearanceTransition(_:animated:)` began: `viewDidAppear` or `viewDidDisappear`.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(lastTransitionAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(lastTransitionAnimated)
        default: return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children { child.endAppearanceTransition() }
    }

    // MARK: Traits

    /// The traits of the controller's view (or the current ones before it loads).
    open var traitCollection: UITraitCollection { viewIfLoaded?.traitCollection ?? UITraitCollection.current }
    /// Called when the traits of the controller's view change.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Handlers registered for trait changes (Support/UIView+TraitChanges.swift).
    let traitState = TraitState()
    /// Light or dark for the controller's view, whatever the window's (`.unspecified` inherits).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { viewIfLoaded?.overrideUserInterfaceStyle ?? .unspecified }
        set { view.overrideUserInterfaceStyle = newValue }
    }
    /// The status bar style the controller would like (kept for source compatibility: Calyx draws no status bar).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the controller would like the status bar hidden (kept for source compatibility).
    open var prefersStatusBarHidden: Bool { false }
    /// Kept for source compatibility: there is no status bar to update.
    open func setNeedsStatusBarAppearanceUpdate() {}

    // MARK: Presentation (UIViewController+Presentation.swift)

    /// The controller this one presents, and the one that presented this one.
    open internal(set) var presentedViewController: UIViewController?
    /// The controller that presented this one.
    open internal(set) weak var presentingViewController: UIViewController?
    /// How this controller covers the screen when presented (`.automatic`, a sheet, by default, as on iOS 13).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The animation used when this controller is presented and dismissed (`.coverVertical` by default).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Supplies animators for this controller's presentation and dismissal, replacing the transition style.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Whether the controller is being presented (during its appearance callbacks).
    open internal(set) var isBeingPresented = false
    /// Whether the controller is being dismissed.
    open internal(set) var isBeingDismissed = false
    /// The view the presented view sits in while presented.
    var presentationContainer: UIView?

    // MARK: Children

    /// The child controllers, in the order added.
    open private(set) var children: [UIViewController] = []
    /// The container this controller is a child of.
    open private(set) weak var parent: UIViewController?

    /// Adds `childController` as a child, calling its `willMove(toParent:)`; the caller adds its view and then
    /// calls `didMove(toParent:)`, as on iOS.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        var ancestor: UIViewController? = self
        while let a = ancestor { if a === childController { return }; ancestor = a.parent }   // (a cycle)
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }
    /// Removes the controller from its parent, calling its `didMove(toParent: nil)`; the caller calls
    /// `willMove(toParent: nil)` first and removes the view, as on iOS.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }
    /// Called before the controller is added to or removed from a parent controller.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a parent controller.
    open func didMove(toParent parent: UIViewController?) {}

    /// The view's superview answers next (the controller sits between its view and the view's superview); a
    /// controller whose view is in no hierarchy hands on to its parent, unless the parent's chain would come back
    /// here (a parent whose view was moved inside its child's), where the chain ends instead of cycling forever.
    open override var next: UIResponder? {
        if let superview = loadedView?.superview { return superview }
        guard let parent, !Self.chain(from: parent, reaches: self) else { return nil }
        return parent
    }

    /// Whether the chain from `start` reaches `target`, following the same links as `next` without their checks;
    /// it remembers what it passed, so it ends even where a hostile tree makes the links cycle elsewhere.
    private static func chain(from start: UIViewController, reaches target: UIViewController) -> Bool {
        var passed = Set<ObjectIdentifier>()
        var responder: UIResponder? = start
        while let current = responder, passed.insert(ObjectIdentifier(current)).inserted {
            if current === target { return true }
            switch current {
            case let controller as UIViewController: responder = controller.loadedView?.superview ?? controller.parent
            case let view as UIView: responder = view.owningViewController ?? view.superview
            default: return false
            }
        }
        return false
    }
}

/// The root of a view tree that a host shows, and the view controller whose view fills it.
open class UIWindow: UIView, @unchecked Sendable {
    /// The touch in progress from a host's pointer, delivered to the view it began on.
    var pointerTouch: UITouch?
    /// The touches the window is delivering (began and not yet ended or cancelled).
    var touchesInProgress: [UITouch] = []
    /// The touches in progress from a host's touch screen or a test's script, by finger.
    var fingerTouches: [Int: UITouch] = [:]

    /// A window at `frame` (Calyx's windows are not shown until a host presents them).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        UIApplication.shared.register(self)
    }
    /// Not available: Calyx reads no archives or nib files. Returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// The view controller whose view fills the window. Setting it installs that view (sized to the window) in
    /// place of the previous one's, with the appearance callbacks when the window is showing.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            let showing = !isHidden
            if showing { oldValue?.beginAppearanceTransition(false, animated: false) }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if showing { oldValue?.endAppearanceTransition() }
            guard let root = rootViewController else { return }
            root.loadViewIfNeeded()   // (iOS loads the view before telling the controller it will appear)
            if showing { root.beginAppearanceTransition(true, animated: false) }
            installRootView(of: root)
            if showing { root.endAppearanceTransition() }
        }
    }

    private func installRootView(of root: UIViewController) {
        root.view.frame = bounds
        addSubview(root.view)
    }

    /// Sizes the root view controller's view to the window.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let view = rootViewController?.viewIfLoaded, view.superview === self { view.frame = bounds }
    }

    /// Delivers an event to the window's gesture recognizers and views (Events/UIWindow+Events.swift); override
    /// to observe or filter, calling `super`.
    open func sendEvent(_ event: UIEvent) { deliverEvent(event) }

    /// The screen the window is shown on.
    open var screen: UIScreen = .main
    /// Whether this is the application's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }
    /// Makes the window the key window.
    open func makeKey() { UIApplication.shared.makeKey(self) }
    /// Makes the window key and shows it (its root view controller's view appears).
    open func makeKeyAndVisible() {
        makeKey()
        guard isHidden else { return }
        rootViewController?.beginAppearanceTransition(true, animated: false)
        isHidden = false
        rootViewController?.endAppearanceTransition()
    }
}

/// What a navigation bar shows for one controller: its title (or a title view), and the buttons at either end.
open class UINavigationItem: NSObject, @unchecked Sendable {
    /// The title (the controller's `title` when nil).
    open var title: String? { didSet { changed?() } }
    /// A view shown in place of the title.
    open var titleView: UIView? { didSet { changed?() } }
    /// Accepted; Calyx's bar shows no prompt line.
    open var prompt: String?
    /// The back button's title on the bar of the controller pushed after this one (this item's title when nil).
    open var backButtonTitle: String?
    /// Whether the back button is hidden while this item is on top.
    open var hidesBackButton = false { didSet { changed?() } }
    /// The buttons at the bar's leading end (beside or instead of the back button).
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed?() } }
    /// The buttons at the bar's trailing end.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed?() } }
    /// The first leading button.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first trailing button.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// Tells the bar showing the item to redraw it.
    var changed: (() -> Void)?

    /// An item with a title.
    public init(title: String) {
        self.title = title
        super.init()
    }
    /// An item with no title.
    public override init() { super.init() }
}

/// A button on a navigation bar or toolbar: a title, an image or a custom view, and a closure action.
open class UIBarButtonItem: NSObject, @unchecked Sendable {
    /// How a bar button looks, with UIKit's raw values (`.done` is bold).
    public enum Style: Int, Sendable {
        /// A plain item.
        case plain = 0
        /// A bordered item (deprecated on iOS, drawn as plain).
        case bordered
        /// A done item, in bold.
        case done
    }
    /// The system items, with UIKit's raw values (shown by their English titles here; there are no symbols).
    public enum SystemItem: Int, Sendable {
        /// Done.
        case done = 0
        /// Cancel.
        case cancel
        /// Edit.
        case edit
        /// Save.
        case save
        /// Add (a plus sign on iOS).
        case add
        /// Space that stretches between items in a toolbar.
        case flexibleSpace
        /// Space of the item's `width`.
        case fixedSpace
        /// Compose.
        case compose
        /// Reply.
        case reply
        /// Share (an action sheet's button on iOS).
        case action
        /// Organise (move to a folder).
        case organize
        /// Bookmarks.
        case bookmarks
        /// Search.
        case search
        /// Refresh.
        case refresh
        /// Stop.
        case stop
        /// Camera.
        case camera
        /// Trash.
        case trash
        /// Play.
        case play
        /// Pause.
        case pause
        /// Rewind.
        case rewind
        /// Fast forward.
        case fastForward
        /// Undo.
        case undo
        /// Redo.
        case redo
        /// Page curl.
        case pageCurl
        /// Close.
        case close

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .close: "✕"
            case .flexibleSpace, .fixedSpace: ""
            default: String(describing: self).capitalized
            }
        }
    }

    /// The button's title.
    open var title: String?
    /// The button's image, shown instead of the title.
    open var image: UIImage?
    /// How the button looks.
    open var style: Style = .plain
    /// A view shown instead of a button.
    open var customView: UIView?
    /// Whether the button takes taps.
    open var isEnabled = true
    /// The button's colour (nil: the bar's).
    open var tintColor: UIColor?
    /// What a tap runs.
    open var primaryAction: UIAction?
    /// A fixed width (0: fits its content).
    open var width: CGFloat = 0

    /// An item with no title or action.
    public override init() { super.init() }

    /// A button with a title or image running `primaryAction` (menus are not shown).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: AnyObject? = nil) {
        self.init()
        self.title = title ?? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }

    /// A system button, shown by its English title.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: AnyObject? = nil) {
        self.init(title: systemItem.title, primaryAction: primaryAction)
        style = systemItem == .done ? .done : .plain
    }

    /// An item showing `customView`.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A button with `title` and `style` running `action` (UIKit's target–action initializer takes a selector;
    /// this one takes the closure the selector would have called).
    public convenience init(title: String?, style: Style, action: @escaping () -> Void) {
        self.init(title: title, primaryAction: UIAction { _ in action() })
        self.style = style
    }

    /// The button the bar shows for this item.
    func makeView() -> UIView {
        if let customView { return customView }
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.setImage(image, for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 17, weight: style == .done ? .semibold : .regular)
        button.isEnabled = isEnabled
        if let tintColor { button.tintColor = tintColor }
        if let primaryAction { button.addAction(primaryAction, for: .primaryActionTriggered) }
        button.sizeToFit()
        return button
    }
}

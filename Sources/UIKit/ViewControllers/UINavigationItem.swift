/// What a navigation bar shows for one controller: its title (or a title view), and the buttons at either end.
open class UINavigationItem: NSObject, @unchecked Sendable {
    /// The title (the controller's `title` when nil).
    open var title: String? { didSet { changed?() } }
    open var titleView: UIView? { didSet { changed?() } }
    open var prompt: String?
    /// The back button's title on the bar of the controller pushed after this one (this item's title when nil).
    open var backButtonTitle: String?
    open var hidesBackButton = false { didSet { changed?() } }
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed?() } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed?() } }
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// Tells the bar showing the item to redraw it.
    var changed: (() -> Void)?

    public init(title: String) {
        self.title = title
        super.init()
    }
    public override init() { super.init() }
}

/// A button on a navigation bar or toolbar: a title, an image or a custom view, and a closure action.
open class UIBarButtonItem: NSObject, @unchecked Sendable {
    public enum Style: Int, Sendable { case plain = 0, bordered, done }
    /// The system items, with UIKit's raw values (shown by their English titles here; there are no symbols).
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close

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

    open var title: String?
    open var image: UIImage?
    open var style: Style = .plain
    open var customView: UIView?
    open var isEnabled = true
    open var tintColor: UIColor?
    open var primaryAction: UIAction?
    open var width: CGFloat = 0

    public override init() { super.init() }

    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: AnyObject? = nil) {
        self.init()
        self.title = title ?? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: AnyObject? = nil) {
        self.init(title: systemItem.title, primaryAction: primaryAction)
        style = systemItem == .done ? .done : .plain
    }

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

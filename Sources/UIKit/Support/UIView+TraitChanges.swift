import QuartzCore

/// A trait that change handlers can ask about (iOS 17's trait definitions): registering for it runs the handler
/// when a view's value of it changes.
public protocol UITraitDefinition {
    /// Whether `a` and `b` differ in this trait.
    static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool
}
/// A trait, named by its definition's type (`UITraitUserInterfaceStyle.self`).
public typealias UITrait = any UITraitDefinition.Type

/// The light or dark appearance, as a trait to register for.
public enum UITraitUserInterfaceStyle: UITraitDefinition {
    /// Whether the appearance differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.userInterfaceStyle != b.userInterfaceStyle }
}
/// The horizontal size class, as a trait to register for.
public enum UITraitHorizontalSizeClass: UITraitDefinition {
    /// Whether the horizontal size class differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.horizontalSizeClass != b.horizontalSizeClass }
}
/// The vertical size class, as a trait to register for.
public enum UITraitVerticalSizeClass: UITraitDefinition {
    /// Whether the vertical size class differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.verticalSizeClass != b.verticalSizeClass }
}
/// The display scale, as a trait to register for.
public enum UITraitDisplayScale: UITraitDefinition {
    /// Whether the display scale differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.displayScale != b.displayScale }
}
/// The preferred text size, as a trait to register for.
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
    /// Whether the preferred text size differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.preferredContentSizeCategory != b.preferredContentSizeCategory }
}
/// The layout direction, as a trait to register for.
public enum UITraitLayoutDirection: UITraitDefinition {
    /// Whether the layout direction differs.
    public static func differs(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool { a.layoutDirection != b.layoutDirection }
}

/// A registration made by `registerForTraitChanges`, to pass to `unregisterForTraitChanges(_:)`.
public protocol UITraitChangeRegistration: AnyObject {}

/// Views and view controllers: things whose trait changes can be watched.
public protocol UITraitChangeObservable: UITraitEnvironment {}

/// What a view remembers about its traits: the collection last reported to it, the dynamic colour its background
/// was set to, and the handlers registered for changes.
final class TraitState {
    final class Registration: UITraitChangeRegistration {
        let traits: [UITrait]
        let handler: (AnyObject, UITraitCollection) -> Void
        init(traits: [UITrait], handler: @escaping (AnyObject, UITraitCollection) -> Void) { self.traits = traits; self.handler = handler }
    }
    var reported: UITraitCollection?
    var dynamicBackground: UIColor?
    var registrations: [Registration] = []
}

extension TraitState {
    /// Adds a handler that runs with `owner` when one of `traits` changes.
    func register<Owner: AnyObject>(_ traits: [UITrait], handler: @escaping (Owner, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        let registration = Registration(traits: traits) { owner, previous in
            if let owner = owner as? Owner { handler(owner, previous) }
        }
        registrations.append(registration)
        return registration
    }

    /// Runs the handlers for the traits that differ between `now` and `previous`.
    func notify(_ owner: AnyObject, now: UITraitCollection, previous: UITraitCollection) {
        for registration in registrations where registration.traits.contains(where: { $0.differs(now, previous) }) {
            registration.handler(owner, previous)
        }
    }
}

extension UITraitChangeObservable where Self: UIView {
    /// Runs `handler` with the view and its previous traits whenever one of `traits` changes for it (its own
    /// appearance override, or its superview's, window's or position in the tree).
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], handler: @escaping (Self, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        if traitState.reported == nil { traitState.reported = traitCollection }
        return traitState.register(traits, handler: handler)
    }
}

extension UITraitChangeObservable where Self: UIViewController {
    /// Runs `handler` with the controller and its previous traits whenever one of `traits` changes for its view.
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], handler: @escaping (Self, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        if let view = viewIfLoaded, view.traitState.reported == nil { view.traitState.reported = view.traitCollection }
        return traitState.register(traits, handler: handler)
    }
}

extension UIViewController: UITraitChangeObservable {
    /// Stops a registration's handler running.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitState.registrations.removeAll { $0 === registration }
    }
}

extension UIView: UITraitChangeObservable {
    /// Stops a registration's handler running.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitState.registrations.removeAll { $0 === registration }
    }

    /// Checks whether the view's traits changed (it moved, or an override changed): if so, its dynamic background
    /// is resolved again, `traitCollectionDidChange(_:)` (the view's, and its controller's) and the registered
    /// handlers run, and its subviews are checked in turn. Unchanged traits stop the walk: subviews inherit them.
    func traitsMayHaveChanged() {
        let now = traitCollection
        let previous = traitState.reported ?? UITraitCollection()
        guard now != previous else { traitState.reported = now; return }
        traitState.reported = now
        if let dynamic = traitState.dynamicBackground { layer.backgroundColor = dynamic.resolvedColor(with: now).cgColor }
        traitCollectionDidChange(previous)
        traitState.notify(self, now: now, previous: previous)
        if let controller = owningViewController {
            controller.traitCollectionDidChange(previous)
            controller.traitState.notify(controller, now: now, previous: previous)
        }
        for subview in subviews { subview.traitsMayHaveChanged() }
    }
}

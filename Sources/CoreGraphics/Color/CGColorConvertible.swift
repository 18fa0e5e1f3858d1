/// A value that stands for a `CGColor` — Calyx's bridge for types such as UIKit's `UIColor`, so that text
/// attributes and layer properties accept them where Apple's frameworks do.
public protocol CGColorConvertible {
    /// The colour as a `CGColor`.
    var cgColor: CGColor { get }
}

extension CGColor: CGColorConvertible {
    /// The colour itself.
    public var cgColor: CGColor { self }
}

import QuartzCore

/// One length of a compositional layout item or group: absolute, a fraction of its container's width or height,
/// or an estimate.
///
/// An item's container is the group that holds it; a top-level group's container is its section, the collection
/// view's visible size less the content and section insets. Calyx does not measure cells yet, so an estimated
/// length is used as if it were absolute.
public final class NSCollectionLayoutDimension: NSObject, NSCopying, @unchecked Sendable {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }

    let kind: Kind
    /// The fraction, or the length in points.
    public let dimension: CGFloat

    init(kind: Kind, dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// A length that is `fractionalWidth` of the container's width.
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(kind: .fractionalWidth, dimension: fractionalWidth) }
    /// A length that is `fractionalHeight` of the container's height.
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(kind: .fractionalHeight, dimension: fractionalHeight) }
    /// A length of `absoluteDimension` points.
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(kind: .absolute, dimension: absoluteDimension) }
    /// A length estimated at `estimatedDimension` points (used as it is: cells are not measured yet).
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(kind: .estimated, dimension: estimatedDimension) }

    /// Whether the length is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the length is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the length is in points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the length is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The same dimension (dimensions never change).
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The length in a container of `container` points; anything not finite and at least 0 is 0.
    func length(in container: CGSize) -> CGFloat {
        let value: CGFloat
        switch kind {
        case .fractionalWidth: value = dimension * container.width
        case .fractionalHeight: value = dimension * container.height
        case .absolute, .estimated: value = dimension
        }
        return value.isFinite && value >= 0 ? value : 0
    }
}

/// The width and height of a compositional layout item or group.
open class NSCollectionLayoutSize: NSObject, NSCopying, @unchecked Sendable {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension

    /// A size from its two dimensions.
    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The same size (sizes never change).
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The size in a container of `container` points.
    func size(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.length(in: container), height: heightDimension.length(in: container))
    }
}

/// The space between the items of a group: fixed, or flexible — at least `spacing`, sharing what is left over.
public final class NSCollectionLayoutSpacing: NSObject, NSCopying, @unchecked Sendable {
    /// The space in points (the least, when flexible).
    public let spacing: CGFloat
    /// Whether the items share the group's spare room between them.
    public let isFlexibleSpacing: Bool
    /// Whether the space is exactly `spacing`.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing.isFinite && spacing >= 0 ? spacing : 0
        self.isFlexibleSpacing = flexible
    }

    /// At least `flexibleSpacing` points, the group's spare room shared between its items.
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(spacing: flexibleSpacing, flexible: true) }
    /// Exactly `fixedSpacing` points.
    public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(spacing: fixedSpacing, flexible: false) }

    /// The same spacing (spacings never change).
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Space kept around one item inside its group, on each edge (a flexible spacing counts as its least amount).
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying, @unchecked Sendable {
    /// The space before the item's leading edge.
    public let leading: NSCollectionLayoutSpacing?
    /// The space above the item.
    public let top: NSCollectionLayoutSpacing?
    /// The space after the item's trailing edge.
    public let trailing: NSCollectionLayoutSpacing?
    /// The space below the item.
    public let bottom: NSCollectionLayoutSpacing?

    /// Edge spacing from each edge's spacing (nil for none).
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }

    /// The same edge spacing (edge spacings never change).
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

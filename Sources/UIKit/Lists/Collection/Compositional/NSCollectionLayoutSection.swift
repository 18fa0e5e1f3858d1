import QuartzCore

/// How a compositional layout section's groups run, with UIKit's raw values. Any behaviour but `.none` lays the
/// section's groups side by side across the collection view's scrolling direction, in one band.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// Groups follow one another in the collection view's scrolling direction.
    case none
    /// Groups run across in one band that scrolls freely.
    case continuous
    /// Groups run across in one band that stops at a group's leading edge.
    case continuousGroupLeadingBoundary
    /// Groups run across in one band that pages by the collection view's width.
    case paging
    /// Groups run across in one band that pages group by group.
    case groupPaging
    /// Groups run across in one band that pages group by group, each centred.
    case groupPagingCentered
}

/// A section of a compositional layout: one group, repeated until the section's items are placed.
open class NSCollectionLayoutSection: NSObject, NSCopying, @unchecked Sendable {
    /// The group the section repeats.
    public let group: NSCollectionLayoutGroup
    /// Space around the section's groups; the groups' fractional sizes are fractions of what is left.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// The space between consecutive groups.
    open var interGroupSpacing: CGFloat = 0
    /// Whether the groups run across the scrolling direction (see the enumeration; the band does not scroll on
    /// its own in Calyx yet).
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none

    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    /// A copy with the same group, insets and spacing.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        return copy
    }
}

/// The space a compositional layout lays its sections out in.
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    /// The collection view's size.
    var contentSize: CGSize { get }
    /// The size inside the content insets.
    var effectiveContentSize: CGSize { get }
    /// The collection view's content insets.
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// The content insets in effect.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider knows when it makes a section: the container and the traits.
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    /// The space the sections are laid out in.
    var container: any NSCollectionLayoutContainer { get }
    /// The collection view's traits.
    var traitCollection: UITraitCollection { get }
}

/// The container and environment handed to section providers.
final class CompositionalLayoutEnvironment: NSObject, NSCollectionLayoutEnvironment, NSCollectionLayoutContainer, @unchecked Sendable {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let traitCollection: UITraitCollection

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets, traitCollection: UITraitCollection) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.traitCollection = traitCollection
    }

    var container: any NSCollectionLayoutContainer { self }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(contentSize.width - contentInsets.leading - contentInsets.trailing, 0),
               height: max(contentSize.height - contentInsets.top - contentInsets.bottom, 0))
    }
}

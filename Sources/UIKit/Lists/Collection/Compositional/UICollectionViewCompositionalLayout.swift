import QuartzCore

/// Makes a compositional layout's section for a section index, given the environment.
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Settings of a whole compositional layout.
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, @unchecked Sendable {
    /// The direction the content scrolls, in which sections follow one another (vertical by default).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between consecutive sections.
    open var interSectionSpacing: CGFloat = 0

    /// The default configuration.
    public override init() { super.init() }
}

/// A layout composed of sections, groups and items, each sized absolutely or as a fraction of what holds it.
///
/// Each section repeats its group until its items are placed: down the content (or across it, when the section
/// scrolls orthogonally), `interGroupSpacing` apart, inside the section's content insets. Sections follow one
/// another `interSectionSpacing` apart. The container is the collection view's bounds less its adjusted content
/// insets. Supplementary items (headers, footers, badges), list configurations, custom groups and self-sizing
/// (estimated dimensions are used as absolute ones) are not built yet; an orthogonally scrolling section lays its
/// groups out in one band that does not scroll on its own.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout, @unchecked Sendable {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    /// The layout's settings; setting them lays the items out anew.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    private var frames: [[CGRect]] = []
    private var contentSize: CGSize = .zero

    /// A layout whose every section is `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout whose every section is `section`, with `configuration`.
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }
    /// A layout that asks `sectionProvider` for each section.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout that asks `sectionProvider` for each section, with `configuration`.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// Places every item of every section.
    open override func prepare() {
        super.prepare()
        frames = []
        contentSize = .zero
        guard let collectionView, let dataSource = collectionView.dataSource else { return }
        let vertical = configuration.scrollDirection == .vertical
        let inset = collectionView.adjustedContentInset
        let environment = CompositionalLayoutEnvironment(
            contentSize: collectionView.bounds.size,
            contentInsets: NSDirectionalEdgeInsets(top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right),
            traitCollection: collectionView.traitCollection)
        let visible = environment.effectiveContentSize
        let sectionSpacing = CompositionalPlacement.length(configuration.interSectionSpacing)
        var cursor: CGFloat = 0, widest: CGFloat = 0
        for index in 0..<max(dataSource.numberOfSections(in: collectionView), 0) {
            let count = dataSource.collectionView(collectionView, numberOfItemsInSection: index)
            guard let section = sectionProvider(index, environment) else { frames.append([]); continue }
            let insets = section.contentInsets
            let (left, right) = (CompositionalPlacement.length(insets.leading), CompositionalPlacement.length(insets.trailing))
            let (top, bottom) = (CompositionalPlacement.length(insets.top), CompositionalPlacement.length(insets.bottom))
            let container = CGSize(width: max(visible.width - left - right, 0), height: max(visible.height - top - bottom, 0))
            if index > 0 { cursor += sectionSpacing }
            let origin = vertical ? CGPoint(x: left, y: cursor + top) : CGPoint(x: cursor + left, y: top)
            var placement = CompositionalPlacement(itemCount: count)
            let extent = placement.place(section, at: origin, container: container, vertical: vertical)
            frames.append(placement.frames)
            cursor += vertical ? top + extent.height + bottom : left + extent.width + right
            widest = max(widest, vertical ? left + extent.width + right : top + extent.height + bottom)
        }
        let size = vertical ? CGSize(width: max(visible.width, widest), height: cursor)
                            : CGSize(width: cursor, height: max(visible.height, widest))
        contentSize = CGSize(width: CompositionalPlacement.length(size.width), height: CompositionalPlacement.length(size.height))
    }

    /// The extent of all the sections.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// The attributes of the items whose frames meet `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cellAttributes(of: frames, meeting: rect)
    }

    /// The attributes of one item (nil beyond the data, or for an item its section had no room for).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cellAttributes(of: frames, at: indexPath)
    }
}

extension UICollectionView {
    /// The directions a collection view's layout scrolls (UIKit's Swift name for `UICollectionViewScrollDirection`).
    public typealias ScrollDirection = UICollectionViewScrollDirection
}

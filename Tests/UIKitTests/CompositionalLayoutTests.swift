import Foundation
import Testing
import UIKit

/// `UICollectionViewCompositionalLayout` written as iOS code writes it: the grid, the fixed-count row, the
/// "one big and two stacked" nested group, section and item insets, a section provider, an orthogonal band.
/// Every expected frame is worked out by hand from the rules Apple's documentation states: an item's fractional
/// size is a fraction of its group, a top-level group's of the section's container (the collection view's bounds
/// less its content insets and the section's), a group made with `subitems:` repeats them while they fit, one made
/// with a count shares its length between that many copies, item content insets shrink the cell inside its size.
@Suite struct CompositionalLayoutTests {
    final class Items: NSObject, UICollectionViewDataSource {
        var counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    /// A 400 × 600 collection view showing `counts` items per section with `layout`.
    func collection(_ layout: UICollectionViewLayout, _ counts: [Int], inset: UIEdgeInsets = .zero) -> (UIWindow, UICollectionView, Items) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        window.makeKeyAndVisible()
        let items = Items(counts)
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        view.contentInset = inset
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
        window.addSubview(view)
        view.layoutIfNeeded()
        return (window, view, items)
    }

    func frame(_ view: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func size(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
    }

    @Test func aRowGroupRepeatsItsItemWhileItFitsMakingAGrid() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), [10])
        for index in 0..<10 {
            #expect(frame(view, index) == CGRect(x: CGFloat(index % 4) * 100, y: CGFloat(index / 4) * 100, width: 100, height: 100))
        }
        #expect(view.contentSize == CGSize(width: 400, height: 300))
        #expect(view.visibleCells.count == 10)
        #expect(view.cellForItem(at: IndexPath(item: 9, section: 0))?.frame == CGRect(x: 100, y: 200, width: 100, height: 100))
        _ = window
    }

    @Test func aCountedGroupSharesItsWidthAndItemInsetsShrinkTheCell() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(999), .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 4, bottom: 5, trailing: 6)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(20)
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), [4])
        // (400 − 2 × 20) / 3 = 120 each, at 0, 140, 280; the cell is 4 in from the leading and 6 from the trailing edge.
        #expect(frame(view, 0) == CGRect(x: 4, y: 5, width: 110, height: 50))
        #expect(frame(view, 1) == CGRect(x: 144, y: 5, width: 110, height: 50))
        #expect(frame(view, 2) == CGRect(x: 284, y: 5, width: 110, height: 50))
        #expect(frame(view, 3) == CGRect(x: 4, y: 65, width: 110, height: 50))
        _ = window
    }

    @Test func sectionInsetsShrinkTheContainerAndGroupsAreSpacedApart() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 20)
        section.interGroupSpacing = 8
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: section), [3])
        // The container is 400 − 40 = 360 wide: groups 360 × 90, items 180 × 90.
        #expect(frame(view, 0) == CGRect(x: 20, y: 10, width: 180, height: 90))
        #expect(frame(view, 1) == CGRect(x: 200, y: 10, width: 180, height: 90))
        #expect(frame(view, 2) == CGRect(x: 20, y: 108, width: 180, height: 90))
        #expect(view.contentSize == CGSize(width: 400, height: 10 + 90 + 8 + 90 + 30))
        _ = window
    }

    @Test func aNestedGroupPutsOneLargeItemBesideTwoStackedOnes() {
        let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.75), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let stack = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, stack])
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), [5])
        #expect(frame(view, 0) == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(frame(view, 1) == CGRect(x: 300, y: 0, width: 100, height: 100))
        #expect(frame(view, 2) == CGRect(x: 300, y: 100, width: 100, height: 100))
        #expect(frame(view, 3) == CGRect(x: 0, y: 200, width: 300, height: 200))
        #expect(frame(view, 4) == CGRect(x: 300, y: 200, width: 100, height: 100))
        _ = window
    }

    @Test func flexibleSpacingSharesTheRoomLeftBetweenItems() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(80), .absolute(80)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(80)),
                                                       subitems: [item, item, item])
        group.interItemSpacing = .flexible(50)
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), [4])
        // Four 80s need 3 × 50 + 320 = 470 > 400, so three fit; (400 − 240) / 2 = 80 between them.
        #expect(frame(view, 0)?.minX == 0)
        #expect(frame(view, 1)?.minX == 160)
        #expect(frame(view, 2)?.minX == 320)
        #expect(frame(view, 3) == CGRect(x: 0, y: 80, width: 80, height: 80))
        _ = window
    }

    @Test func aSectionProviderSeesTheContainerAndMakesEachSection() {
        var seen: [CGSize] = []
        let layout = UICollectionViewCompositionalLayout { index, environment in
            seen.append(environment.container.effectiveContentSize)
            let columns = index == 0 ? 2 : 4
            let item = NSCollectionLayoutItem(layoutSize: self.size(.fractionalWidth(1 / CGFloat(columns)), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: self.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 12
        layout.configuration = configuration
        let (window, view, _) = collection(layout, [3, 5], inset: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
        #expect(seen.last == CGSize(width: 360, height: 600))
        // Section 0: two 180-wide columns, two rows (100 deep); section 1 starts 12 below, four 90-wide columns.
        #expect(frame(view, 2, 0) == CGRect(x: 0, y: 50, width: 180, height: 50))
        #expect(frame(view, 0, 1) == CGRect(x: 0, y: 112, width: 90, height: 50))
        #expect(frame(view, 4, 1) == CGRect(x: 0, y: 162, width: 90, height: 50))
        #expect(view.contentSize == CGSize(width: 360, height: 212))
        _ = window
    }

    @Test func anOrthogonalSectionRunsItsGroupsAcrossInOneBand() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(0.8), .absolute(120)), subitems: [item])
        let band = NSCollectionLayoutSection(group: group)
        band.orthogonalScrollingBehavior = .groupPaging
        band.interGroupSpacing = 10
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: band), [3])
        #expect(frame(view, 0) == CGRect(x: 0, y: 0, width: 320, height: 120))
        #expect(frame(view, 1) == CGRect(x: 330, y: 0, width: 320, height: 120))
        #expect(frame(view, 2) == CGRect(x: 660, y: 0, width: 320, height: 120))
        #expect(view.contentSize.height == 120)
        _ = window
    }

    @Test func aHorizontalLayoutStacksGroupsToTheRight() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.absolute(150), .fractionalHeight(1)), subitems: [item])
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: column), configuration: configuration)
        let (window, view, _) = collection(layout, [5])
        #expect(frame(view, 1) == CGRect(x: 0, y: 300, width: 150, height: 300))
        #expect(frame(view, 2) == CGRect(x: 150, y: 0, width: 150, height: 300))
        #expect(frame(view, 4) == CGRect(x: 300, y: 0, width: 150, height: 300))
        #expect(view.contentSize == CGSize(width: 450, height: 600))
        _ = window
    }

    @Test func scrollingAThousandItemGridReusesAScreenfulOfCells() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(1.0 / 3)), subitems: [item])
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), [1000])
        var cells = Set<ObjectIdentifier>()
        for step in 0..<60 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 700)
            view.layoutIfNeeded()
            for cell in view.visibleCells { cells.insert(ObjectIdentifier(cell)) }
        }
        // 600 / 133.3 rows: five rows showing at most, so at most 3 × 6 cells ever exist.
        #expect(cells.count <= 18)
        // 1000 items make 334 rows (the last holds one) of 400 / 3 points.
        #expect(abs(view.contentSize.height - 334 * 400 / 3) < 0.001)
        _ = window
    }

    @Test func hostileSizesNeitherHangNorPlaceNonFiniteFrames() {
        let nothing = NSCollectionLayoutItem(layoutSize: size(.absolute(0), .absolute(.nan)))
        let infinite = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(.infinity), .absolute(-5)))
        let empty = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(10), .absolute(10)), subitems: [])
        let none = NSCollectionLayoutGroup.vertical(layoutSize: size(.absolute(10), .absolute(10)), repeatingSubitem: nothing, count: -3)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(.nan)),
                                                       subitems: [nothing, infinite, empty, none])
        group.interItemSpacing = .flexible(.infinity)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = -.infinity
        let (window, view, _) = collection(UICollectionViewCompositionalLayout(section: section), [2_000])
        let frames = (0..<2_000).compactMap { frame(view, $0) }
        #expect(frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite && $0.height.isFinite })
        #expect(view.contentSize.width.isFinite && view.contentSize.height.isFinite)
        // A section whose group holds no items places none, rather than repeating for ever.
        let (window2, view2, _) = collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: empty)), [5])
        #expect(frame(view2, 0) == nil && view2.contentSize.height == 0)
        _ = (window, window2)
    }
}

import Foundation
import Testing
import UIKit

/// `UICollectionView` written as iOS code writes it: a flow layout grid over an array, registered cells, reuse
/// while scrolling, batch updates, a layout change and a diffable data source. Expected frames follow from the
/// flow layout's rules as Apple's programming guide states them (full lines justified, the last line from the
/// leading edge with the minimum spacing, items centred on their line); expected mid-animation positions from the
/// 0.3 s ease-in-out curve (symmetric: half way in time is half way in distance).
@Suite struct CollectionViewTests {
    final class Items: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var items: [Int]
        var sizes: [CGSize]?
        var displayed: [Int] = []
        var ended: [Int] = []
        var selected: [IndexPath] = []
        init(_ count: Int) { items = Array(0..<count) }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.tag = items[indexPath.item]
            cell.contentView.backgroundColor = .systemBlue
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            sizes?[indexPath.item] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
        func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            displayed.append(indexPath.item)
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
        func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            ended.append(indexPath.item)
        }
    }

    /// A 320 × 480 window filled by a collection view with a flow layout of `itemSize` items 10 points apart.
    func grid(_ items: Items, itemSize: CGSize = CGSize(width: 100, height: 100)) -> (UIWindow, UICollectionView, UICollectionViewFlowLayout) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = itemSize
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
        view.delegate = items
        window.addSubview(view)
        CATransaction.flush()
        return (window, view, layout)
    }

    func frame(_ view: UICollectionView, _ item: Int) -> CGRect? { view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame }

    @Test func flowLayoutFillsLinesJustifiedAndStartsTheLastAtTheLeadingEdge() {
        withClock { _ in
            let items = Items(8)
            let (window, view, layout) = grid(items, itemSize: CGSize(width: 80, height: 80))
            layout.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 10)
            view.layoutIfNeeded()
            // 300 points across: three 80-point items fit (260 with 10-point gaps), four do not (350). A full line
            // shares its 60 spare points: gaps of 30. The last line (two items) keeps the 10-point minimum.
            #expect(frame(view, 0) == CGRect(x: 10, y: 5, width: 80, height: 80))
            #expect(frame(view, 1) == CGRect(x: 120, y: 5, width: 80, height: 80))
            #expect(frame(view, 2) == CGRect(x: 230, y: 5, width: 80, height: 80))
            #expect(frame(view, 3) == CGRect(x: 10, y: 95, width: 80, height: 80))
            #expect(frame(view, 6) == CGRect(x: 10, y: 185, width: 80, height: 80))
            #expect(frame(view, 7) == CGRect(x: 100, y: 185, width: 80, height: 80))
            #expect(view.contentSize == CGSize(width: 320, height: 5 + 80 * 3 + 10 * 2 + 15))
            // Items of different heights are centred on their line, whose height is the tallest's.
            items.sizes = [CGSize(width: 100, height: 40), CGSize(width: 100, height: 100), CGSize(width: 80, height: 60)] + Array(repeating: CGSize(width: 50, height: 50), count: 5)
            layout.invalidateLayout()
            view.layoutIfNeeded()
            #expect(frame(view, 0)?.minY == CGFloat(35) && frame(view, 1)?.minY == CGFloat(5) && frame(view, 2)?.minY == CGFloat(25))
            #expect(frame(view, 3)?.minY == CGFloat(115), "the second line starts below the first line’s tallest item")
            withExtendedLifetime(window) {}
        }
    }

    @Test func aThousandItemsMakeAScreenfulOfCells() {
        withClock { _ in
            let items = Items(1_000)
            let (window, view, _) = grid(items)
            // 100-point items: three to a 320-point line (exactly: 300 + 2 × 10), lines 110 points apart.
            let expectedHeight: CGFloat = 334 * 100 + 333 * 10
            #expect(view.contentSize.height - expectedHeight == 0, "off by \(view.contentSize.height - expectedHeight)")
            // 480 / 110: lines 0 to 4 meet the screen, fifteen cells.
            #expect(view.visibleCells.count == 15 && items.displayed == Array(0..<15))
            for step in 1...100 {
                view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 330)
                view.layoutIfNeeded()
            }
            #expect(view.cellsCreated <= 18, "reuse keeps it to a screenful: \(view.cellsCreated)")
            // At 33,000 points the first line showing is line 300 (it starts at 33,000): items 900…
            #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 900, section: 0))
            #expect(view.visibleCells.first?.tag == 900 && view.visibleCells.first?.frame.minY == 33_000)
            withExtendedLifetime(window) {}
        }
    }

    @Test func batchUpdatesSlideSurvivorsAndFadeTheRest() {
        withClock { clock in
            let items = Items(5)
            let (window, view, _) = grid(items)
            let second = view.cellForItem(at: IndexPath(item: 1, section: 0))!
            let fourth = view.cellForItem(at: IndexPath(item: 3, section: 0))!
            let first = view.cellForItem(at: IndexPath(item: 0, section: 0))!
            var finished = false
            view.performBatchUpdates({
                items.items.remove(at: 0)
                items.items.append(99)
                view.deleteItems(at: [IndexPath(item: 0, section: 0)])
                view.insertItems(at: [IndexPath(item: 4, section: 0)])
            }, completion: { finished = $0 })
            // Item 1 slides from x 110 to 0 (centre 160 → 50); item 3 from the second line's start to the first
            // line's end (centre (50, 160) → (270, 50)); item 0 fades where it was; the new item fades in.
            advance(clock, to: 0.15)
            #expect(abs(second.layer.presentation()!.position.x - 105) < 0.5)
            #expect(abs(fourth.layer.presentation()!.position.x - 160) < 0.5 && abs(fourth.layer.presentation()!.position.y - 105) < 0.5)
            #expect(abs(Double(first.layer.presentation()!.opacity) - 0.5) < 0.01 && first.layer.presentation()!.position.x == 50)
            let added = view.cellForItem(at: IndexPath(item: 4, section: 0))!
            #expect(abs(Double(added.layer.presentation()!.opacity) - 0.5) < 0.01 && added.frame.origin == CGPoint(x: 110, y: 110))
            advance(clock, to: 0.4)
            #expect(finished && first.superview == nil && second.frame.minX == 0 && fourth.frame.origin == CGPoint(x: 220, y: 0))
            #expect(view.visibleCells.map(\.tag) == [1, 2, 3, 4, 99])
            // Counts that do not add up reload instead of animating (UIKit raises).
            view.insertItems(at: [IndexPath(item: 0, section: 0)])
            #expect(view.visibleCells.count == 5)
            withExtendedLifetime(window) {}
        }
    }

    @Test func aNewLayoutMovesEveryCellWithAnimation() {
        withClock { clock in
            let items = Items(6)
            let (window, view, _) = grid(items)
            let cell = view.cellForItem(at: IndexPath(item: 4, section: 0))!   // (110, 110) at 100 points
            let list = UICollectionViewFlowLayout()
            list.itemSize = CGSize(width: 320, height: 40)
            list.minimumLineSpacing = 0
            var finished = false
            view.setCollectionViewLayout(list, animated: true) { finished = $0 }
            #expect(list.collectionView === view && view.collectionViewLayout === list)
            // To a list of 40-point rows: item 4 goes to (0, 160), 320 × 40 — its centre from (160, 160) to (160, 180).
            advance(clock, to: 0.15)
            #expect(abs(cell.layer.presentation()!.position.y - 170) < 0.5)
            #expect(abs(cell.layer.presentation()!.bounds.width - 210) < 0.5)
            advance(clock, to: 0.4)
            #expect(finished && cell.frame == CGRect(x: 0, y: 160, width: 320, height: 40))
            withExtendedLifetime(window) {}
        }
    }

    @Test func aDiffableDataSourceAnimatesTheDifferencesByIdentity() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.makeKeyAndVisible()
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            window.addSubview(view)
            let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
                let cell = view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                cell.accessibilityIdentifier = name
                return cell
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["A", "B", "C"])
            source.apply(snapshot, animatingDifferences: false)
            view.layoutIfNeeded()
            let c = view.cellForItem(at: IndexPath(item: 2, section: 0))!
            let b = view.cellForItem(at: IndexPath(item: 1, section: 0))!
            #expect(c.accessibilityIdentifier == "C")
            var next = NSDiffableDataSourceSnapshot<Int, String>()
            next.appendSections([0])
            next.appendItems(["C", "A", "D"])
            var done = false
            source.apply(next) { done = true }
            // C slides from x 220 to 0 (centre 270 → 50); B fades out; D fades in at x 220.
            advance(clock, to: 0.15)
            #expect(abs(c.layer.presentation()!.position.x - 160) < 0.5)
            #expect(abs(Double(b.layer.presentation()!.opacity) - 0.5) < 0.01)
            advance(clock, to: 0.4)
            #expect(done && view.visibleCells.map(\.accessibilityIdentifier) == ["C", "A", "D"])
            #expect(source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == "D" && source.indexPath(for: "A") == IndexPath(item: 1, section: 0))
            #expect(source.snapshot().itemIdentifiers == ["C", "A", "D"] && b.superview == nil)
            withExtendedLifetime(window) {}
        }
    }

    @Test func tappingAnItemSelectsIt() {
        withClock { _ in
            let items = Items(6)
            let (window, view, _) = grid(items)
            window.sendPointer(.began, at: CGPoint(x: 150, y: 150), timestamp: 0)
            window.sendPointer(.ended, at: CGPoint(x: 150, y: 150), timestamp: 0.05)
            #expect(items.selected == [IndexPath(item: 4, section: 0)] && view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
            #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
            withExtendedLifetime(window) {}
        }
    }

    @Test func hostileSizesAndCountsLayOutWithoutTrapping() {
        withClock { _ in
            let items = Items(4)
            items.sizes = [CGSize(width: CGFloat.nan, height: 10), CGSize(width: -5, height: CGFloat.infinity),
                           CGSize(width: 1e300, height: 1e300), CGSize(width: 10, height: 10)]
            let (window, view, layout) = grid(items)
            layout.minimumLineSpacing = .nan
            layout.sectionInset = UIEdgeInsets(top: CGFloat.infinity, left: -1e12, bottom: 0, right: 0)
            view.layoutIfNeeded()
            #expect(view.contentSize.width.isFinite && view.contentSize.height.isFinite)
            view.scrollToItem(at: IndexPath(item: 99, section: 7), at: .centeredVertically, animated: false)
            #expect(view.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) == nil)
            withExtendedLifetime(window) {}
        }
    }

    /// Items leaving the screen are reported in item order (never a dictionary's per-process order), and
    /// `reloadData()` hands every cell on screen back for reuse and asks the data source again.
    @Test func itemsThatLeaveAreReportedInOrderAndReloadingAsksForCellsAgain() {
        withClock { _ in
            let items = Items(300)
            let (window, view, _) = grid(items)
            view.contentOffset = CGPoint(x: 0, y: 3300)
            view.layoutIfNeeded()
            #expect(items.ended == Array(0..<15), "\(items.ended)")
            items.items[90] = 1234
            view.reloadData()
            view.layoutIfNeeded()
            #expect(view.cellForItem(at: IndexPath(item: 90, section: 0))?.tag == 1234)
            withExtendedLifetime(window) {}
        }
    }
}

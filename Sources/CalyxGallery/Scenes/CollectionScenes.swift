import UIKit

/// Lists: a flow layout that changes from a list to a grid with animation, a diffable data source animating the
/// differences between two snapshots — each item found by its identity, sliding to its new place, while the new
/// ones fade in and the gone ones fade out — and a table whose cells slide in as they come on screen.
extension Gallery {
    static let collectionScenes: [GalleryScene] = [
        GalleryScene("collection-list-to-grid", "App UIKit", "UICollectionView.setCollectionViewLayout(_:animated:): six rows of a flow-layout list become a three-column grid, every cell sliding and resizing to its new place, and back",
                     duration: 2.0, probes: [.init(60, 60, tileColors[2]), .init(100, 96, tileColors[4])],
                     changes: [.init(time: 0.3, apply: { changeLayout($0, toGrid: true) }), .init(time: 1.2, apply: { changeLayout($0, toGrid: false) })],
                     build: listScreen),
        GalleryScene("collection-diffable-update", "App UIKit", "UICollectionViewDiffableDataSource.apply: a new snapshot drops one tile, adds one and shuffles the rest; each tile slides to its new place by identity",
                     duration: 2.0, probes: [.init(22, 22, tileColors[0]), .init(60, 60, tileColors[4])],
                     changes: [.init(time: 0.3, apply: { applyTiles($0, ["F", "A", "G", "C", "E", "B"]) }),
                               .init(time: 1.2, apply: { applyTiles($0, ["A", "B", "C", "D", "E", "F"]) })],
                     build: tilesScreen),
        GalleryScene("table-cells-slide-in", "App UIKit", "tableView(_:willDisplay:forRowAt:) starting an appearance animation: as the table scrolls, each row that comes on screen slides in from the right and fades in",
                     duration: 2.4, probes: [.init(60, 6, rgb(0.75, 0.85, 1))],
                     changes: [.init(time: 0.4, apply: { scrollTable($0, to: 150) }), .init(time: 1.3, apply: { scrollTable($0, to: 0) })],
                     build: slidingTableScreen),
    ]

    /// Six hues, one per tile (and a seventh for the tile that arrives).
    static let tileColors: [CGColor] = [rgb(0.9, 0.3, 0.25), rgb(0.95, 0.6, 0.15), rgb(0.95, 0.85, 0.2), rgb(0.3, 0.75, 0.35),
                                        rgb(0.2, 0.5, 0.9), rgb(0.6, 0.35, 0.85), rgb(0.2, 0.2, 0.25)]

    /// A 108 × 16 row layout (list) or a 32-point three-column grid, inset 6 points from the stage's edges.
    static func tileLayout(grid: Bool) -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = grid ? CGSize(width: 32, height: 32) : CGSize(width: 108, height: 16)
        layout.minimumLineSpacing = grid ? 6 : 4
        layout.minimumInteritemSpacing = 4
        layout.sectionInset = UIEdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
        return layout
    }

    /// Colours cells by their item's name ("A" is the first colour).
    final class Tiles: NSObject, UICollectionViewDataSource, @unchecked Sendable {
        var names = ["A", "B", "C", "D", "E", "F"]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { names.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            Gallery.tileCell(collectionView, indexPath, names[indexPath.item])
        }
    }

    static func tileCell(_ view: UICollectionView, _ indexPath: IndexPath, _ name: String) -> UICollectionViewCell {
        let cell = view.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        let index = Int(name.unicodeScalars.first!.value) - 65
        cell.contentView.backgroundColor = UIColor(cgColor: tileColors[min(max(index, 0), tileColors.count - 1)])
        cell.contentView.layer.cornerRadius = 4
        return cell
    }

    static func collectionView(in window: UIWindow, grid: Bool) -> UICollectionView {
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: tileLayout(grid: grid))
        view.backgroundColor = .white
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        window.addSubview(view)
        return view
    }

    static func listScreen() -> CALayer {
        let window = window()
        let tiles = Tiles()
        keep(tiles)
        collectionView(in: window, grid: false).dataSource = tiles
        CATransaction.flush()
        return window.layer
    }

    static func changeLayout(_ root: CALayer, toGrid grid: Bool) {
        guard let window = root.delegate as? UIWindow, let view = window.subviews.first as? UICollectionView else { return }
        view.setCollectionViewLayout(tileLayout(grid: grid), animated: true)
    }

    static func tilesScreen() -> CALayer {
        let window = window()
        let view = collectionView(in: window, grid: true)
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, name in
            tileCell(view, indexPath, name)
        }
        keep(source)
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["A", "B", "C", "D", "E", "F"])
        source.apply(snapshot, animatingDifferences: false)
        CATransaction.flush()
        return window.layer
    }

    static func applyTiles(_ root: CALayer, _ names: [String]) {
        guard let window = root.delegate as? UIWindow, let view = window.subviews.first as? UICollectionView,
              let source = view.dataSource as? UICollectionViewDiffableDataSource<Int, String> else { return }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        source.apply(snapshot)
    }

    // MARK: Cells that slide in

    /// Numbered rows whose cells slide in from the right as the table displays them.
    final class SlidingRows: NSObject, UITableViewDataSource, UITableViewDelegate, @unchecked Sendable {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row + 1)"
            cell.textLabel?.font = .systemFont(ofSize: 11)
            cell.backgroundColor = indexPath.row % 2 == 0 ? UIColor(red: 0.75, green: 0.85, blue: 1, alpha: 1) : .white
            return cell
        }
        func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            cell.transform = CGAffineTransform(translationX: 60, y: 0)
            cell.alpha = 0
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseOut) {
                cell.transform = .identity
                cell.alpha = 1
            }
        }
    }

    static func slidingTableScreen() -> CALayer {
        let window = window()
        let rows = SlidingRows()
        keep(rows)
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 20
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        UIView.performWithoutAnimation { window.addSubview(table); table.layoutIfNeeded() }
        // The first screenful is already in place when the scene starts.
        for cell in table.visibleCells { cell.layer.removeAllAnimations(); cell.transform = .identity; cell.alpha = 1 }
        CATransaction.flush()
        return window.layer
    }

    static func scrollTable(_ root: CALayer, to y: CGFloat) {
        guard let window = root.delegate as? UIWindow, let table = window.subviews.first as? UITableView else { return }
        table.setContentOffset(CGPoint(x: 0, y: y), animated: true)
    }
}

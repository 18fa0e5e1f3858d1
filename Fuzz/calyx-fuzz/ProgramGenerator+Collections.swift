import CoreGraphics
import QuartzCore
import UIKit

/// What a program does with a collection view: a flow layout with hostile sizes, spacing and insets (or a custom
/// layout whose answers are hostile and whose `prepare()` invalidates itself), batch updates whose counts may not
/// add up, layout changes with and without animation, self-sizing cells, diffable snapshots with duplicates and missing anchors,
/// scrolling, selection and drags — and a delegate that reloads, updates and changes the layout from inside its
/// callbacks. Drawn after the table's script, from the same generator, so earlier programs keep their start.
struct CollectionScript {
    struct Step {
        let source: String
        let run: (CollectionStage) -> Void
    }
    let layout: FlowSettings
    let customLayout: Bool
    let counts: [Int]
    let editsInCallbacks: Bool
    let steps: [Step]

    /// A flow layout's settings, hostile or not.
    struct FlowSettings: CustomStringConvertible {
        let itemSize: CGSize, line: CGFloat, interitem: CGFloat, inset: UIEdgeInsets, horizontal: Bool
        init(_ values: inout HostileValues) {
            let w = values.number(-5, 150), h = values.number(-5, 80)
            itemSize = CGSize(width: w.value, height: h.value)
            line = CGFloat(values.number(-5, 20).value); interitem = CGFloat(values.number(-5, 20).value)
            let t = values.number(-10, 30).value, l = values.number(-10, 30).value
            inset = UIEdgeInsets(top: CGFloat(t), left: CGFloat(l), bottom: CGFloat(-t), right: CGFloat(l))
            horizontal = values.chance(0.3)
        }
        /// A number derived from the values already drawn, choosing among the compositional shapes without
        /// drawing more (so earlier programs keep their random stream).
        private var shape: Int {
            let parts = [line, interitem, itemSize.width].map { $0.magnitude < 1e6 ? Int($0.magnitude.rounded()) : 7 }
            return parts[0] + 3 * parts[1] + 7 * parts[2]
        }
        /// About one layout in three is compositional, built from the same hostile numbers.
        var compositional: Bool { shape % 3 == 0 }

        func make() -> UICollectionViewLayout {
            compositional ? makeCompositional() : makeFlow()
        }

        /// A compositional layout from the same numbers: fractional or absolute items, a repeating or counted row
        /// (sometimes beside a nested column), fixed or flexible spacing, section insets, and an orthogonal band.
        private func makeCompositional() -> UICollectionViewCompositionalLayout {
            let shape = self.shape
            let width: NSCollectionLayoutDimension = shape % 2 == 0 ? .fractionalWidth(itemSize.width / 150) : .absolute(itemSize.width)
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: width, heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right)
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: shape % 5 == 1 ? .estimated(itemSize.height) : .absolute(itemSize.height))
            let group: NSCollectionLayoutGroup
            switch shape % 4 {
            case 0: group = .horizontal(layoutSize: groupSize, repeatingSubitem: item, count: (line.magnitude < 1e6 ? Int(line.magnitude.rounded()) : 3) % 6)
            case 1:
                let column = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)),
                                                              repeatingSubitem: item, count: 2)
                group = .horizontal(layoutSize: groupSize, subitems: [item, column])
            default: group = .horizontal(layoutSize: groupSize, subitems: [item])
            }
            group.interItemSpacing = shape % 2 == 0 ? .fixed(interitem) : .flexible(interitem)
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right)
            section.interGroupSpacing = line
            section.orthogonalScrollingBehavior = shape % 5 == 0 ? .groupPaging : .none
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.scrollDirection = horizontal ? .horizontal : .vertical
            configuration.interSectionSpacing = interitem
            return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        }

        private func makeFlow() -> UICollectionViewFlowLayout {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = itemSize; layout.minimumLineSpacing = line; layout.minimumInteritemSpacing = interitem
            layout.sectionInset = inset; layout.scrollDirection = horizontal ? .horizontal : .vertical
            // About one flow layout in four sizes its items to their cells (their constraints around a wrapping label).
            if shape % 4 == 2 { layout.estimatedItemSize = shape % 8 == 6 ? UICollectionViewFlowLayout.automaticSize : itemSize }
            return layout
        }
        var description: String { "\(compositional ? "compositional" : "flow")(item \(itemSize), line \(line), interitem \(interitem), inset \(inset), horizontal \(horizontal))" }
    }

    init(_ values: inout HostileValues) {
        layout = FlowSettings(&values)
        customLayout = values.chance(0.25)
        counts = (0..<values.int(0...3)).map { _ in values.int(0...30) }
        editsInCallbacks = values.chance(0.3)
        steps = (0..<values.int(1...7)).map { _ in Self.step(&values) }
    }

    private static func step(_ values: inout HostileValues) -> Step {
        switch values.int(0...7) {
        case 0, 1:
            let edits = (0..<values.int(1...4)).map { _ in (kind: values.int(0...3), a: IndexPath(item: values.int(-1...32), section: values.int(-1...3)),
                                                             b: IndexPath(item: values.int(-1...32), section: values.int(-1...3))) }
            let fixes = values.chance(0.6)
            return Step(source: "collection performBatchUpdates \(edits.map { "\($0.kind):\($0.a)→\($0.b)" }) fixes counts \(fixes)") { stage in
                stage.view.performBatchUpdates({
                    for edit in edits { stage.edit(kind: edit.kind, edit.a, edit.b, fixingCounts: fixes) }
                }, completion: { _ in stage.world.completions += 1 })
            }
        case 2:
            let settings = FlowSettings(&values), animated = values.chance(0.7)
            return Step(source: "setCollectionViewLayout(\(settings), animated: \(animated))") { stage in
                stage.view.setCollectionViewLayout(settings.make(), animated: animated) { _ in stage.world.completions += 1 }
            }
        case 3:
            let names = (0..<values.int(0...12)).map { _ in values.int(0...15) }, animated = values.chance(0.7)
            let anchor = values.int(0...15), reload = values.int(0...15)
            return Step(source: "diffable apply \(names) insert before \(anchor), reload \(reload), animated \(animated)") { stage in
                stage.applySnapshot(names, insertingBefore: anchor, reloading: reload, animated: animated)
            }
        case 4:
            let path = IndexPath(item: values.int(-1...32), section: values.int(-1...3)), position = values.int(0...63), animated = values.chance(0.5)
            return Step(source: "scrollToItem(\(path), \(position)); selectItem") { stage in
                stage.view.scrollToItem(at: path, at: UICollectionView.ScrollPosition(rawValue: UInt(position)), animated: animated)
                stage.view.selectItem(at: path, animated: animated, scrollPosition: [])
                stage.world.observe(stage.view.indexPathsForSelectedItems)
            }
        case 5:
            let dt = values.number(-0.5, 1).value
            return Step(source: "clock.advance(by: \(dt))") { $0.advance(by: dt) }
        case 6:
            let points = (0..<values.int(1...4)).map { _ in values.point().value }
            return Step(source: "drag over the collection \(points)") { stage in
                for (k, p) in points.enumerated() {
                    stage.world.window.sendPointer(k == 0 ? .began : k == points.count - 1 ? .ended : .moved, at: p)
                    stage.advance(by: 0.02)
                }
            }
        default:
            let r = values.rect()
            return Step(source: "collection.frame = \(r.source); observe") { stage in
                stage.view.frame = r.value
                stage.view.layoutIfNeeded()
                stage.world.observe(stage.view.indexPathsForVisibleItems)
                stage.world.observe(stage.view.contentSize)
                stage.world.observe(stage.view.cellsCreated)
            }
        }
    }

    var source: String {
        "collection \(layout) custom \(customLayout) counts \(counts) edits in callbacks \(editsInCallbacks); " + steps.map(\.source).joined(separator: "; ")
    }

    func run(in world: ProgramWorld, frame: CGRect) {
        let stage = CollectionStage(script: self, world: world, frame: frame)
        for step in steps { step.run(stage) }
        world.observe(stage.view.contentOffset)
        world.keptAlive.append(stage)
    }
}

/// A layout whose answers are hostile: NaN centres, negative sizes, an invalidation from inside `prepare()`.
final class HostileLayout: UICollectionViewFlowLayout, @unchecked Sendable {
    private var preparing = false
    override func prepare() {
        super.prepare()
        guard !preparing else { return }
        preparing = true
        invalidateLayout()   // asks for another pass from inside this one
        preparing = false
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let found = super.layoutAttributesForElements(in: rect)
        for (k, attributes) in (found ?? []).enumerated() where k % 3 == 1 { attributes.center.x = .nan; attributes.size.height = -4 }
        return found
    }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        attributes?.transform3D = CATransform3DMakeScale(.infinity, 0, 1)
        return attributes
    }
}

/// The collection view, its data and a delegate that edits it from inside callbacks.
final class CollectionStage: NSObject, UICollectionViewDataSource, UICollectionViewDelegate, @unchecked Sendable {
    let view: UICollectionView
    unowned let world: ProgramWorld
    let script: CollectionScript
    var counts: [Int]
    var diffable: UICollectionViewDiffableDataSource<Int, Int>?
    private var editedInCallback = false

    init(script: CollectionScript, world: ProgramWorld, frame: CGRect) {
        self.script = script; self.world = world
        counts = script.counts
        let layout = script.customLayout ? HostileLayout() : script.layout.make()
        view = UICollectionView(frame: frame, collectionViewLayout: layout)
        super.init()
        view.register(SizingCell.self, forCellWithReuseIdentifier: "item")
        view.dataSource = self
        view.delegate = self
        world.window.addSubview(view)
        world.views.append(view); world.layers.append(view.layer)
    }

    func edit(kind: Int, _ a: IndexPath, _ b: IndexPath, fixingCounts: Bool) {
        let valid = a.count == 2 && counts.indices.contains(a.section)
        switch kind {
        case 0:
            if fixingCounts, valid { counts[a.section] += 1 }
            view.insertItems(at: [a])
        case 1:
            if fixingCounts, valid, counts[a.section] > 0 { counts[a.section] -= 1 }
            view.deleteItems(at: [a])
        case 2: view.reloadItems(at: [a])
        default: view.moveItem(at: a, to: b)
        }
    }

    func applySnapshot(_ names: [Int], insertingBefore anchor: Int, reloading reload: Int, animated: Bool) {
        let source = diffable ?? UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, name in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
            cell.tag = name
            return cell
        }
        diffable = source
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(names, toSection: names.count % 2)   // duplicates are dropped
        snapshot.insertItems([100 + anchor], beforeItem: anchor)  // the anchor may be missing
        snapshot.moveItem(anchor, afterItem: reload)
        snapshot.reloadItems([reload])
        source.apply(snapshot, animatingDifferences: animated) { self.world.completions += 1 }
        world.observe(source.snapshot().itemIdentifiers)
    }

    func advance(by dt: Double) { world.advanceClock(by: dt) }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? SizingCell)?.label.text = String(repeating: "item \(indexPath.item) ", count: abs(indexPath.item % 7))
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        guard script.editsInCallbacks, !editedInCallback else { return }
        editedInCallback = true
        collectionView.reloadData()
        collectionView.performBatchUpdates(nil)
        collectionView.setCollectionViewLayout(script.layout.make(), animated: true)
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        guard script.editsInCallbacks, counts.indices.contains(indexPath.section), counts[indexPath.section] > 0 else { return }
        counts[indexPath.section] -= 1
        collectionView.deleteItems(at: [IndexPath(item: 0, section: indexPath.section)])
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.scrollToItem(at: indexPath, at: .centeredVertically, animated: true)
    }
}

/// A cell whose content view holds a wrapping label pinned inside it: what self-sizing flow layouts measure.
final class SizingCell: UICollectionViewCell, @unchecked Sendable {
    let label = UILabel()
    required init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 4),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -4),
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 2),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -2),
        ])
    }
    required init?(coder: NSCoder) { nil }
}

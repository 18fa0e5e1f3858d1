import Foundation
import Testing
import UIKit

/// Self-sizing collection items as iOS code writes them: a flow layout with an `estimatedItemSize`, cells whose
/// content view holds Auto Layout constraints around a label, and a list cell that fixes its width in
/// `preferredLayoutAttributesFitting(_:)`. Expected sizes come from the label measured on its own (its intrinsic
/// size, or its wrapped size at the cell's width) plus the constraints' padding, so a layout that ignored the
/// cells, or measured them wrong, fails; positions follow the flow layout's line rules.
@Suite struct CollectionSelfSizingTests {
    static let words = ["A", "tag", "a longer tag", "wide tag with words", "x", "medium tag"]

    final class TagCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 4),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -4),
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    /// A one-column list cell: the width is the collection view's, the height what the wrapped label needs.
    final class ListCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 4),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -4),
            ])
        }
        required init?(coder: NSCoder) { nil }
        override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
            let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
            let fitting = contentView.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                              verticalFittingPriority: .fittingSizeLevel)
            attributes.size = CGSize(width: 300, height: fitting.height)
            return attributes
        }
    }

    final class Texts: NSObject, UICollectionViewDataSource {
        let texts: [String]
        var asked = 0
        init(_ texts: [String]) { self.texts = texts }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            asked += 1
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            (cell as? TagCell)?.label.text = texts[indexPath.item]
            (cell as? ListCell)?.label.text = texts[indexPath.item]
            return cell
        }
    }

    func collection(_ cellClass: UICollectionViewCell.Type, _ texts: Texts, estimated: CGSize) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        window.makeKeyAndVisible()
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = estimated
        layout.minimumInteritemSpacing = 6
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        view.register(cellClass, forCellWithReuseIdentifier: "cell")
        view.dataSource = texts
        window.addSubview(view)
        view.layoutIfNeeded()
        return (window, view)
    }

    func frame(_ view: UICollectionView, _ item: Int) -> CGRect { view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame ?? .null }

    @Test func tagCellsTakeTheirLabelsSizePlusTheirPadding() {
        let (window, view) = collection(TagCell.self, Texts(Self.words), estimated: UICollectionViewFlowLayout.automaticSize)
        for (item, word) in Self.words.enumerated() {
            let label = UILabel()
            label.text = word
            let expected = CGSize(width: (label.intrinsicContentSize.width + 16).rounded(.up), height: (label.intrinsicContentSize.height + 8).rounded(.up))
            #expect(frame(view, item).size == expected, "item \(item)")
        }
        // The first line holds items while they fit in 300 points, 6 apart; the second line starts at x = 0.
        var used: CGFloat = 0, firstOfSecondLine = Self.words.count
        for item in Self.words.indices {
            let width = frame(view, item).width
            if item > 0, used + 6 + width > 300 { firstOfSecondLine = item; break }
            used += (item > 0 ? 6 : 0) + width
        }
        #expect(firstOfSecondLine < Self.words.count)
        #expect(frame(view, 0).minX == 0)
        #expect(frame(view, firstOfSecondLine).minX == 0)
        #expect(frame(view, firstOfSecondLine).minY > frame(view, 0).maxY)
        _ = window
    }

    @Test func listCellsFixTheirWidthAndWrapToTheirHeight() {
        let texts = ["One line.", String(repeating: "A sentence long enough to wrap onto more lines. ", count: 3), "Short."]
        let (window, view) = collection(ListCell.self, Texts(texts), estimated: CGSize(width: 300, height: 44))
        var y: CGFloat = 0
        for (item, text) in texts.enumerated() {
            let label = UILabel()
            label.numberOfLines = 0
            label.text = text
            let height = (label.sizeThatFits(CGSize(width: 284, height: CGFloat.greatestFiniteMagnitude)).height + 8).rounded(.up)
            #expect(frame(view, item) == CGRect(x: 0, y: y, width: 300, height: height), "item \(item)")
            y += height + 10
        }
        #expect(frame(view, 1).height > 2 * frame(view, 0).height)
        _ = window
    }

    @Test func measuringReusesCellsAndNoEstimateMeansNoMeasuring() {
        let many = Texts((0..<60).map { "tag \($0)" })
        let (window, view) = collection(TagCell.self, many, estimated: CGSize(width: 40, height: 20))
        #expect(many.asked >= 60)
        #expect(view.cellsCreated <= view.visibleCells.count + 1)
        let fixed = Texts(Self.words)
        let (window2, view2) = collection(TagCell.self, fixed, estimated: .zero)
        #expect(fixed.asked == Self.words.count)
        #expect(frame(view2, 2).size == CGSize(width: 50, height: 50))
        _ = (window, window2)
    }
}

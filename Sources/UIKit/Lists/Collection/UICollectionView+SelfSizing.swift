import QuartzCore

extension UICollectionView {
    /// A self-sizing item's size: its cell, configured by the data source and proposed `proposed`, asked for its
    /// `preferredLayoutAttributesFitting(_:)`. The cell is kept for reuse afterwards. Flow layouts measure every
    /// item this way when they prepare (iOS measures items as they come on screen, from the estimate), so the
    /// cost grows with the number of items. Nil when there is no data source or the answer is not a size.
    func measuredItemSize(at indexPath: IndexPath, proposed: CGSize) -> CGSize? {
        guard let dataSource else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        let attributes = UICollectionViewLayoutAttributes.cell(at: indexPath, frame: CGRect(origin: .zero, size: proposed))
        if cell.superview == nil { UIView.performWithoutAnimation { cell.frame = attributes.frame } }
        let size = cell.preferredLayoutAttributesFitting(attributes).size
        if cell.superview == nil, let identifier = cell.reuseIdentifier, !(reusable[identifier] ?? []).contains(where: { $0 === cell }) {
            reusable[identifier, default: []].append(cell)
        }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { return nil }
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}

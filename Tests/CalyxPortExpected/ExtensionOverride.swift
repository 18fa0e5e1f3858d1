import UIKit

class PortedBadgeView: UIView {
    var count = 0

    /// Keeps the badge round.
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: 20 + 8 * CGFloat(String(count).count), height: 20)
    }
}

// MARK: - Layout

extension PortedBadgeView {
    func bump() {
        count += 1
        setNeedsLayout()
    }
}

import UIKit

protocol PortedSpinnerDelegate: AnyObject {
    func spinnerDidStart(_ spinner: PortedSpinnerView)
    func spinnerDidStop(_ spinner: PortedSpinnerView)
    func spinnerShouldAnimate(_ spinner: PortedSpinnerView) -> Bool
    func spinnerTitle(_ spinner: PortedSpinnerView) -> String?
}

final class PortedSpinnerView: UIView {
    weak var delegate: PortedSpinnerDelegate?

    func start() {
        guard delegate?.spinnerShouldAnimate(self) ?? true else { return }
        delegate?.spinnerDidStart(self)
        let title = delegate?.spinnerTitle(self) ?? "Loading"
        accessibilityLabel = title
    }

    func stop() {
        delegate?.spinnerDidStop(self)
    }
}

final class PortedSpinnerOwner: PortedSpinnerDelegate {
    func spinnerDidStart(_ spinner: PortedSpinnerView) {}
}

extension PortedSpinnerDelegate {
    func spinnerDidStop(_ spinner: PortedSpinnerView) {}
    func spinnerShouldAnimate(_ spinner: PortedSpinnerView) -> Bool { true }
    func spinnerTitle(_ spinner: PortedSpinnerView) -> String? { nil }
}

#if canImport(UIKit)
import UIKit
#elseif os(macOS)
import AppKit
#endif

#if canImport(UIKit)
/// A pulsing dot for iOS and tvOS.
final class PortedPulseView: UIView {
    func pulse() {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.3
        pulse.autoreverses = true
        layer.add(pulse, forKey: "pulse")
    }
}
#endif

#if os(iOS)
let portedPlatformName = "iOS"
#else
let portedPlatformName = "other"
#endif

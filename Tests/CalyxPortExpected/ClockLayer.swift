import UIKit

/// A clock face whose hand angle animates through Core Animation.
class PortedClockLayer: CALayer {
    @Managed var angle: CGFloat
    var tint: CGColor = UIColor.red.cgColor
    var lineWidth: CGFloat = 2

    override init() {
        super.init()
    }

    // Presentation copies come through here.
    required init(layer: Any) {
        if let other = layer as? PortedClockLayer {
            lineWidth = other.lineWidth // keep the stroke
            tint = other.tint
        }
        super.init(layer: layer)
        if let other = layer as? PortedClockLayer {
            needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "angle" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }

    func spin() {
        let animation = CABasicAnimation(keyPath: "angle")
        animation.toValue = CGFloat.pi * 2
        add(animation, forKey: "spin")
    }
}

final class PortedRingLayer: CAShapeLayer {
    @Managed var progress: CGFloat

    required init(layer: Any) {
        super.init(layer: layer)
        if let ring = layer as? PortedRingLayer {
            progress = ring.progress
        }
    }

    override init() { super.init() }
    required init?(coder: NSCoder) { nil }
}

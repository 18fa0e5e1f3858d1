import Testing
import Foundation
import UIKit

/// A view backed by a custom `CALayer` subclass through `layerClass`, as iOS code writes it: the layer is of that
/// class, keeps its own stored properties (copied into presentation layers by `init(layer:)`), and draws itself.
@Suite struct CustomLayerClassTests {
    final class RingLayer: CALayer, @unchecked Sendable {
        var ringColor: CGColor = UIColor.green.cgColor
        var lineWidth: CGFloat = 8

        override init() { super.init() }
        required init(layer: Any) {
            super.init(layer: layer)
            if let other = layer as? RingLayer { ringColor = other.ringColor; lineWidth = other.lineWidth }
        }
        required init?(coder: NSCoder) { fatalError() }

        override func draw(in ctx: CGContext) {
            ctx.setStrokeColor(ringColor)
            ctx.setLineWidth(lineWidth)
            ctx.strokeEllipse(in: bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2))
        }
    }

    final class RingView: UIView {
        override class var layerClass: AnyClass { RingLayer.self }
        var ringLayer: RingLayer { layer as! RingLayer }
    }

    final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
    }

    @Test func viewsAreBackedByTheirLayerClass() {
        withClock { _ in
            let ring = RingView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
            #expect(ring.layer is RingLayer && ring.layer.delegate === ring)
            #expect(ring.ringLayer.lineWidth == 8)
            let gradient = GradientView(frame: .zero)
            #expect(gradient.layer is CAGradientLayer)
            (gradient.layer as! CAGradientLayer).colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        }
    }

    @Test func theCustomLayerDrawsAndKeepsItsPropertiesInPresentation() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
            window.backgroundColor = .white
            let ring = RingView(frame: window.bounds)
            ring.ringLayer.ringColor = UIColor.blue.cgColor
            ring.ringLayer.setNeedsDisplay()
            window.addSubview(ring)
            CATransaction.flush()
            // Drawn by the commit (setNeedsDisplay, then layout and display before it), as on iOS.
            #expect(ring.layer.contents != nil && !ring.layer.needsDisplay())
            UIView.animate(withDuration: 1) { ring.alpha = 0.5 }
            advance(clock, to: 0.5)
            let presented = ring.layer.presentation() as? RingLayer
            #expect(presented?.ringColor == UIColor.blue.cgColor && presented?.lineWidth == 8)
            let ctx = CGContext(data: nil, width: 60, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = window.layer
            advance(clock, to: 2)
            renderer.beginFrame(atTime: 2, timeStamp: nil); renderer.render(); renderer.endFrame()
            let image = ctx.makeImage()!, bytes = image.dataProvider!.data! as Data
            // The ring's stroke at the left edge, middle row (x 0…8): blue at the view's alpha of 0.5 over white,
            // (128, 128, 255); the centre: white.
            let edge = 30 * image.bytesPerRow + 4 * 4, centre = 30 * image.bytesPerRow + 30 * 4
            #expect(bytes[edge] > 250 && abs(Int(bytes[edge + 2]) - 128) <= 2, "\(bytes[edge]), \(bytes[edge + 2])")
            #expect(bytes[centre] > 240 && bytes[centre + 1] > 240 && bytes[centre + 2] > 240)
        }
    }

    final class DotView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.red.setFill()
            UIBezierPath(ovalIn: bounds).fill()
        }
    }

    /// iOS code never calls `display()`: a view whose `draw(_:)` is overridden is drawn when it first appears,
    /// with no `setNeedsDisplay()`, by the commit; a plain view gets no backing store.
    @Test func drawRectRunsAtCommit() {
        withClock { _ in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let dot = DotView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let plain = UIView(frame: CGRect(x: 20, y: 20, width: 20, height: 20))
            container.addSubview(dot)
            container.addSubview(plain)
            CATransaction.flush()
            #expect(plain.layer.contents == nil && container.layer.contents == nil)
            let image = dot.layer.contents as? CGImage
            #expect(image != nil)
            if let image {
                let p = image.pixels.pixel(x: image.width / 2, y: image.height / 2)
                #expect(p.r == 255 && p.g == 0 && p.a == 255)
            }
        }
    }
}

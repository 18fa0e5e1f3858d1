import Testing
import Foundation
import UIKit

/// The seed documents' own view-animation examples, written as their iOS code is, with expectations from the
/// timing each one sets up.
@Suite struct SeedExampleTests {
    /// Cancelling a move in flight and returning home: the view is frozen where it is seen (model set to the
    /// presentation value, animations removed), then animated home. It never jumps.
    @Test func cancelMidFlightAndReturnHome() {
        withClock { clock in
            let v = committedView()
            let pOrig = v.center
            UIView.animate(withDuration: 4, delay: 0, options: .curveLinear, animations: { v.center.x += 100 })
            advance(clock, to: 2)
            // The seed's cancel:
            v.layer.position = v.layer.presentation()!.position
            v.layer.removeAllAnimations()
            UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { v.center = pOrig })
            CATransaction.flush()
            #expect(abs(v.layer.presentation()!.position.x - (pOrig.x + 50)) < 1e-6)   // where it was seen
            advance(clock, to: 2.05)
            #expect(abs(v.layer.presentation()!.position.x - (pOrig.x + 25)) < 1e-6)   // half-way home
            advance(clock, to: 2.2)
            #expect(v.layer.presentation()!.position == pOrig && v.center == pOrig)
        }
    }

    /// Autoreverse that ends back home without a flash: the completion puts the model back before the next frame
    /// is drawn, so no frame shows the view at the far end.
    @Test func autoreverseEndsHomeWithoutAFlash() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            window.backgroundColor = .white
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            v.backgroundColor = .red
            window.addSubview(v)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .autoreverse, animations: { v.center.x += 100 },
                           completion: { _ in v.center.x -= 100 })
            let ctx = CGContext(data: nil, width: 200, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = window.layer
            // The move out takes 1 s and the way back another (autoreverse doubles the active time). Frames at
            // 60 Hz across the end at 2 s: each shows the red square at the left, at home, never at 100–140.
            for frame in 119...125 {
                let t = Double(frame) / 60
                advance(clock, to: t)
                renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
                let image = ctx.makeImage()!, bytes = image.dataProvider!.data! as Data
                let farEnd = 20 * image.bytesPerRow + 120 * 4
                #expect(bytes[farEnd + 1] > 200, "frame \(frame) shows the view at the far end")
            }
            #expect(v.center.x == 20)
        }
    }

    /// The worm HUD shows itself with a pop (scale 0.01 → 1.15 → 1 with the alpha) and hides with the reverse, all
    /// in one `animateKeyframes` of 2.4 s: keyframes at relative times 0–0.12, 0.12–0.2, 0.8–0.88 and 0.88–1.
    @Test func wormHUDShowsAndHides() {
        withClock { clock in
            let hud = committedView()
            hud.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
            hud.alpha = 0
            CATransaction.flush()
            UIView.animateKeyframes(withDuration: 2.4, delay: 0, options: [.calculationModeLinear], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.12) {
                    hud.transform = CGAffineTransform(scaleX: 1.15, y: 1.15); hud.alpha = 1
                }
                UIView.addKeyframe(withRelativeStartTime: 0.12, relativeDuration: 0.08) { hud.transform = .identity }
                UIView.addKeyframe(withRelativeStartTime: 0.8, relativeDuration: 0.08) { hud.transform = CGAffineTransform(scaleX: 1.15, y: 1.15) }
                UIView.addKeyframe(withRelativeStartTime: 0.88, relativeDuration: 0.12) {
                    hud.transform = CGAffineTransform(scaleX: 0.01, y: 0.01); hud.alpha = 0
                }
            })
            let pop = hud.layer.animation(forKey: "transform") as? CAKeyframeAnimation
            #expect(pop?.keyTimes?.map(\.doubleValue) == [0, 0.12, 0.2, 0.8, 0.88, 1])
            // The block's curve is ease-in-ease-out over the whole 2.4 s; linear keyframes between. Probe the
            // presentation where the eased time lands on a key time: solve for it by bisection.
            let curve = CAMediaTimingFunction(name: .easeInEaseOut)
            func time(atProgress p: Double) -> Double {
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 { let mid = (lo + hi) / 2; if Double(curve.evaluate(mid)) < p { lo = mid } else { hi = mid } }
                return 2.4 * (lo + hi) / 2
            }
            for (progress, scale) in [(0.12, 1.15), (0.5, 1.0), (0.88, 1.15)] {
                advance(clock, to: time(atProgress: progress))
                #expect(abs(hud.layer.presentation()!.transform.m11 - scale) < 1e-3, "at \(progress)")
            }
            advance(clock, to: 2.5)
            #expect(abs(hud.transform.a - 0.01) < 1e-9 && hud.alpha == 0)
        }
    }

    /// Bad input gets a defined result: NaN geometry is refused (the view stays put), zero and negative
    /// durations and delays complete at once, an empty image array does not animate, and nested transitions
    /// finish.
    @Test func hostileViewAnimationInput() {
        withClock { clock in
            let v = committedView()
            var done: [Bool] = []
            UIView.animate(withDuration: 1, animations: { v.center = CGPoint(x: CGFloat.nan, y: 3) }, completion: { done.append($0) })
            #expect(v.center.x.isFinite)
            UIView.animate(withDuration: 0, delay: -5, options: [], animations: { v.alpha = 0.5 }, completion: { done.append($0) })
            UIView.animate(withDuration: -1, animations: { v.alpha = 0.2 }, completion: { done.append($0) })
            UIView.animate(withDuration: .infinity, delay: .nan, options: [], animations: { v.center.x = 5 }, completion: { done.append($0) })
            let images = UIImageView(frame: .zero)
            images.animationImages = []
            images.startAnimating()
            #expect(images.layer.animationKeys() == nil)
            let container = committedView()
            UIView.transition(with: container, duration: 0.2, options: .transitionFlipFromLeft, animations: {
                UIView.transition(with: container, duration: 0.2, options: .transitionCurlUp, animations: {
                    container.alpha = 0.5
                }, completion: { done.append($0) })
            }, completion: { done.append($0) })
            advance(clock, to: 0.5)
            #expect(done.count >= 5)
            #expect(abs(v.alpha - 0.2) < 1e-6)
        }
    }
}

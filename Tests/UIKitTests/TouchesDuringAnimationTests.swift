import Testing
import Foundation
import UIKit

/// Touches while views animate (docs/view-animation.md §11): a view in the middle of a block animation takes no
/// touches unless the block allowed them; hit-testing uses the model geometry (where the view is going), and the
/// seed's override hit-tests the presentation layer (where the view is seen).
@Suite struct TouchesDuringAnimationTests {
    final class TouchCounter: UIView {
        var began = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
    }

    /// The seed's override: the point converted into the presentation layer's space before the usual test.
    final class PresentationHitView: UIView {
        var began = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        override func hitTest(_ point: CGPoint, with e: UIEvent?) -> UIView? {
            let pres = self.layer.presentation()!
            let suppt = self.convert(point, to: self.superview!)
            let prespt = self.superview!.layer.convert(suppt, to: pres)
            return super.hitTest(prespt, with: e)
        }
    }

    /// A 40 × 40 view at (0, 0) in a 400 × 100 window, sliding right by 300 over 1 s (linear), seen at t = 0.5.
    func sliding<V: UIView>(_ view: V, options: UIView.AnimationOptions, _ body: (UIWindow, V) -> Void) {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
            window.makeKeyAndVisible()
            view.frame = CGRect(x: 0, y: 30, width: 40, height: 40)
            window.addSubview(view)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: {
                view.center.x += 300
            })
            advance(clock, to: 0.5)
            body(window, view)
        }
    }

    @Test func animatingViewsIgnoreTouchesByDefault() {
        sliding(TouchCounter(), options: []) { window, view in
            window.sendPointer(.began, at: CGPoint(x: 320, y: 50))   // where it is going
            window.sendPointer(.ended, at: CGPoint(x: 320, y: 50))
            window.sendPointer(.began, at: CGPoint(x: 170, y: 50))   // where it is seen
            window.sendPointer(.ended, at: CGPoint(x: 170, y: 50))
            #expect(view.began == 0)
            #expect(window.hitTest(CGPoint(x: 320, y: 50), with: nil) === window)
        }
    }

    @Test func allowUserInteractionHitsTheModelGeometry() {
        sliding(TouchCounter(), options: .allowUserInteraction) { window, view in
            window.sendPointer(.began, at: CGPoint(x: 320, y: 50))   // the model frame: x 300…340
            window.sendPointer(.ended, at: CGPoint(x: 320, y: 50))
            #expect(view.began == 1)
            window.sendPointer(.began, at: CGPoint(x: 170, y: 50))   // seen here, but not there in the model
            window.sendPointer(.ended, at: CGPoint(x: 170, y: 50))
            #expect(view.began == 1)
        }
    }

    @Test func presentationHitTestFollowsWhatIsSeen() {
        sliding(PresentationHitView(), options: .allowUserInteraction) { window, view in
            // Half-way the presentation is at x 150…190.
            window.sendPointer(.began, at: CGPoint(x: 170, y: 50))
            window.sendPointer(.ended, at: CGPoint(x: 170, y: 50))
            #expect(view.began == 1)
            window.sendPointer(.began, at: CGPoint(x: 320, y: 50))
            window.sendPointer(.ended, at: CGPoint(x: 320, y: 50))
            #expect(view.began == 1)
        }
    }

    @Test func touchesReturnWhenTheAnimationEnds() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
            window.makeKeyAndVisible()
            let view = TouchCounter(frame: CGRect(x: 0, y: 30, width: 40, height: 40))
            window.addSubview(view)
            CATransaction.flush()
            UIView.animate(withDuration: 1) { view.alpha = 0.5 }
            advance(clock, to: 0.5)
            #expect(window.hitTest(CGPoint(x: 20, y: 50), with: nil) === window)
            advance(clock, to: 1.1)
            #expect(window.hitTest(CGPoint(x: 20, y: 50), with: nil) === view)
        }
    }
}

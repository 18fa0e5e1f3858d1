import Foundation
import Testing
import UIKit

/// Zooming a scroll view as iOS code does: the delegate names the view, `zoomScale`, `zoom(to:animated:)` and a
/// two-finger pinch scale it. Expected offsets follow from keeping the zoomed-about point where it is on screen
/// (content point p at scale s sits at p · s), then keeping the offset in the scroll range.
@Suite struct ZoomingTests {
    final class Zoomer: UIScrollViewDelegate {
        let view: UIView
        var calls: [String] = []
        init(_ view: UIView) { self.view = view }
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { calls.append("willBeginZooming") }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) { calls.append("didEndZooming(\(scale))") }
    }

    /// A 320 × 480 scroll view showing a 200 × 200 view that zooms from 0.5× to 4×.
    func screen() -> (UIWindow, UIScrollView, UIView, Zoomer) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroll.addSubview(photo)
        scroll.contentSize = photo.bounds.size
        scroll.minimumZoomScale = 0.5
        scroll.maximumZoomScale = 4
        let zoomer = Zoomer(photo)
        scroll.delegate = zoomer
        window.addSubview(scroll)
        CATransaction.flush()
        return (window, scroll, photo, zoomer)
    }

    @Test func zoomScaleScalesTheViewAboutTheMiddleWithinTheLimits() {
        withClock { _ in
            let (window, scroll, photo, zoomer) = screen()
            defer { withExtendedLifetime(zoomer) {} }
            scroll.zoomScale = 2
            // About the middle (160, 240): the offset would be (160, 240), but 400 × 400 of content in a 320 × 480
            // view can scroll only to (80, 0).
            #expect(scroll.zoomScale == 2 && photo.frame == CGRect(x: 0, y: 0, width: 400, height: 400))
            #expect(scroll.contentSize == CGSize(width: 400, height: 400) && scroll.contentOffset == CGPoint(x: 80, y: 0))
            scroll.zoomScale = 100
            #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 800, height: 800))
            scroll.zoomScale = 0.01
            #expect(scroll.zoomScale == 0.5 && scroll.contentSize == CGSize(width: 100, height: 100) && scroll.contentOffset == .zero)
            scroll.zoomScale = .nan
            #expect(scroll.zoomScale == 0.5)
            withExtendedLifetime(window) {}
        }
    }

    @Test func zoomToARectFitsItCentred() {
        withClock { clock in
            let (window, scroll, photo, zoomer) = screen()
            // A 40-point square would fill 320 points at 8×; the limit is 4×. Its centre (70, 70) goes to
            // (280, 280), the view's middle: offset (120, 40).
            scroll.zoom(to: CGRect(x: 50, y: 50, width: 40, height: 40), animated: true)
            advance(clock, to: 0.15)
            #expect(abs(photo.layer.presentation()!.transform.m11 - 2.5) < 0.01, "half way from 1× to 4×, ease-in-out")
            advance(clock, to: 0.4)
            #expect(scroll.zoomScale == 4 && photo.frame == CGRect(x: 0, y: 0, width: 800, height: 800))
            #expect(scroll.contentOffset == CGPoint(x: 120, y: 40) && zoomer.calls == ["didEndZooming(4.0)"])
            withExtendedLifetime(window) {}
        }
    }

    @Test func aPinchZoomsAboutTheFingersAndSpringsBackFromPastTheLimit() {
        withClock { clock in
            let (window, scroll, _, zoomer) = screen()
            func fingers(_ phase: UITouch.Phase, _ half: CGFloat, _ t: Double) {
                window.sendTouches([UITouchInput(finger: 0, phase: phase, location: CGPoint(x: 150 - half, y: 100)),
                                    UITouchInput(finger: 1, phase: phase, location: CGPoint(x: 150 + half, y: 100))], timestamp: t)
            }
            fingers(.began, 50, 0)
            for (k, half) in [60, 80, 100].enumerated() {
                fingers(.moved, CGFloat(half), 0.05 * Double(k + 1))
            }
            // Fingers 100 apart, now 200: 2×, about their midpoint (150, 100), which stays put: offset (150, 100).
            #expect(abs(scroll.zoomScale - 2) < 1e-9 && scroll.isZooming)
            #expect(abs(scroll.contentOffset.x - 150) < 1e-9 && abs(scroll.contentOffset.y - 100) < 1e-9)
            // On to 800 apart: 8× asked, past the 4× limit: the stretch shows 4 · √2.
            fingers(.moved, 400, 0.2)
            #expect(abs(scroll.zoomScale - 4 * 2.0.squareRoot()) < 1e-9)
            fingers(.ended, 400, 0.25)
            #expect(!scroll.isZooming && scroll.zoomScale == 4 && zoomer.calls == ["willBeginZooming", "didEndZooming(4.0)"])
            advance(clock, to: 1)
            #expect(scroll.contentSize == CGSize(width: 800, height: 800))
            withExtendedLifetime(window) {}
        }
    }
}

import Foundation
import Testing
@testable import UIKit

/// `UIScrollView` driven as a user drives it: scripted touches through the window, with the clock under the
/// test's control. Expected offsets come from the published formulas (see docs/scrolling.md): a flick at v points
/// per second coasts v/1000 · r/(1 − r) points with r the deceleration rate (WWDC 2018, "Designing Fluid
/// Interfaces"), the velocity decaying by r each millisecond, and the rubber band moves the content
/// (1 − 1/(x · 0.55/d + 1)) · d for a pull of x past an edge of a view d long.
@Suite struct ScrollViewTests {
    final class Recorder: UIScrollViewDelegate {
        var calls: [String] = []
        var releaseVelocity: CGPoint?
        var retarget: CGPoint?
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if calls.last != "didScroll" { calls.append("didScroll") }
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            calls.append("willEndDragging")
            releaseVelocity = velocity
            if let retarget { targetContentOffset.pointee = retarget }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            calls.append("didEndDragging(\(decelerate))")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
    }

    /// A 320 × 480 window filled by a scroll view over 3,000 points of content.
    func screen() -> (UIWindow, UIScrollView, Recorder) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 320, height: 3000)
        let recorder = Recorder()
        scroll.delegate = recorder
        window.addSubview(scroll)
        CATransaction.flush()
        return (window, scroll, recorder)
    }

    /// A finger dragging up by `distance` points over `steps` moves 10 ms apart, from (160, 400) at time `t0`;
    /// its speed at release is distance / steps per 10 ms.
    func flick(_ window: UIWindow, up distance: CGFloat, steps: Int = 4, at t0: Double = 0) {
        window.sendPointer(.began, at: CGPoint(x: 160, y: 400), timestamp: t0)
        for i in 1...steps {
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 400 - distance * CGFloat(i) / CGFloat(steps)), timestamp: t0 + 0.01 * Double(i))
        }
        window.sendPointer(.ended, at: CGPoint(x: 160, y: 400 - distance), timestamp: t0 + 0.01 * Double(steps))
    }

    @Test func aFlickCoastsThePublishedDistanceAndDecaysPerMillisecond() {
        withClock { clock in
            let (window, scroll, recorder) = screen()
            flick(window, up: 40)   // 10 points per 10 ms: 1,000 points per second
            #expect(scroll.contentOffset.y == 40, "the content followed the finger")
            #expect(recorder.releaseVelocity?.x == 0 && abs(recorder.releaseVelocity!.y - 1) < 1e-9, "points per millisecond, in offset direction")
            #expect(scroll.isDecelerating && !scroll.isDragging)
            let coast = 1.0 * 0.998 / 0.002   // 499 points
            advance(clock, to: 1)
            // After a second the velocity (and the distance still to go) is 0.998^1000 of what it was.
            #expect(abs(Double(scroll.contentOffset.y) - (40 + coast * (1 - pow(0.998, 1000)))) < 0.01)
            advance(clock, to: 2)
            #expect(abs(Double(scroll.contentOffset.y) - (40 + coast * (1 - pow(0.998, 2000)))) < 0.01)
            advance(clock, to: 5)
            #expect(abs(Double(scroll.contentOffset.y) - (40 + coast)) < 0.001 && !scroll.isDecelerating)
            #expect(recorder.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                       "willBeginDecelerating", "didScroll", "didEndDecelerating"])
            withExtendedLifetime(window) {}
        }
    }

    @Test func theFastRateCoastsAFifthOfTheNormalDistanceAndTheDelegateCanMoveTheTarget() {
        withClock { clock in
            let (window, scroll, recorder) = screen()
            scroll.decelerationRate = .fast
            flick(window, up: 40)
            advance(clock, to: 3)
            #expect(abs(scroll.contentOffset.y - (40 + 0.99 / 0.01)) < 0.001)   // 99 points
            recorder.retarget = CGPoint(x: 0, y: 600)
            flick(window, up: 40, at: 3)
            advance(clock, to: 6)
            #expect(scroll.contentOffset.y == 600, "ends where the delegate said")
            withExtendedLifetime(window) {}
        }
    }

    @Test func pullingPastTheTopStretchesLikeARubberBandAndBouncesBack() {
        withClock { clock in
            let (window, scroll, recorder) = screen()
            window.sendPointer(.began, at: CGPoint(x: 160, y: 100), timestamp: 0)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 150), timestamp: 0.1)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 200), timestamp: 0.2)
            // Pulled 100 points past the top of a 480-point view.
            let pull: Double = 100 * 0.55 / 480
            let stretch: Double = (1 - 1 / (pull + 1)) * 480
            #expect(abs(Double(scroll.contentOffset.y) + stretch) < 1e-9)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 200), timestamp: 1)   // at rest before letting go
            window.sendPointer(.ended, at: CGPoint(x: 160, y: 200), timestamp: 1)
            #expect(recorder.calls.suffix(3) == ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
            advance(clock, to: 0.1)
            #expect(scroll.contentOffset.y < 0 && Double(scroll.contentOffset.y) > -stretch, "on its way back")
            advance(clock, to: 3)
            #expect(scroll.contentOffset.y == 0 && recorder.calls.last == "didEndDecelerating")
            // Without bouncing, the content stops at the edge.
            scroll.bounces = false
            window.sendPointer(.began, at: CGPoint(x: 160, y: 100), timestamp: 4)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 200), timestamp: 4.1)
            #expect(scroll.contentOffset.y == 0)
            window.sendPointer(.ended, at: CGPoint(x: 160, y: 200), timestamp: 4.1)
            withExtendedLifetime(window) {}
        }
    }

    @Test func aFlickPastTheEndCoastsToTheEdgeAndBouncesBack() {
        withClock { clock in
            let (window, scroll, recorder) = screen()
            scroll.contentOffset = CGPoint(x: 0, y: 2400)   // 120 points from the end (3,000 − 480)
            flick(window, up: 40)
            var overshot = false
            for i in 1...200 {
                advance(clock, to: Double(i) / 60)
                if scroll.contentOffset.y > 2520.5 { overshot = true }
            }
            #expect(overshot, "the coast carries the content past the end")
            #expect(scroll.contentOffset.y == 2520 && recorder.calls.last == "didEndDecelerating")
            withExtendedLifetime(window) {}
        }
    }

    @Test func pagingStopsOnTheNextPage() {
        withClock { clock in
            let (window, scroll, _) = screen()
            scroll.isPagingEnabled = true
            flick(window, up: 40)
            advance(clock, to: 3)
            #expect(scroll.contentOffset.y == 480)
            // A slow drag of less than half a page settles back.
            window.sendPointer(.began, at: CGPoint(x: 160, y: 400), timestamp: 4)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 300), timestamp: 4.5)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 300), timestamp: 5)
            window.sendPointer(.ended, at: CGPoint(x: 160, y: 300), timestamp: 5)
            advance(clock, to: 8)
            #expect(scroll.contentOffset.y == 480)
            withExtendedLifetime(window) {}
        }
    }

    @Test func contentOffsetMovesTheSubviewsAndAnimatedChangesEndWithTheirCallback() {
        withClock { clock in
            let (window, scroll, recorder) = screen()
            let row = UIView(frame: CGRect(x: 0, y: 1000, width: 320, height: 40))
            row.backgroundColor = .red
            scroll.addSubview(row)
            scroll.contentOffset = CGPoint(x: 0, y: 900)
            #expect(window.hitTest(CGPoint(x: 10, y: 120), with: nil) === row, "content y 1,000 sits at y 100 on screen")
            #expect(scroll.convert(CGPoint(x: 0, y: 1000), to: window) == CGPoint(x: 0, y: 100))
            recorder.calls = []
            scroll.setContentOffset(CGPoint(x: 0, y: 1900), animated: true)
            advance(clock, to: 0.15)
            // Ease-out (1 − (1 − x)³) half way through 0.3 s: 7/8 of the way.
            #expect(abs(scroll.contentOffset.y - (900 + 1000 * 0.875)) < 0.01)
            advance(clock, to: 0.4)
            #expect(scroll.contentOffset.y == 1900 && recorder.calls == ["didScroll", "didEndScrollingAnimation"])
            // The least scroll that shows a rect, within the range.
            scroll.scrollRectToVisible(CGRect(x: 0, y: 2900, width: 10, height: 200), animated: false)
            #expect(scroll.contentOffset.y == 2520)
            scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 10), animated: false)
            #expect(scroll.contentOffset.y == 100)
            withExtendedLifetime(window) {}
        }
    }

    @Test func hostileValuesLeaveTheOffsetAlone() {
        withClock { _ in
            let (window, scroll, _) = screen()
            scroll.contentOffset = CGPoint(x: CGFloat.nan, y: 10)
            scroll.setContentOffset(CGPoint(x: 0, y: CGFloat.infinity), animated: true)
            scroll.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: true)
            #expect(scroll.contentOffset == .zero)
            scroll.contentSize = CGSize(width: -100, height: CGFloat.infinity)
            scroll.contentInset = UIEdgeInsets(top: CGFloat.nan, left: 0, bottom: 0, right: 0)
            flick(window, up: 40)
            withExtendedLifetime(window) {}
        }
    }

    /// The rubber band's values as published with the formula (the 2013 analysis of @chpwn's description, for a
    /// 960-point screen): pulls of 5, 10, 100, 400 and 960 points show 2.74, 5.47, 52.02, 178.98 and 340.65.
    @Test func theRubberBandMatchesThePublishedTable() {
        withClock { _ in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 960))
            window.makeKeyAndVisible()
            let scroll = UIScrollView(frame: window.bounds)
            scroll.contentSize = CGSize(width: 320, height: 2000)
            window.addSubview(scroll)
            CATransaction.flush()
            for (pull, shown) in [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)] {
                window.sendPointer(.began, at: CGPoint(x: 160, y: 10), timestamp: 0)
                window.sendPointer(.moved, at: CGPoint(x: 160, y: 10 + pull + 10), timestamp: 0.1)   // 10 to begin
                window.sendPointer(.moved, at: CGPoint(x: 160, y: 10 + pull), timestamp: 0.2)
                #expect(abs(Double(scroll.contentOffset.y) + shown) < 0.005, "pull \(pull)")
                window.sendPointer(.cancelled, at: CGPoint(x: 160, y: 10 + pull), timestamp: 0.2)
                scroll.setContentOffset(.zero, animated: false)
            }
        }
    }

    /// The indicator bars: the share of the content on screen as the bar's share of its track (inset 3 points at
    /// each end), placed by the share scrolled; shown while the user moves the content, not when code does; faded
    /// out once it rests; squeezed while stretched past an edge.
    @Test func indicatorsShowTheVisibleShareWhileTheUserScrollsAndFadeAfter() {
        withClock { clock in
            let (window, scroll, _) = screen()
            scroll.contentOffset = CGPoint(x: 0, y: 100)
            #expect(scroll.indicators.vertical.alpha == 0, "code moving the content shows no indicator")
            scroll.contentOffset = .zero
            flick(window, up: 40)
            let bar = scroll.indicators.vertical
            // Track 480 − 6 = 474 points; 480 of 3,000 points show: 75.84 points; 40 of 2,520 scrolled.
            #expect(bar.alpha == 1 && scroll.indicators.horizontal.alpha == 0)
            #expect(abs(bar.frame.height - 75.84) < 1e-9 && bar.frame.minX == 314)
            #expect(abs(bar.frame.minY - (40 + 3 + (474 - 75.84) * 40 / 2520)) < 1e-9)
            #expect(scroll.subviews.suffix(2).contains { $0 === bar }, "on top of the content")
            advance(clock, to: 10)   // the coast rests at this frame; the fade waits half a second
            #expect(!scroll.isDecelerating && bar.alpha == 0 && bar.layer.presentation()!.opacity == 1)
            advance(clock, to: 11)
            #expect(bar.layer.presentation()!.opacity == 0, "faded once the content rested")
            // Pulled past the top, the bar shortens by the overshoot, to no less than 7 points.
            #expect(ScrollIndicators.bar(offset: -20, low: 0, high: 2520, viewport: 480, track: 474) == (0, 75.84 - 20))
            #expect(ScrollIndicators.bar(offset: -200, low: 0, high: 2520, viewport: 480, track: 474) == (0, 7))
            #expect(ScrollIndicators.bar(offset: 2620, low: 0, high: 2520, viewport: 480, track: 474) == (474 - 7, 7))
            // A flash shows them, then they fade after half a second.
            scroll.flashScrollIndicators()
            #expect(bar.alpha == 1 || bar.layer.presentation()!.opacity == 1)
            advance(clock, to: 11.3)
            #expect(bar.layer.presentation()!.opacity == 1, "still shown during the pause")
            advance(clock, to: 11.625)
            #expect(abs(bar.layer.presentation()!.opacity - 0.5) < 0.05, "half way through the 0.25 s fade")
            advance(clock, to: 12)
            #expect(bar.layer.presentation()!.opacity == 0)
            withExtendedLifetime(window) {}
        }
    }

    /// Pull to refresh: a pull past 90 points starts refreshing (one `.valueChanged`, during the drag), the content
    /// then rests 60 points down, below the spinner, and `endRefreshing()` slides it back to the top.
    @Test func pullingDownFarEnoughRefreshesAndTheContentWaitsBelowTheSpinner() {
        withClock { clock in
            let (window, scroll, _) = screen()
            let refresh = UIRefreshControl()
            var refreshes = 0
            refresh.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
            scroll.refreshControl = refresh
            #expect(refresh.superview === scroll && refresh.frame == CGRect(x: 0, y: -60, width: 320, height: 60))
            // A 60-point pull (the rubber band shows 30.9 points of it) is not enough.
            window.sendPointer(.began, at: CGPoint(x: 160, y: 100), timestamp: 0)
            for i in 1...6 { window.sendPointer(.moved, at: CGPoint(x: 160, y: 100 + CGFloat(i) * 10), timestamp: 0.05 * Double(i)) }
            #expect(!refresh.isRefreshing && scroll.contentOffset.y < -25)
            // Pulled on to 400 points (150.9 shown), it refreshes, once.
            for i in 7...40 { window.sendPointer(.moved, at: CGPoint(x: 160, y: 100 + CGFloat(i) * 10), timestamp: 0.05 * Double(i)) }
            #expect(refresh.isRefreshing && refreshes == 1)
            window.sendPointer(.moved, at: CGPoint(x: 160, y: 500), timestamp: 3)
            window.sendPointer(.ended, at: CGPoint(x: 160, y: 500), timestamp: 3)
            advance(clock, to: 5)
            #expect(abs(scroll.contentOffset.y + 60) < 0.2 && scroll.adjustedContentInset.top == 60, "resting below the spinner")
            refresh.endRefreshing()
            #expect(!refresh.isRefreshing && scroll.adjustedContentInset.top == 0)
            advance(clock, to: 5.5)
            #expect(scroll.contentOffset.y == 0 && refreshes == 1)
            withExtendedLifetime(window) {}
        }
    }
}

import CalyxTestSupport
import Testing
import UIKit

/// The activity indicator, progress view, switch and slider: sizes and defaults from Apple's documentation,
/// behaviour through touches, and the spinner's steps by pixel probes on its spokes.
@Suite struct StockControlTests {
    final class Events: @unchecked Sendable { var changed = 0, primary = 0 }

    func draw(_ window: UIWindow, at t: CFTimeInterval, into canvas: TestCanvas) {
        let renderer = CARenderer(context: canvas.context)
        renderer.layer = window.layer
        renderer.beginFrame(atTime: t, timeStamp: nil); renderer.addUpdate(renderer.bounds); renderer.render(); renderer.endFrame()
    }

    @Test func activityIndicatorSizesAndVisibility() {
        let medium = UIActivityIndicatorView(style: .medium)
        #expect(medium.bounds.size == CGSize(width: 20, height: 20) && UIActivityIndicatorView(style: .large).intrinsicContentSize.width == 37)
        #expect(UIActivityIndicatorView.Style.medium.rawValue == 100 && UIActivityIndicatorView.Style.gray.rawValue == 2)
        #expect(medium.isHidden && medium.hidesWhenStopped && !medium.isAnimating)
        medium.startAnimating()
        #expect(!medium.isHidden && medium.isAnimating)
        medium.stopAnimating()
        #expect(medium.isHidden)
        medium.hidesWhenStopped = false
        #expect(!medium.isHidden)
    }

    /// The medium spinner (systemGray spokes 2.5 × 5.5 from the edge, x 8.75–11.25 at the top, so pixel 9 is wholly
    /// inside) over white: at 0 s the top spoke is the
    /// leading one, fully grey (142); after one step (1/8 s) the top holds the next spoke, at 90 % alpha
    /// (255 − 0.9 × 113 = 153); the bottom spoke is at 60 % (187).
    @Test func spinnerStepsRoundOneSpokeAnEighthOfASecond() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            window.backgroundColor = .white
            let spinner = UIActivityIndicatorView(style: .medium)
            window.addSubview(spinner)
            spinner.startAnimating()
            CATransaction.flush()
            let canvas = TestCanvas(width: 20, height: 20, background: nil)
            draw(window, at: 0, into: canvas)
            #expect(abs(canvas.pixel(topDown: 9, 2).r - 142) <= 4, "\(canvas.pixel(topDown: 9, 2))")
            #expect(abs(canvas.pixel(topDown: 10, 17).r - 187) <= 4, "\(canvas.pixel(topDown: 10, 17))")
            #expect(canvas.pixel(topDown: 10, 10).r == 255, "the centre is empty")
            advance(clock, to: 0.13)
            draw(window, at: 0.13, into: canvas)
            #expect(abs(canvas.pixel(topDown: 9, 2).r - 153) <= 4, "\(canvas.pixel(topDown: 9, 2))")
            // A whole second later the picture repeats.
            advance(clock, to: 1.01)
            draw(window, at: 1.01, into: canvas)
            #expect(abs(canvas.pixel(topDown: 9, 2).r - 142) <= 4)
        }
    }

    @Test func progressViewFillsAndAnimates() {
        withClock { _ in
            let progress = UIProgressView(progressViewStyle: .default)
            progress.frame = CGRect(x: 0, y: 0, width: 200, height: 4)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
            window.addSubview(progress)
            CATransaction.flush()
            #expect(progress.intrinsicContentSize.height == 4 && progress.progress == 0)
            progress.progress = 0.5
            progress.layoutIfNeeded()
            let fill = progress.subviews[0]
            #expect(fill.frame.width == 100)
            progress.setProgress(2, animated: true)
            #expect(progress.progress == 1 && fill.frame.width == 200)
            let keys = fill.layer.animationKeys() ?? []
            #expect(keys.contains("bounds.size") || keys.contains("bounds"), "\(keys)")
            #expect(fill.layer.animation(forKey: keys.first ?? "")?.duration == 0.25)
            progress.progress = .nan
            #expect(progress.progress == 0)
        }
    }

    @Test func switchTogglesOnATapAndSlidesItsThumb() {
        withClock { _ in
            let events = Events()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
            let toggle = UISwitch(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
            #expect(toggle.frame.size == CGSize(width: 51, height: 31) && !toggle.isOn)
            toggle.addAction(UIAction { _ in events.changed += 1 }, for: .valueChanged)
            window.addSubview(toggle)
            CATransaction.flush()
            toggle.setOn(true, animated: false)
            #expect(toggle.isOn && events.changed == 0 && toggle.thumb.frame.minX == 22)
            window.sendPointer(.began, at: CGPoint(x: 30, y: 25))
            window.sendPointer(.ended, at: CGPoint(x: 30, y: 25))
            #expect(!toggle.isOn && events.changed == 1 && toggle.thumb.frame.minX == 2)
            #expect(toggle.thumb.layer.animation(forKey: "position")?.duration == 0.25)
            #expect(toggle.backgroundColor == UIColor.systemGray5)
        }
    }

    @Test func sliderClampsAndFollowsTheThumb() {
        withClock { _ in
            let events = Events()
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
            slider.value = 7
            #expect(slider.value == 1)
            slider.value = 0
            slider.addAction(UIAction { _ in events.changed += 1 }, for: .valueChanged)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            window.addSubview(slider)
            CATransaction.flush()
            slider.layoutIfNeeded()
            // A touch away from the thumb does nothing; dragging the thumb's centre (14) to the middle (114) of
            // the 200 points its centre can travel gives a half.
            window.sendPointer(.began, at: CGPoint(x: 150, y: 15))
            window.sendPointer(.moved, at: CGPoint(x: 180, y: 15))
            window.sendPointer(.ended, at: CGPoint(x: 180, y: 15))
            #expect(slider.value == 0 && events.changed == 0)
            window.sendPointer(.began, at: CGPoint(x: 14, y: 15))
            window.sendPointer(.moved, at: CGPoint(x: 64, y: 15))
            window.sendPointer(.moved, at: CGPoint(x: 114, y: 15))
            window.sendPointer(.ended, at: CGPoint(x: 114, y: 15))
            #expect(abs(slider.value - 0.5) < 0.001 && events.changed == 2)
            slider.minimumValue = 2
            #expect(slider.maximumValue == 2 && slider.value == 2)
        }
    }
}

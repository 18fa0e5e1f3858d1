import CalyxTestSupport
import Testing
import UIKit

/// `UIButton`: per-state content as UIKit resolves it, layout and sizes from the font's tables (Liberation Sans:
/// "Button" advances 5921 units, "Go" 2732; a line is 2355 units high), taps, the highlight fade, and
/// configurations.
@Suite struct ButtonTests {
    func em(_ units: CGFloat, _ size: CGFloat) -> CGFloat { units * size / 2048 }

    @Test func perStateValuesFallBackToNormal() {
        let button = UIButton(type: .system)
        button.setTitle("Normal", for: .normal)
        button.setTitle("Pressed", for: .highlighted)
        #expect(button.title(for: .selected) == "Normal" && button.currentTitle == "Normal")
        button.isHighlighted = true
        #expect(button.currentTitle == "Pressed" && button.titleLabel?.text == "Pressed")
        button.isHighlighted = false
        #expect(button.titleLabel?.text == "Normal")
    }

    /// A system button's title is the tint colour, at 20 % alpha while highlighted, grey when disabled; a custom
    /// button's is white.
    @Test func systemAndCustomTitleColours() {
        let system = UIButton(type: .system)
        system.setTitle("Go", for: .normal)
        #expect(system.currentTitleColor == UIColor.systemBlue)
        system.isHighlighted = true
        #expect(abs(system.currentTitleColor.cgColor.alpha - 0.2) < 0.01)
        system.isHighlighted = false
        system.isEnabled = false
        #expect(system.currentTitleColor == UIColor.systemGray3)
        system.isEnabled = true
        system.tintColor = .systemRed
        #expect(system.titleLabel?.textColor == UIColor.systemRed)
        let custom = UIButton(type: .custom)
        custom.setTitle("Go", for: .normal)
        #expect(custom.currentTitleColor == UIColor.white)
        custom.setTitleColor(.black, for: .normal)
        #expect(custom.titleLabel?.textColor == UIColor.black)
    }

    /// "Button" in the system font at 15 points: ⌈43.37⌉ = 44 wide, ⌈17.25⌉ = 18 high plus the 6-point margins.
    @Test func intrinsicSizeAndLayout() {
        let button = UIButton(type: .system)
        button.setTitle("Button", for: .normal)
        #expect(button.intrinsicContentSize == CGSize(width: (em(5921, 15)).rounded(.up), height: 30))
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        #expect(button.intrinsicContentSize == CGSize(width: 44 + 40, height: 18 + 20))
        // An image and the title, centred as a pair in a 200 × 50 button.
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
        button.setImage(image, for: .normal)
        button.contentEdgeInsets = .zero
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 100 - 32, y: 15, width: 20, height: 20))
        #expect(button.titleLabel?.frame == CGRect(x: 100 - 32 + 20, y: 16, width: 44, height: 18))
        button.contentHorizontalAlignment = .right
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 4)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.maxX == 196 && button.imageView?.frame.minX == 200 - 64)
    }

    final class Count: @unchecked Sendable { var taps = 0, upInside = 0 }

    /// A tap runs the primary action (and touch-up-inside actions); the system button's title fades back over
    /// 0.2 s when the touch lifts.
    @Test func tapsRunThePrimaryActionAndTheTitleFadesBack() {
        withClock { _ in
            let count = Count()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let button = UIButton(type: .system, primaryAction: UIAction(title: "Tap") { _ in count.taps += 1 })
            button.addAction(UIAction { _ in count.upInside += 1 }, for: .touchUpInside)
            button.frame = CGRect(x: 50, y: 25, width: 100, height: 50)
            window.addSubview(button)
            CATransaction.flush()
            #expect(button.currentTitle == "Tap")
            window.sendPointer(.began, at: CGPoint(x: 100, y: 50))
            #expect(button.isHighlighted && abs((button.titleLabel?.textColor.cgColor.alpha ?? 0) - 0.2) < 0.01)
            window.sendPointer(.ended, at: CGPoint(x: 100, y: 50))
            #expect(count.taps == 1 && count.upInside == 1 && !button.isHighlighted)
            let fade = button.titleLabel?.layer.animation(forKey: kCATransition) as? CATransition
            #expect(fade?.type == .fade && fade?.duration == 0.2)
            // A touch lifted outside runs nothing.
            window.sendPointer(.began, at: CGPoint(x: 100, y: 50))
            window.sendPointer(.moved, at: CGPoint(x: 199, y: 99))
            window.sendPointer(.ended, at: CGPoint(x: 199, y: 199))
            #expect(count.taps == 1)
        }
    }

    /// A filled configuration: white body-style title (17 points: "Go" ⌈22.68⌉ = 23 × 20) inside insets of 7 and
    /// 12, on the tint colour with 6-point corners; drawn, its middle is the tint and its corner pixel the window.
    @Test func filledConfigurationSizesAndDraws() {
        withClock { _ in
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Go"
            let button = UIButton(configuration: configuration)
            #expect(button.intrinsicContentSize == CGSize(width: 23 + 24, height: 20 + 14))
            #expect(button.titleLabel?.textColor == UIColor.white)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            window.backgroundColor = .white
            button.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
            window.addSubview(button)
            CATransaction.flush()
            let canvas = TestCanvas(width: 60, height: 40, background: nil)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = window.layer
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.addUpdate(renderer.bounds); renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 3, 20).isClose(to: Pixel(0, 122, 255), tolerance: 2), "\(canvas.pixel(topDown: 3, 20))")
            #expect(canvas.pixel(topDown: 0, 0).isClose(to: .white, tolerance: 40), "outside the rounded corner")
            // Capsule corners are half the height; the update handler sees state changes.
            button.configuration?.cornerStyle = .capsule
            button.layoutIfNeeded()
            #expect(button.subviews.first?.layer.cornerRadius == 20)
            var seen: [Bool] = []
            button.configurationUpdateHandler = { seen.append($0.isHighlighted) }
            button.isHighlighted = true
            #expect(seen.last == true)
        }
    }
}

import CalyxTestSupport
import Testing
import UIKit

/// `UIStackView` over Auto Layout: distributions and alignments as UIKit documents them, hidden views taking no
/// space (and the others sliding when one is hidden in an animation block), and a stack sized by its content.
/// Label sizes from Liberation Sans's tables: "Hello" at 17 points is 39 × 20.
@Suite struct StackViewTests {
    func label(_ text: String = "Hello") -> UILabel { let l = UILabel(); l.text = text; return l }
    func box(_ width: CGFloat, _ height: CGFloat) -> UIView {
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: width), v.heightAnchor.constraint(equalToConstant: height)])
        return v
    }

    func host(_ stack: UIStackView, width: CGFloat? = 300, height: CGFloat? = nil) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        var constraints = [stack.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                           stack.topAnchor.constraint(equalTo: window.topAnchor)]
        if let width { constraints.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        if let height { constraints.append(stack.heightAnchor.constraint(equalToConstant: height)) }
        NSLayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        return window
    }

    /// Two labels of equal hugging in 300 points, 8 apart: the first stretches (UIKit's rule), the second keeps 39.
    @Test func fillStretchesTheFirstOfEqualHuggers() {
        let a = label(), b = label()
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.spacing = 8
        _ = host(stack)
        #expect(a.frame == CGRect(x: 0, y: 0, width: 253, height: 20) && b.frame == CGRect(x: 261, y: 0, width: 39, height: 20))
        #expect(stack.frame.height == 20, "the stack hugs its content across the axis")
    }

    @Test func fillEquallyAndEqualSpacing() {
        let views = (0..<3).map { _ in UIView() }
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        _ = host(stack, width: 320, height: 50)
        #expect(views.map(\.frame.minX) == [0, 110, 220] && views.allSatisfy { $0.frame.width == 100 && $0.frame.height == 50 }, "\(views.map(\.frame))")
        let boxes = (0..<3).map { _ in box(20, 20) }
        let spaced = UIStackView(arrangedSubviews: boxes)
        spaced.distribution = .equalSpacing
        spaced.alignment = .center
        _ = host(spaced, width: 200, height: 60)
        #expect(boxes.map(\.frame.minX) == [0, 90, 180] && boxes.allSatisfy { $0.frame.minY == 20 })
    }

    /// A column of a 100-wide box and a label, centred across: each centred on the stack's 150.
    @Test func verticalCentredColumn() {
        let top = box(100, 30), text = label()
        let stack = UIStackView(arrangedSubviews: [top, text])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 4
        _ = host(stack)
        #expect(top.frame == CGRect(x: 100, y: 0, width: 100, height: 30))
        #expect(text.frame == CGRect(x: ((150 - 19.5) * 3).rounded() / 3, y: 34, width: 39, height: 20), "130.5 on the 3× pixel grid")
        #expect(stack.frame.height == 54)
    }

    /// Hiding the middle of three 50-point boxes 10 apart inside a linear one-second block: the last slides from
    /// 120 to 60, half way at half time.
    @Test func hidingAnArrangedViewSlidesTheOthers() {
        withClock { clock in
            let boxes = (0..<3).map { _ in box(50, 50) }
            let stack = UIStackView(arrangedSubviews: boxes)
            stack.spacing = 10
            stack.alignment = .leading
            let window = host(stack, width: nil)
            CATransaction.flush()
            #expect(boxes[2].frame.minX == 120)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                boxes[1].isHidden = true
                window.layoutIfNeeded()
            })
            #expect(boxes[2].frame.minX == 60 && boxes[1].isHidden && stack.frame.width == 110)
            advance(clock, to: 0.5)
            #expect(abs(boxes[2].layer.presentation()!.position.x - (90 + 25)) < 1e-6)
            boxes[1].isHidden = false
            window.layoutIfNeeded()
            #expect(boxes[2].frame.minX == 120)
            stack.removeArrangedSubview(boxes[0])
            boxes[0].removeFromSuperview()
            window.layoutIfNeeded()
            #expect(boxes[1].frame.minX == 0 && stack.arrangedSubviews.count == 2)
        }
    }
}

import CalyxTestSupport
import Testing
@testable import UIKit

/// Auto Layout as iOS code writes it: anchors, `NSLayoutConstraint.activate`, intrinsic sizes with hugging and
/// compression resistance, margins, multipliers, fitting sizes, and the animated `layoutIfNeeded()` after a
/// constant changes. Expected frames follow from the constraints by hand; label sizes from Liberation Sans's
/// tables ("Hello" at 17 points is ⌈38.74⌉ × ⌈19.55⌉ = 39 × 20).
@Suite struct AutoLayoutTests {
    func container() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        return (window, container)
    }

    func constrained(in parent: UIView) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    @Test func edgesAndHeight() {
        let (window, container) = container()
        let child = constrained(in: container)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 10, width: 260, height: 50))
        #expect(child.constraints.count == 1 && container.constraints.count == 3, "kept in the common ancestor (a constant size in the view)")
        // The container resized: the child follows at the next layout.
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        window.layoutIfNeeded()
        #expect(child.frame.width == 160)
    }

    @Test func intrinsicSizesCentreAndMultipliers() {
        let (window, container) = container()
        let label = UILabel()
        label.text = "Hello"
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        let half = constrained(in: container)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            half.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
            half.heightAnchor.constraint(equalTo: half.widthAnchor, multiplier: 0.5, constant: 5),
            half.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            half.leftAnchor.constraint(equalTo: container.leftAnchor),
        ])
        window.layoutIfNeeded()
        // Centred at 130.5, on the 3× screen's pixel grid (edges rounded to thirds of a point, as UIKit places them).
        #expect(label.frame == CGRect(x: ((150 - 19.5) * 3).rounded() / 3, y: 90, width: 39, height: 20))
        #expect(half.frame == CGRect(x: 0, y: 118, width: 150, height: 80))
    }

    /// Two labels between the edges, 8 apart: the one that hugs harder keeps its text's width; the other
    /// stretches. Raising the other's hugging flips it.
    @Test func huggingDecidesWhoStretches() {
        let (window, container) = container()
        let a = UILabel(), b = UILabel()
        a.text = "Hello"; b.text = "Hello"
        for label in [a, b] { label.translatesAutoresizingMaskIntoConstraints = false; container.addSubview(label) }
        a.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            a.topAnchor.constraint(equalTo: container.topAnchor), b.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(a.frame.width == 39 && b.frame.minX == 47 && b.frame.width == 253)
        b.setContentHuggingPriority(UILayoutPriority(800), for: .horizontal)
        window.layoutIfNeeded()
        #expect(b.frame.width == 39 && a.frame.width == 253)
    }

    @Test func marginsGuidesAndDeactivation() {
        let (window, container) = container()
        container.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let child = constrained(in: container)
        let edges = [
            child.leadingAnchor.constraint(equalTo: container.layoutMarginsGuide.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: container.layoutMarginsGuide.trailingAnchor),
            child.topAnchor.constraint(equalTo: container.safeAreaLayoutGuide.topAnchor),
            child.bottomAnchor.constraint(equalTo: container.layoutMarginsGuide.bottomAnchor),
        ]
        NSLayoutConstraint.activate(edges)
        window.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 0, width: 240, height: 170))
        #expect(container.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 10, width: 240, height: 160))
        NSLayoutConstraint.deactivate(edges)
        #expect(!edges[0].isActive && container.constraints.isEmpty)
        window.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 0, width: 240, height: 170), "an unconstrained view stays where it was")
    }

    /// The iOS idiom: change a constant, then `layoutIfNeeded()` inside an animation block — the view moves
    /// there along the curve (linear: half way at half time).
    @Test func changingAConstantAnimatesInABlock() {
        withClock { clock in
            let (window, container) = container()
            let box = constrained(in: container)
            let left = box.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 0)
            NSLayoutConstraint.activate([left, box.topAnchor.constraint(equalTo: container.topAnchor),
                                         box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40)])
            window.layoutIfNeeded()
            CATransaction.flush()
            #expect(box.center == CGPoint(x: 20, y: 20))
            left.constant = 200
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { container.layoutIfNeeded() })
            #expect(box.center.x == 220)
            advance(clock, to: 0.5)
            #expect(abs(box.layer.presentation()!.position.x - 120) < 1e-6)
        }
    }

    /// A transformed view keeps its transform: Auto Layout sets its bounds and centre.
    @Test func transformsAreKept() {
        let (window, container) = container()
        let box = constrained(in: container)
        box.transform = CGAffineTransform(scaleX: 2, y: 2)
        NSLayoutConstraint.activate([box.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                                     box.centerYAnchor.constraint(equalTo: container.centerYAnchor),
                                     box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.bounds.size == CGSize(width: 10, height: 10) && box.center == CGPoint(x: 150, y: 100))
        #expect(box.transform == CGAffineTransform(scaleX: 2, y: 2) && box.frame.width == 20)
    }

    /// A card around a label with 10-point insets fits its content: the label's 39 × 20 plus 20 each way.
    @Test func fittingSizesAndConflicts() {
        let card = UIView()
        let label = UILabel()
        label.text = "Hello"
        label.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        #expect(card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 59, height: 40))
        let wide = card.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(wide == CGSize(width: 200, height: 40))
        // Contradicting required constraints: laid out without a crash, one of them kept.
        let (window, container) = container()
        let box = constrained(in: container)
        NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 50), box.widthAnchor.constraint(equalToConstant: 70),
                                     box.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(box.frame.width == 50 || box.frame.width == 70)
    }

    /// The random programs' crash: a view whose frame is infinite, with a constrained view tied to it. The
    /// infinite pins are refused (documented: non-finite constraints are dropped), and the rest is laid out.
    @Test func infiniteFramesDoNotTrapTheSolver() {
        let (window, _) = container()
        let huge = UIView(frame: .infinite)
        window.addSubview(huge)
        let box = constrained(in: huge)
        let width = box.widthAnchor.constraint(equalTo: huge.widthAnchor, multiplier: .infinity, constant: -660.12)
        NSLayoutConstraint.activate([width, box.leadingAnchor.constraint(equalTo: huge.trailingAnchor, constant: -660.12)])
        huge.layoutIfNeeded()
        width.constant = 660.12
        window.layoutIfNeeded()
        _ = box.systemLayoutSizeFitting(CGSize(width: 44.58, height: 33.76))
        #expect(box.frame.width.isFinite && box.frame.minX.isFinite, "laid out without trapping, to a frame that can be drawn")
    }

    /// The random programs' hang (seed 16): a window holding a table of frame-placed cells and one constrained view
    /// solved every view of the tree, once per view laid out — minutes for a few hundred views. Views that no
    /// constraint touches stay out of the solve; the constrained view is still placed, beside them.
    @Test func framePlacedSubtreesStayOutOfTheSolve() {
        let (window, container) = container()
        for k in 0..<500 {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(k) * 2, width: 300, height: 2))
            row.addSubview(UIView(frame: row.bounds.insetBy(dx: 4, dy: 0)))
            container.addSubview(row)
        }
        let box = constrained(in: container)
        NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 30),
                                     box.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -10)])
        window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 250, y: 0, width: 40, height: 30))
        #expect(LayoutSystem(root: window, freeRootSize: nil).viewCount == 3, "the window, the container and the box; not 1,000 rows")
    }
}

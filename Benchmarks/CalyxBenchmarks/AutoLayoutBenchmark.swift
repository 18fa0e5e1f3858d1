import Foundation
import MallocInterposerSwift
import UIKit

/// Auto Layout's figures (issue 25): a phone screen of 40 cards, each a view with a label inside, held by 200
/// constraints — what re-solving it costs after one constant changes (the `layoutIfNeeded()` of the animation
/// idiom), against the 16.7 ms of a 60 Hz frame and against assigning the same 80 frames directly; what a layout
/// pass with nothing changed costs; and the allocations of one re-solve.
enum AutoLayoutBenchmark {
    static func run(into report: inout BenchReport) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let content = UIView(frame: window.bounds)
        window.addSubview(content)
        var cards: [UIView] = [], labels: [UILabel] = []
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        for i in 0..<40 {
            let card = UIView(), label = UILabel()
            label.text = "Card \(i)"
            for v in [card, label] as [UIView] { v.translatesAutoresizingMaskIntoConstraints = false }
            content.addSubview(card)
            card.addSubview(label)
            constraints += [
                card.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
                card.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
                card.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? content.topAnchor, constant: 4),
                label.centerYAnchor.constraint(equalTo: card.centerYAnchor),
                label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            ]
            cards.append(card); labels.append(label)
            previous = card
        }
        NSLayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        let first = constraints[2]
        var flip = false
        let resolve = medianSeconds(runs: 41) {
            flip.toggle()
            first.constant = flip ? 8 : 4
            content.layoutIfNeeded()
        }
        let idle = medianSeconds(runs: 41) { content.layoutIfNeeded() }
        // The same 80 frames assigned by hand.
        let frames = (cards + labels).map(\.frame)
        let direct = medianSeconds(runs: 41) {
            for (view, frame) in zip(cards + labels, frames) { view.frame = frame.offsetBy(dx: flip ? 1 : 0, dy: 0) }
            flip.toggle()
        }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        first.constant = 5
        content.layoutIfNeeded()
        MallocInterposerSwift.unhook()
        let mallocs = Double(MallocInterposerSwift.getStatistics().mallocCount)
        report.add("autolayout-resolve-200-constraints", resolve * 1000, "ms",
                   note: String(format: "a constant changed, 40 cards with labels re-solved and placed; %.1f %% of a 60 Hz frame", resolve / (1.0 / 60) * 100))
        report.add("autolayout-resolve-vs-direct-frames", resolve / direct, "x",
                   note: "the re-solve against assigning the same 80 frames directly, same run")
        report.add("autolayout-unchanged-layout-pass", idle * 1e6, "us", note: "layoutIfNeeded() with nothing changed")
        report.add("autolayout-resolve-mallocs", mallocs, "allocations", note: "allocations of one re-solve")
    }
}

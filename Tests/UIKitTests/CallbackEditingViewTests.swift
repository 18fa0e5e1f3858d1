import Testing
import Foundation
import UIKit

/// View callbacks that edit what UIKit is walking (docs/bad-input.md): each edit takes effect, in iOS's order
/// where it has one, and nothing recurses without end.
@Suite struct CallbackEditingViewTests {
    /// Moves itself to `elsewhere` when it lands anywhere else.
    final class Restless: UIView, @unchecked Sendable {
        weak var elsewhere: UIView?
        var moves = 0
        override func didMoveToSuperview() {
            moves += 1
            if let elsewhere, superview != nil, superview !== elsewhere { elsewhere.addSubview(self) }
        }
    }

    @Test func aViewThatMovesItselfWhenItMoves() {
        let a = UIView(), b = UIView()
        let restless = Restless()
        restless.elsewhere = b
        a.addSubview(restless)
        // It landed in a, then moved on to b once a's move was over.
        #expect(restless.superview === b && b.subviews == [restless] && a.subviews.isEmpty && restless.moves == 2)
    }

    /// Two views that each move the other's... a view that always moves itself on stops after a bounded chain.
    final class Wanderer: UIView, @unchecked Sendable {
        var homes: [UIView] = []
        override func didMoveToSuperview() {
            guard let here = superview, let i = homes.firstIndex(where: { $0 === here }) else { return }
            homes[(i + 1) % homes.count].addSubview(self)
        }
    }

    @Test func aViewThatNeverStopsMovingStops() {
        let homes = [UIView(), UIView()]
        let wanderer = Wanderer()
        wanderer.homes = homes
        homes[0].addSubview(wanderer)
        #expect(wanderer.superview != nil && homes.filter { $0.subviews.contains(wanderer) }.count == 1)
        wanderer.homes = []   // (the homes hold the wanderer)
    }

    final class LeavesOnArrival: UIView, @unchecked Sendable {
        override func willMove(toSuperview newSuperview: UIView?) {
            if newSuperview != nil { removeFromSuperview() }
        }
    }

    @Test func aViewThatLeavesWhileArriving() {
        let parent = UIView()
        let view = LeavesOnArrival()
        parent.addSubview(view)
        // The removal asked for during the arrival runs after it: the view ends outside.
        #expect(view.superview == nil && parent.subviews.isEmpty && parent.layer.sublayers == nil)
    }

    /// A layout that asks for layout again and lays out at once: one pass now, the next at the next commit.
    final class EagerLayout: UIView, @unchecked Sendable {
        var passes = 0
        override func layoutSubviews() {
            passes += 1
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    @Test func aLayoutThatLaysItselfOutAgain() {
        let view = EagerLayout(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        CATransaction.flush()
        // The commit lays out what is flagged, at most 32 rounds.
        #expect(view.passes > 1 && view.passes <= 33)
    }

    /// An action lookup that changes the property it is asked about: the change stands, and the lookups stop.
    final class Echo: UIView, @unchecked Sendable {
        var lookups = 0
        override func action(for layer: CALayer, forKey event: String) -> CAAction? {
            if event == "opacity" { lookups += 1; layer.opacity = layer.opacity == 1 ? 0.5 : 1 }
            return super.action(for: layer, forKey: event)
        }
    }

    @Test func anActionLookupThatChangesItsKey() {
        let view = Echo()
        view.alpha = 0.25
        #expect(view.lookups == 8)
        #expect(view.alpha == 0.5 || view.alpha == 1)
    }

    @Test func flushAndUnbalancedCommitsInsideLayoutAreIgnored() {
        final class Flusher: UIView, @unchecked Sendable {
            override func layoutSubviews() { CATransaction.flush(); CATransaction.commit(); backgroundColor = .red }
        }
        withClock { _ in
            var completions = 0
            let view = Flusher(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setCompletionBlock { completions += 1 }
            view.setNeedsLayout()
            CATransaction.commit()
            CAProcessAnimationEvents()
            CAProcessAnimationEvents()
            #expect(completions == 1 && view.backgroundColor == .red)
        }
    }

    /// Moves itself to the other home twice each time it moves, as the random programs' views did: each move asks
    /// for two more, so chains of 64 would branch into 2⁶⁴ moves. One outermost move runs a bounded number.
    final class Doubler: UIView, @unchecked Sendable {
        var homes: [UIView] = []
        var moves = 0
        override func didMoveToSuperview() {
            moves += 1
            guard let here = superview, let i = homes.firstIndex(where: { $0 === here }) else { return }
            let other = homes[(i + 1) % homes.count]
            other.addSubview(self)
            here.addSubview(self)
        }
    }

    @Test func movesThatEachAskForTwoMoreStop() {
        let homes = [UIView(), UIView()]
        let doubler = Doubler()
        doubler.homes = homes
        let clock = ContinuousClock()
        let elapsed = clock.measure { homes[0].addSubview(doubler) }
        #expect(doubler.moves <= 1_001 + 64, "\(doubler.moves) moves")
        #expect(elapsed < .seconds(5))
        #expect(doubler.superview != nil)
        // The doubler and its homes hold each other (a cycle this test made, as an app would): break it.
        doubler.homes = []
        doubler.removeFromSuperview()
    }
}

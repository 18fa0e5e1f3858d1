import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// Application code that Calyx calls while walking its own state may edit that state (docs/bad-input.md,
/// "Callbacks that edit what is being walked"). Each test makes a callback edit the list being walked and checks
/// the documented result, not only that nothing crashed.
@Suite struct CallbackEditingTests {
    /// A delegate that runs `onStart` and `onStop`.
    final class Editor: NSObject, CAAnimationDelegate, @unchecked Sendable {
        var onStart: (CAAnimation) -> Void = { _ in }
        var onStop: (CAAnimation, Bool) -> Void = { _, _ in }
        func animationDidStart(_ anim: CAAnimation) { onStart(anim) }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { onStop(anim, flag) }
    }

    func fade(_ duration: CFTimeInterval, delegate: CAAnimationDelegate? = nil) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = duration
        a.delegate = delegate
        return a
    }

    /// The random-program crash: on a tiled layer, an animation whose `animationDidStart` adds an animation to
    /// another layer, re-parents layers and removes an animation of its own layer by key, beside a transition;
    /// then a `CARenderer` frame. The dispatcher was walking the layer's animations by index while the callback
    /// shortened them.
    @Test func aStartCallbackThatRemovesAnimationsOfItsLayer() {
        withClock(at: 0) { clock in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
            let tiled = CATiledLayer(); tiled.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            let other = CALayer(); other.frame = CGRect(x: 32, y: 32, width: 16, height: 16)
            root.addSublayer(tiled); root.addSublayer(other)
            CATransaction.flush()
            let editor = Editor()
            var started: [String] = []
            editor.onStart = { anim in
                started.append("\(anim.duration)")
                other.add(self.fade(2), forKey: "late")
                other.removeFromSuperlayer()
                tiled.addSublayer(other)
                tiled.removeAnimation(forKey: "second")
                tiled.removeAnimation(forKey: "third")
            }
            tiled.add(fade(1, delegate: editor), forKey: "first")
            tiled.add(fade(1.5, delegate: editor), forKey: "second")
            tiled.add(fade(3), forKey: "third")
            tiled.add(CATransition(), forKey: nil)
            CATransaction.flush()
            clock.setManualTime(0.1)
            CAProcessAnimationEvents()
            let (_, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0.1)
            // The first start removed "second" before its turn came: it never starts, and is reported stopped.
            #expect(started == ["1.0"])
            #expect(tiled.animationKeys() == ["first", "transition"] && other.animationKeys() == ["late"])
            #expect(other.superlayer === tiled)
            editor.onStart = { _ in }   // (the layer holds its animation, which holds its delegate, which held the layer)
        }
    }

    /// A stop callback that adds and removes animations of the same layer while the dispatcher walks the finished
    /// ones: each finished animation is reported once, and what the callback added stays.
    @Test func aStopCallbackThatEditsItsLayer() {
        withClock(at: 0) { clock in
            let layer = CALayer()
            CATransaction.flush()
            let editor = Editor()
            var stops: [Bool] = []
            editor.onStop = { _, flag in
                stops.append(flag)
                layer.removeAllAnimations()
                layer.add(self.fade(5), forKey: "again")
            }
            layer.add(fade(0.5, delegate: editor), forKey: "a")
            layer.add(fade(0.5, delegate: editor), forKey: "b")
            CATransaction.flush()
            clock.setManualTime(1)
            CAProcessAnimationEvents()
            CAProcessAnimationEvents()
            // "a" finished and was reported; its callback removed "b" (reported unfinished) and added "again".
            #expect(stops == [true, false] && layer.animationKeys() == ["again"])
        }
    }

    /// A callback that removes the layer being processed from the tree, and one that drops the last reference to
    /// another tracked layer: the pass finishes with the layers it took at its start.
    @Test func callbacksThatRemoveTrackedLayers() {
        withClock(at: 0) { clock in
            let root = CALayer()
            var doomed: CALayer? = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            CATransaction.flush()
            let editor = Editor()
            var stopped = 0
            editor.onStop = { _, _ in
                stopped += 1
                child.removeFromSuperlayer()
                doomed = nil
            }
            child.add(fade(0.5, delegate: editor), forKey: "a")
            doomed!.add(fade(0.5, delegate: editor), forKey: "a")
            CATransaction.flush()
            clock.setManualTime(1)
            CAProcessAnimationEvents()
            #expect(stopped == 2 && child.superlayer == nil && doomed == nil)
        }
    }

    /// A layer delegate that runs `onAction` when its layer looks up an action.
    final class ActionEditor: NSObject, CALayerDelegate, @unchecked Sendable {
        var onAction: (String) -> Void = { _ in }
        func action(for layer: CALayer, forKey event: String) -> CAAction? { onAction(event); return nil }
    }

    /// The random programs' cycle: a mask moved into a new parent leaves the layer it masked, whose action lookup
    /// (application code) moved that parent under the mask. The tree changed after the lookup, so the cycle check
    /// had passed before the move it allowed; now the tree changes first and the lookup runs on a whole tree,
    /// where the move it asks for is refused as a cycle.
    @Test func aCallbackCannotCloseACycleMidMove() {
        withClock(at: 0) { _ in
            let masked = CALayer(), mask = CALayer(), parent = CALayer()
            masked.mask = mask
            let editor = ActionEditor()
            masked.delegate = editor
            editor.onAction = { key in if key == "mask" { mask.addSublayer(parent) } }
            let reports = DiagnosticLog()
            CALayerTreeDiagnostics.$handler.withValue({ reports.append("\($0)") }) {
                parent.addSublayer(mask)
            }
            #expect(mask.superlayer === parent && parent.superlayer == nil && masked.mask == nil)
            #expect(reports.entries.count == 1 && reports.entries[0].contains("cycle"))
        }
    }

    /// A start callback that moves its layer's parent in time: the event pass finds each layer's local time once
    /// per pass through its ancestors, and must find them again after a callback, so a sibling's animation that
    /// the jump ended is reported stopped in the same pass.
    @Test func aStartCallbackThatShiftsTheParentsTime() {
        withClock(at: 0) { clock in
            let parent = CALayer(), starter = CALayer(), sibling = CALayer()
            parent.addSublayer(starter); parent.addSublayer(sibling)
            CATransaction.flush()
            let editor = Editor()
            editor.onStart = { _ in parent.timeOffset = 50 }
            var siblingStops: [Bool] = []
            let watcher = Editor()
            watcher.onStop = { _, flag in siblingStops.append(flag) }
            starter.add(fade(1, delegate: editor), forKey: "first")
            sibling.add(fade(10, delegate: watcher), forKey: "long")
            CATransaction.flush()
            clock.setManualTime(0.1)
            CAProcessAnimationEvents()
            #expect(siblingStops == [true])
            editor.onStart = { _ in }
        }
    }
}

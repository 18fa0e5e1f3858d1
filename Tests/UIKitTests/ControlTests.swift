import Testing
import Foundation
import UIKit

/// `UIControl` as custom iOS controls use it: touches become control events with UIKit's bit values, sent to
/// closure actions in order; tracking calls bracket the touch; the control is highlighted while the touch is
/// inside (with UIKit's 70-point drag margin); a disabled control sends nothing.
@Suite struct ControlTests {
    /// A checkbox that toggles on touch up inside and says so, as M13Checkbox-style controls do.
    final class Checkbox: UIControl, @unchecked Sendable {
        var calls: [String] = []
        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("begin"); return true }
        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("continue"); return true }
        override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
            calls.append("end")
            if isTouchInside { isSelected.toggle(); sendActions(for: .valueChanged) }
        }
    }

    func scene() -> (UIWindow, Checkbox, Recorder) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let box = Checkbox(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
        window.addSubview(box)
        let recorder = Recorder()
        for (name, event) in [("down", UIControl.Event.touchDown), ("dragIn", .touchDragInside), ("dragOut", .touchDragOutside),
                              ("enter", .touchDragEnter), ("exit", .touchDragExit), ("upIn", .touchUpInside),
                              ("upOut", .touchUpOutside), ("changed", .valueChanged), ("cancel", .touchCancel)] {
            box.addAction(UIAction(identifier: .init(name)) { action in
                recorder.events.append(name)
                recorder.senders.append(ObjectIdentifier(action.sender as AnyObject))
            }, for: event)
        }
        return (window, box, recorder)
    }

    final class Recorder: @unchecked Sendable {
        var events: [String] = []
        /// Who sent each event, by identity (holding the senders would close a cycle through their actions).
        var senders: [ObjectIdentifier] = []
    }

    @Test func eventBitsAreUIKits() {
        #expect(UIControl.Event.touchUpInside.rawValue == 64 && UIControl.Event.valueChanged.rawValue == 4096)
        #expect(UIControl.Event.allTouchEvents.rawValue == 0xFFF && UIControl.State.selected.rawValue == 4)
    }

    @Test func aTapTogglesAndSendsEventsInOrder() {
        let (window, box, recorder) = scene()
        window.sendPointer(.began, at: CGPoint(x: 60, y: 60))
        #expect(box.isTracking && box.isHighlighted && box.state == .highlighted)
        window.sendPointer(.moved, at: CGPoint(x: 70, y: 70))
        window.sendPointer(.ended, at: CGPoint(x: 70, y: 70))
        #expect(recorder.events == ["down", "dragIn", "changed", "upIn"])
        #expect(box.calls == ["begin", "continue", "end"])
        #expect(box.isSelected && !box.isHighlighted && !box.isTracking && box.state == .selected)
        #expect(recorder.senders.allSatisfy { $0 == ObjectIdentifier(box) })
    }

    /// The sender is the control only while the handler runs: a control whose actions have run is freed with
    /// its window (the action kept its sender, which holds its actions).
    @Test func aControlWhoseActionsRanIsFreed() {
        weak var freed: Checkbox?
        do {
            let (window, box, _) = scene()
            window.sendPointer(.began, at: CGPoint(x: 60, y: 60))
            window.sendPointer(.ended, at: CGPoint(x: 60, y: 60))
            freed = box
        }
        #expect(freed == nil)
    }

    @Test func draggingPastTheMarginExitsAndLiftingThereIsOutside() {
        let (window, box, recorder) = scene()
        window.sendPointer(.began, at: CGPoint(x: 60, y: 60))
        window.sendPointer(.moved, at: CGPoint(x: 150, y: 60))   // 60 points right of the box: still inside
        #expect(box.isTouchInside && box.isHighlighted)
        window.sendPointer(.moved, at: CGPoint(x: 170, y: 60))   // 80 points right: outside
        #expect(!box.isTouchInside && !box.isHighlighted)
        window.sendPointer(.ended, at: CGPoint(x: 170, y: 60))
        #expect(recorder.events == ["down", "dragIn", "dragOut", "exit", "upOut"])
        #expect(!box.isSelected)
    }

    @Test func aDisabledControlSendsNothingAndRemovedActionsStop() {
        let (window, box, recorder) = scene()
        box.isEnabled = false
        #expect(box.state == .disabled)
        window.sendPointer(.began, at: CGPoint(x: 60, y: 60))
        window.sendPointer(.ended, at: CGPoint(x: 60, y: 60))
        #expect(recorder.events.isEmpty)
        box.isEnabled = true
        box.removeAction(identifiedBy: .init("down"), for: .touchDown)
        #expect(!box.allControlEvents.contains(.touchDown) && box.allControlEvents.contains(.touchUpInside))
        window.sendPointer(.began, at: CGPoint(x: 60, y: 60))
        window.sendPointer(.cancelled, at: CGPoint(x: 60, y: 60))
        #expect(recorder.events == ["cancel"])
    }
}

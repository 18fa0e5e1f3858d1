import Testing
import Foundation
import QuartzCore
import UIKit
@testable import Lottie

/// lottie-ios's animated controls, touched through a window as an app's users touch them. Expectations follow
/// lottie-ios's documentation of `AnimatedControl`, `AnimatedButton` and `AnimatedSwitch`: a state may show one
/// top-level layer alone, a button plays its whole animation when a touch ends inside, a switch plays 0→1 turning
/// on and 1→0 turning off and sends `.valueChanged` when tapped.
@Suite struct AnimatedControlTests {
    /// Two squares in top-level layers named "Idle" and "Pressed".
    static let twoStates = try! LottieAnimation.from(data: composition(
        squareLayer(x: 20, y: 20, index: 1, extra: #""nm":"Idle","ks":{}"#) + "," +
        squareLayer(x: 70, y: 60, index: 2, extra: #""nm":"Pressed","ks":{}"#)))

    /// Which of the animation's top-level layers show.
    func shown(_ control: AnimatedControl) -> [String] {
        (control.animationView.animationLayer.keypathRegistry?.topLevelLayers ?? []).filter { !$0.layer.isHidden }.map(\.name).sorted()
    }

    func inWindow<Control: AnimatedControl>(_ control: Control) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        control.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        window.addSubview(control)
        window.layoutIfNeeded()
        return window
    }

    @Test func aButtonShowsItsPressedLayerAndPlaysWhenTappedInside() {
        withManualClock { _ in
            let button = AnimatedButton(animation: Self.twoStates)
            let window = inWindow(button)
            #expect(button.animationView.frame == button.bounds)
            #expect(button.accessibilityTraits.contains(.button))
            var actions = 0
            button.performAction = { actions += 1 }
            button.setLayer(named: "Pressed", forState: .highlighted)
            #expect(shown(button) == ["Idle", "Pressed"])

            window.sendPointer(.began, at: CGPoint(x: 50, y: 40))
            #expect(shown(button) == ["Pressed"] && !button.animationView.isAnimationPlaying)
            window.sendPointer(.ended, at: CGPoint(x: 50, y: 40))
            #expect(actions == 1 && shown(button) == ["Idle", "Pressed"])
            #expect(button.animationView.currentPlaybackMode == .playing(.fromProgress(0, toProgress: 1, loopMode: .playOnce)))

            button.setPlayRange(fromProgress: 0.25, toProgress: 0.5, event: .touchUpInside)
            window.sendPointer(.began, at: CGPoint(x: 50, y: 40))
            window.sendPointer(.ended, at: CGPoint(x: 50, y: 40))
            #expect(actions == 2 && button.animationView.currentPlaybackMode == .playing(.fromProgress(0.25, toProgress: 0.5, loopMode: .playOnce)))

            // Lifted far outside: no action, and nothing set for touchUpOutside plays.
            button.animationView.stop()
            window.sendPointer(.began, at: CGPoint(x: 50, y: 40))
            window.sendPointer(.moved, at: CGPoint(x: 290, y: 290))
            window.sendPointer(.ended, at: CGPoint(x: 290, y: 290))
            #expect(actions == 2 && !button.animationView.isAnimationPlaying)
        }
    }

    @Test func aSwitchTogglesWhenTappedAndShowsItsStateWhenSet() {
        withManualClock { _ in
            let toggle = AnimatedSwitch(animation: Self.twoStates)
            let window = inWindow(toggle)
            var changes = 0, updates: [Bool] = []
            toggle.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            toggle.stateUpdated = { updates.append($0) }
            #expect(!toggle.isOn && toggle.animationView.currentProgress == 0 && toggle.accessibilityValue == "Off")

            window.sendPointer(.began, at: CGPoint(x: 50, y: 40))
            window.sendPointer(.ended, at: CGPoint(x: 50, y: 40))
            #expect(toggle.isOn && changes == 1 && updates == [true] && toggle.accessibilityValue == "On")
            #expect(toggle.animationView.currentPlaybackMode == .playing(.fromProgress(0, toProgress: 1, loopMode: .playOnce)))

            toggle.isOn = false
            #expect(!toggle.isOn && toggle.animationView.currentProgress == 0 && !toggle.animationView.isAnimationPlaying)
            #expect(changes == 1, "setting isOn in code sends no event")

            toggle.setProgressForState(fromProgress: 0.5, toProgress: 0.75, forOnState: true)
            toggle.setIsOn(true, animated: false)
            #expect(toggle.animationView.currentProgress == 0.75)
            toggle.setIsOn(true, animated: true)
            #expect(!toggle.animationView.isAnimationPlaying, "already on: nothing plays")
        }
    }
}

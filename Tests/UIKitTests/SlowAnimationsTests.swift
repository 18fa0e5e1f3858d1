import Testing
import Foundation
import UIKit
@testable import QuartzCore

/// The "Slow Animations" switch: animations added while it is 10 run ten times slower, delays included; ones
/// added before keep their pace; the animation objects are unchanged.
@Suite struct SlowAnimationsTests {
    @Test func slowsBlockAnimationsAndTheirDelays() {
        withClock { clock in
            CAAnimation.slowAnimationsFactor = 10   // this test's clock only
            let view = committedView()
            var finished: Bool?
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
                view.center = CGPoint(x: 105, y: 5)
            }, completion: { finished = $0 })
            #expect(view.layer.animation(forKey: "position")?.duration == 1)
            advance(clock, to: 4)     // still in the delay (0.5 × 10 = 5 s)
            #expect(abs(view.layer.presentation()!.position.x - 5) < 1e-6)
            advance(clock, to: 10)    // half-way through 10 s of motion
            #expect(abs(view.layer.presentation()!.position.x - 55) < 1e-6)
            advance(clock, to: 14.9)
            #expect(finished == nil)
            advance(clock, to: 15.1)
            #expect(finished == true)
        }
    }

    @Test func slowsExplicitAnimationsAddedAfterTheSwitch() {
        withClock { clock in
            let before = CALayer(), after = CALayer()
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
            before.add(a, forKey: "fade")
            CAAnimation.slowAnimationsFactor = 4
            after.add(a, forKey: "fade")
            CATransaction.flush()
            clock.setManualTime(0.5)
            #expect(abs(before.presentation()!.opacity - 0.5) < 1e-6)
            #expect(abs(after.presentation()!.opacity - 0.125) < 1e-6)
            // Hostile values are ignored.
            for bad in [Double.nan, .infinity, 0, -2] { CAAnimation.slowAnimationsFactor = bad }
            #expect(CAAnimation.slowAnimationsFactor == 4)
        }
    }

    /// The environment variable (read once, when the first clock is made): a finite positive number, else 1.
    @Test func environmentVariable() {
        #expect(CAMediaClock.slowAnimationsFactor(environment: ["CALYX_SLOW_ANIMATIONS": "10"]) == 10)
        #expect(CAMediaClock.slowAnimationsFactor(environment: ["CALYX_SLOW_ANIMATIONS": "0.5"]) == 0.5)
        for bad in ["", "on", "nan", "inf", "0", "-3"] {
            #expect(CAMediaClock.slowAnimationsFactor(environment: ["CALYX_SLOW_ANIMATIONS": bad]) == 1)
        }
        #expect(CAMediaClock.slowAnimationsFactor(environment: [:]) == 1)
    }
}

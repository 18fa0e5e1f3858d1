import Testing
import Foundation
import UIKit

/// `UIView.perform(.delete, on:…)`: 0.3 s ease-in-ease-out; the view shrinks to half about its centre, fades out
/// and blurs to 10 points, then is removed (docs/view-animation.md §9). Expectations from that definition: the
/// ease-in-ease-out curve is symmetric, so at 0.15 s every value is half-way.
@Suite struct SystemDeleteAnimationTests {
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    @Test func blursShrinksFadesThenRemoves() {
        withClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.backgroundColor = .white
            let doomed = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            doomed.backgroundColor = .red
            let neighbour = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(doomed)
            window.addSubview(neighbour)
            let ctx = CGContext(data: nil, width: 200, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = window.layer
            CATransaction.flush()
            var finished: Bool?
            // The parallel block runs at the system's timing: its linear curve and 5 s are ignored.
            UIView.perform(.delete, on: [doomed], options: [.curveLinear], animations: {
                neighbour.center = CGPoint(x: 105, y: 5)
            }, completion: { finished = $0 })
            #expect(neighbour.layer.animation(forKey: "position")?.duration == 0.3)
            advance(clock, to: 0.15)
            renderer.beginFrame(atTime: 0.15, timeStamp: nil); renderer.render(); renderer.endFrame()
            let image = ctx.makeImage()!, bytes = image.dataProvider!.data! as Data
            func green(_ x: Int, _ y: Int) -> Double { Double(bytes[y * image.bytesPerRow + x * 4 + 1]) }
            // Half-way: scale 0.75 (an edge 37.5 points from the centre), alpha 0.5, blur σ 5 in the view's own
            // space, so 3.75 on screen. Green measures how much red covers white: 255 × (1 − 0.5 × coverage),
            // coverage = Φ(distance inside the edge / σ).
            for d in [-30, -5, 0, 5, 10] {   // points inside (+) or outside (−) the edge, along the row through the centre
                let x = 100 + Int(37.5) - d
                let coverage = phi((37.5 - (Double(x) + 0.5 - 100)) / 3.75)
                let expected = 255 * (1 - 0.5 * coverage)
                #expect(abs(green(x, 100) - expected) <= 6, "d \(d): \(green(x, 100)) vs \(expected)")
            }
            #expect(abs(green(100, 100) - 127.5) <= 2)
            advance(clock, to: 0.35)
            #expect(finished == true)
            #expect(doomed.superview == nil)
            // Restored for reuse.
            #expect(doomed.alpha == 1 && CATransform3DIsIdentity(doomed.layer.transform) && doomed.layer.filters == nil)
        }
    }

    @Test func anEmptyListStillCompletes() {
        withClock { clock in
            var finished: Bool?
            UIView.perform(.delete, on: [], options: [], animations: nil, completion: { finished = $0 })
            advance(clock, to: 0.5)
            #expect(finished == true)
        }
    }
}

import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Positions on curves: After Effects moves along a segment's Bézier by distance, so with linear easing a layer
/// halfway through a symmetric curve's time is at the curve's midpoint, B(½) = (P0 + 3·P1 + 3·P2 + P3) / 8, and
/// a quarter of the way through time it has covered a quarter of the length (not the point at parameter ¼).
@Suite struct MotionPathTests {
    /// A square's layer moving from (10, 60) to (90, 60) through tangents (0, −40) and (0, −40) — an arch
    /// symmetric about x = 50 — over frames 0…60 with linear easing.
    static let arch = squareLayer(x: 0, y: 0, size: 6, extra: #"""
    "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,60],"to":[0,-40],"ti":[0,-40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[90,60]}]}}
    """#)

    @Test func halfTheTimeIsTheArchsMidpoint() throws {
        let layer = try player(composition(Self.arch))
        withManualClock { clock in
            layer.currentFrame = 30
            let frame = render(layer, at: 0, clock: clock)
            // B(½) = ((10, 60) + 3·(10, 20) + 3·(90, 20) + (90, 60)) / 8 = (50, 30).
            #expect(isRed(frame, 50, 30) && isRed(frame, 48, 32) && isClear(frame, 50, 36) && isClear(frame, 50, 24))
        }
    }

    @Test func progressIsByDistanceAlongTheCurve() throws {
        let value = try JSONDecoder().decode(AnimatedValue<Numbers>.self, from: Data(#"""
        {"a":1,"k":[{"t":0,"s":[10,60],"to":[0,-40],"ti":[0,-40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[90,60]}]}
        """#.utf8))
        #expect(value.hasSpatialTangents)
        // Measure the arch finely and find where a quarter of its length lies.
        let curve = SpatialSegment(from: value.keyframeList![0], to: value.keyframeList![1])
        var lengths = [0.0], last = curve.point(at: 0)
        for k in 1...10_000 {
            let p = curve.point(at: Double(k) / 10_000)
            lengths.append(lengths[k - 1] + hypot(p.x - last.x, p.y - last.y)); last = p
        }
        let quarter = curve.point(at: Double(lengths.firstIndex { $0 >= lengths[10_000] / 4 }!) / 10_000)
        let position = value.spatialValue(atFrame: 15).point
        #expect(hypot(position.x - quarter.x, position.y - quarter.y) < 0.1, "\(position) vs \(quarter)")
        let byParameter = curve.point(at: 0.25)
        #expect(hypot(position.x - byParameter.x, position.y - byParameter.y) > 1, "not the parameter's point")
        // The direction of travel at the top of the arch is along +x.
        let top = try #require(value.spatialValue(atFrame: 30).direction)
        #expect(top.dx > 0 && abs(top.dy) < 1e-6)
    }
}

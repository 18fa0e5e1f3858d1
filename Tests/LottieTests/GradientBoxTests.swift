import Foundation
import QuartzCore
import Testing
@testable import Lottie

/// The box a gradient fill is painted over: for a moving shape, what the shape covers over the animation, not the
/// whole composition (the gradient is painted afresh over its box every frame its points move).
@Suite struct GradientBoxTests {
    /// A 10-point circle gliding from (20, 40) to (60, 40), filled with a red-to-blue gradient.
    let moving = composition("""
    {"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[
      {"ty":"el","p":{"a":1,"k":[{"t":0,"s":[20,40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[60,40]}]},
       "s":{"a":0,"k":[10,10]}},
      {"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,40]},"e":{"a":0,"k":[100,40]},
       "g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}},
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
    ]}]}
    """)

    func gradientLayers(_ layer: CALayer) -> [CAGradientLayer] {
        ((layer as? CAGradientLayer).map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap(gradientLayers)
    }

    /// The circle covers x 15…65 and y 35…45 over the animation (the curves' control points reach no further):
    /// the gradient's box is that grown by the one-point reach, about 52 × 12, not the 100 × 80 composition; the
    /// circle is drawn at both ends, red-ish at the start (x = 20 is a fifth of the way) and blue-ish at the end.
    @Test func aMovingShapesGradientCoversWhereTheShapeGoes() throws {
        try withManualClock { clock in
            let layer = try player(moving)
            let boxes = gradientLayers(layer).map(\.frame)
            #expect(boxes.count == 1)
            let box = try #require(boxes.first)
            #expect(box.minX <= 14.5 && box.maxX >= 65.5 && box.minY <= 34.5 && box.maxY >= 45.5, "\(box)")
            #expect(box.width <= 56 && box.height <= 16, "\(box)")
            let start = render(layer, at: 0, clock: clock)
            let i = 40 * start.stride + 20 * 4
            #expect(start.bytes[i + 3] > 245 && start.bytes[i + 2] > start.bytes[i], "start: \(start.bytes[i..<i + 4])")
            layer.currentProgress = 1
            let end = render(layer, at: 0, clock: clock)
            let j = 40 * end.stride + 60 * 4
            #expect(end.bytes[j + 3] > 245 && end.bytes[j] > end.bytes[j + 2], "end: \(end.bytes[j..<j + 4])")
        }
    }
}

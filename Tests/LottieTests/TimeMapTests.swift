import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// How precompositions nest time: start times add, stretches multiply, and a time remap makes everything below
/// it a function of the root frame — including in and out points, which are then sampled once a frame.
@Suite struct TimeMapTests {
    @Test func startsAddAndStretchesMultiply() {
        let precomp = TimeMap.root.nested(start: 10, stretch: 2)       // content frame f shows at 10 + 2f
        let inner = precomp.nested(start: 5, stretch: 1)               // a layer starting at content frame 5
        #expect(inner.frame(atRootFrame: 30) == 5)                     // root 30 → content 10 → layer 5
        #expect(inner.rootFrame(of: 0) == 20)
        let remapped = TimeMap.root.remapped { 40 - $0 }               // plays backwards from 40
        #expect(remapped.nested(start: 4, stretch: 1).frame(atRootFrame: 6) == 30)
        #expect(remapped.rootFrame(of: 3) == nil && !remapped.isLinear)
    }

    /// A remapped precomposition holding a square shown only from its frame 30: remapped to run backwards from
    /// frame 40, the square shows at the start and is gone once the content's time falls below 30.
    @Test func inAndOutPointsFollowARemap() throws {
        let square = squareLayer(x: 50, y: 40, size: 20).replacingOccurrences(of: #""ip":0"#, with: #""ip":30"#)
        let text = """
        {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"assets":[{"id":"p","w":100,"h":80,"layers":[\(square)]}],
         "layers":[{"ty":0,"ind":1,"refId":"p","w":100,"h":80,"ip":0,"op":60,"st":0,"ks":{},
           "tm":{"a":1,"k":[{"t":0,"s":[1.3333333],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":40,"s":[0]}]}}]}
        """
        let layer = try player(Data(text.utf8))
        withManualClock { clock in
            let early = render(layer, at: 0, clock: clock)
            layer.currentFrame = 20       // content frame 40 − 20 = 20: before the square's in point
            let late = render(layer, at: 0, clock: clock)
            #expect(isRed(early, 50, 40) && isClear(late, 50, 40))
        }
    }

    /// A shape layer's start time does not move its own keyframes: they are in its composition's time (Bodymovin
    /// writes them there). A square moving from x 10 (frame 0) to 80 (frame 15) in a layer starting at −15 is at
    /// x 10 at frame 0 in lottie-web 5.7.5 and ThorVG alike (measured); shifted by the start time, it was at 80.
    /// A precomposition's start time still delays its content (PrecompositionTests).
    @Test func aShapeLayersStartTimeLeavesItsKeyframesInPlace() throws {
        let ks = #""st":-15,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":15,"s":[70,0]}]}}"#
        let layer = try player(composition(squareLayer(x: 10, y: 40, extra: ks).replacingOccurrences(of: #","st":0"#, with: "")))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 10, 40) && isClear(frame, 80, 40))
        }
    }
}

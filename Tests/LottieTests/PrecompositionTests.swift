import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// A precomposition that shows itself is drawn once, not for ever; one that is missing draws nothing.
@Suite struct PrecompositionTests {
    @Test func aPrecompositionThatContainsItselfStops() throws {
        let text = #"""
        {"fr":30,"ip":0,"op":60,"w":100,"h":80,"assets":[{"id":"loop","layers":[
          {"ty":0,"refId":"loop","w":100,"h":80,"ks":{}},
          {"ty":4,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}],
         "layers":[{"ty":0,"refId":"loop","w":100,"h":80,"ks":{}},{"ty":0,"refId":"missing","w":100,"h":80,"ks":{}}]}
        """#
        let layer = try player(Data(text.utf8))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40) && isClear(frame, 20, 20))
        }
        func count(_ l: CALayer) -> Int { 1 + (l.sublayers ?? []).reduce(0) { $0 + count($1) } }
        #expect(count(layer) < 40)
    }
}

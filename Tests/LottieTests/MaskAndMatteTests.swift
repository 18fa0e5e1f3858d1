import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Masks and track mattes where ThorVG is not the oracle, probed at points whose colour follows from After
/// Effects' rules as the Lottie specification describes them (masks combine from the first down; a track matte
/// is the layer above, or the one `tp` names).
@Suite struct MaskAndMatteTests {
    static func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        #"{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x),\#(y)],[\#(x + w),\#(y)],[\#(x + w),\#(y + h)],[\#(x),\#(y + h)]]}}"#
    }

    /// A 60-point red square whose first mask subtracts its middle 40 points and whose second adds back a
    /// 10-point square at its centre: After Effects adds the second to the first's result, so the centre is
    /// red (lottie-web and rlottie draw it so; ThorVG 1.1 leaves it out).
    @Test func aMaskAddedAfterASubtractionShowsAgain() throws {
        let masks = #""hasMask":true,"masksProperties":[{"inv":false,"mode":"s","pt":\#(Self.rectPath(30, 20, 40, 40))},"# +
            #"{"inv":false,"mode":"a","pt":\#(Self.rectPath(45, 35, 10, 10))}],"ks":{}"#
        let layer = try player(composition(squareLayer(x: 50, y: 40, size: 60, extra: masks)))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40), "the added square")
            #expect(isClear(frame, 35, 40) && isClear(frame, 50, 25), "the subtracted middle")
            #expect(isRed(frame, 23, 40) && isRed(frame, 50, 65), "the ring the subtraction leaves")
        }
    }

    /// Expansion grows (or shrinks) the mask's outline with rounded corners, at every frame: a 20-point mask on
    /// a 60-point red square, its expansion linear from 0 at frame 0 to 10 at frame 60 (5 at frame 30). The
    /// pixel 3 outside the mask's edge is cut at frame 0 and shown at 30; the one centred 5.7 from a corner
    /// (3.5 and 4.5 out) is cut even at 30, where the rounded growth reaches 5. An inverted mask's hole grows.
    @Test func expansionMovesTheOutlineEveryFrame() throws {
        let expansion = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[10]}]}"#
        let masks = #""hasMask":true,"masksProperties":[{"inv":false,"mode":"a","x":\#(expansion),"pt":\#(Self.rectPath(40, 30, 20, 20))}],"ks":{}"#
        let layer = try player(composition(squareLayer(x: 50, y: 40, size: 60, extra: masks)))
        withManualClock { clock in
            let first = render(layer, at: 0, clock: clock)
            #expect(isRed(first, 50, 40) && isClear(first, 63, 40), "frame 0: the mask as drawn")
            layer.currentFrame = 30
            let later = render(layer, at: 0, clock: clock)
            #expect(isRed(later, 63, 40) && isRed(later, 50, 26), "frame 30: grown by 5")
            #expect(isClear(later, 63, 54) && isClear(later, 67, 40), "the grown corner is round; 7 out is outside")
        }
        let inverted = masks.replacingOccurrences(of: #""inv":false"#, with: #""inv":true"#)
        let cut = try player(composition(squareLayer(x: 50, y: 40, size: 60, extra: inverted)))
        withManualClock { clock in
            cut.currentFrame = 30
            let frame = render(cut, at: 0, clock: clock)
            #expect(isClear(frame, 63, 40) && isRed(frame, 67, 40) && isRed(frame, 25, 40), "the hole grown by 5")
        }
    }

    /// `tp` names the matte wherever it is in the list; without it the matte is the layer just above. A matte
    /// outside its in and out points covers nothing, so an alpha matte hides all.
    @Test func theMatteIsTheLayerAboveOrTheOneNamed() throws {
        let matte = squareLayer(x: 20, y: 40, size: 20, index: 1, extra: #""td":1,"ks":{}"#)
        let other = squareLayer(x: 80, y: 40, size: 10, index: 2)
        let named = squareLayer(x: 20, y: 40, size: 40, index: 3, extra: #""tt":1,"tp":1,"ks":{}"#)
        let layer = try player(composition([matte, other, named].joined(separator: ",")))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 20, 40) && isClear(frame, 5, 40), "cut to the matte named by tp")
            #expect(isRed(frame, 80, 40), "the layer between is drawn; the matte itself is not")
        }
        let late = squareLayer(x: 20, y: 40, size: 20, index: 1, extra: #""td":1,"ip":30,"ks":{}"#)
            .replacingOccurrences(of: #""ip":0,"#, with: "")
        let matted = squareLayer(x: 20, y: 40, size: 40, index: 2, extra: #""tt":1,"ks":{}"#)
        let hidden = try player(composition([late, matted].joined(separator: ",")))
        withManualClock { clock in
            let before = render(hidden, at: 0, clock: clock)
            hidden.currentFrame = 45
            let after = render(hidden, at: 0, clock: clock)
            #expect(isClear(before, 20, 40), "before the matte's in point")
            #expect(isRed(after, 20, 40), "after it")
        }
    }

    /// A matted layer first in the list has no matte above it: it draws nothing, and nothing fails.
    @Test func aMatteWithNoSourceHidesItsLayer() throws {
        let layer = try player(composition(squareLayer(x: 50, y: 40, size: 40, extra: #""tt":1,"ks":{}"#)))
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isClear(frame, 50, 40))
        }
    }

    /// A layer's blend mode (`bm`) becomes its node's compositing filter, After Effects' numbering mapped to Core
    /// Image's blend modes (soft light 9, hue 12, add 16); hard mix (17), which no filter draws, is drawn normal
    /// and reported unsupported. (How each mode draws: CompositingFilterTests and the ThorVG blend-modes file.)
    @Test func blendModesBecomeCompositingFilters() throws {
        let data = composition([9, 12, 16, 17].enumerated().map { i, bm in
            squareLayer(x: 10 + 20 * Double(i), y: 10, index: i + 1, extra: #""ks":{},"bm":"# + String(bm))
        }.joined(separator: ","))
        func filters(_ layer: CALayer) -> [String] {
            (layer.compositingFilter as? String).map { [$0] } ?? [] + (layer.sublayers ?? []).flatMap(filters)
        }
        try withManualClock { _ in
            let layer = try player(data)
            #expect(Set(filters(layer)) == ["softLightBlendMode", "hueBlendMode", "plusL"])
            let report = try LottieAnimation.from(data: data).featureReport
            #expect(report.used.contains("blend mode soft light") && report.unsupported == ["blend mode hard mix"])
        }
    }
}

import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Merge Paths (`mm`) against After Effects' manual: "Merge" makes one compound path, "Add" the union of the
/// paths' areas, "Subtract" the topmost path's area less the others', "Intersect" what all of them cover, "Exclude
/// Intersections" the union less the intersections; the paths above it are its input, and the fills and strokes
/// above it draw nothing. Two 40-point squares overlapping in a 20-point band are probed at points inside only
/// the first, in both, inside only the second and outside both.
@Suite struct MergePathsTests {
    static let first = (x: 30, y: 40), both = (x: 50, y: 40), second = (x: 70, y: 40), neither = (x: 90, y: 40)

    /// A shape layer whose one group holds `items` (JSON), then a red fill and the group's transform.
    func layer(_ items: String) -> String {
        """
        {"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\(items),
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
        ]}]}
        """
    }
    static let squareA = #"{"ty":"rc","p":{"a":0,"k":[40,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    static let squareB = #"{"ty":"rc","p":{"a":0,"k":[60,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    static func merge(_ mode: Int) -> String { #"{"ty":"mm","mm":"# + "\(mode)}" }

    /// Which of the four probes are red (the others must be clear), at `frame` of the animation.
    func redProbes(_ items: String, atFrame animationFrame: CGFloat = 0) throws -> [Bool] {
        var result: [Bool] = []
        try withManualClock { clock in
            let layer = try player(composition(layer(items)))
            layer.currentFrame = animationFrame
            let frame = render(layer, at: 0, clock: clock)
            for p in [Self.first, Self.both, Self.second, Self.neither] {
                #expect(isRed(frame, p.x, p.y) || isClear(frame, p.x, p.y), "probe \(p) is neither red nor clear")
                result.append(isRed(frame, p.x, p.y))
            }
        }
        return result
    }

    @Test func eachModeCombinesTheAreasAsAfterEffectsSays() throws {
        let pair = Self.squareA + "," + Self.squareB
        #expect(try redProbes(pair + "," + Self.merge(1)) == [true, true, true, false])   // merge: one compound path
        #expect(try redProbes(pair + "," + Self.merge(2)) == [true, true, true, false])   // add
        #expect(try redProbes(pair + "," + Self.merge(3)) == [true, false, false, false]) // subtract: topmost less the rest
        #expect(try redProbes(pair + "," + Self.merge(4)) == [false, true, false, false]) // intersect
        #expect(try redProbes(pair + "," + Self.merge(5)) == [true, false, true, false])  // exclude intersections
        // The other order subtracts the other way.
        #expect(try redProbes(Self.squareB + "," + Self.squareA + "," + Self.merge(3)) == [false, false, true, false])
    }

    /// "Merge" keeps both paths as one, which the fill's rule then fills: with the even-odd rule their overlap
    /// is a hole. "Add" outlines the union, which fills whole by either rule.
    @Test func mergeIsACompoundPathForTheFillsRule() throws {
        func evenOdd(_ items: String) -> String { layer(items).replacingOccurrences(of: #""c":{"a":0,"k":[1,0,0,1]},"#, with: #""r":2,"c":{"a":0,"k":[1,0,0,1]},"#) }
        let pair = Self.squareA + "," + Self.squareB
        try withManualClock { clock in
            let merged = render(try player(composition(evenOdd(pair + "," + Self.merge(1)))), at: 0, clock: clock)
            #expect(isRed(merged, Self.first.x, Self.first.y) && isClear(merged, Self.both.x, Self.both.y))
            let added = render(try player(composition(evenOdd(pair + "," + Self.merge(2)))), at: 0, clock: clock)
            #expect(isRed(added, Self.first.x, Self.first.y) && isRed(added, Self.both.x, Self.both.y))
        }
    }

    /// Styles above the merge draw nothing — a blue fill among the inputs, and a group's own green fill — but
    /// the group's square is still an input, moved by the group's transform.
    @Test func stylesAboveTheMergeDrawNothing() throws {
        let blue = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}"#
        #expect(try redProbes(Self.squareA + "," + Self.squareB + "," + blue + "," + Self.merge(4)) == [false, true, false, false])
        // Square A at (30, 40) in a group moved 10 to the right: it is the topmost input, at (40, 40).
        let group = """
        {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[30,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}
        """
        #expect(try redProbes(group + "," + Self.squareB + "," + Self.merge(3)) == [true, false, false, false])
    }

    /// Paths after the merge are drawn beside its result, and a moving input moves the result: square B slides
    /// from x 60 to x 100 over the 60 frames, so at frame 30 (x 80) it no longer covers the middle probe.
    @Test func theMergeFollowsMovingInputs() throws {
        let moving = #"{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[60,40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[100,40]}]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let items = Self.squareA + "," + moving + "," + Self.merge(3)
        #expect(try redProbes(items) == [true, false, false, false])
        // At frame 30 square B spans x 60…100: square A (20…60) keeps the middle probe at 50.
        #expect(try redProbes(items, atFrame: 30) == [true, true, false, false])
        // A square after the merge is drawn as it is.
        let after = #"{"ty":"rc","p":{"a":0,"k":[90,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        #expect(try redProbes(items + "," + after) == [true, false, false, true])
    }

    @Test func theReportCountsMergePathsAsDrawn() throws {
        let animation = try LottieAnimation.from(data: composition(layer(Self.squareA + "," + Self.squareB + "," + Self.merge(2))))
        #expect(animation.featureReport.used.contains("merge paths"))
        #expect(!animation.featureReport.unsupported.contains("merge paths"))
        // A mode Bodymovin never writes merges, and a merge with nothing before it draws nothing.
        #expect(try redProbes(Self.squareA + "," + Self.squareB + "," + Self.merge(99)) == [true, true, true, false])
        #expect(try redProbes(Self.merge(3)) == [false, false, false, false])
    }
}

import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Shape groups whose transform moves nothing add their items to the layer they are in (each layer costs every
/// frame), and every keypath still reaches them: a value provider or a query naming such a group builds the tree
/// again with the group as a layer.
@Suite struct GroupLayerTests {
    /// "Box" holding the group "Square" (a red 10 × 10 square at 20, 40), its transform given by `transform`.
    static func document(transform: String) -> Data {
        composition("""
        {"ty":4,"ind":1,"nm":"Box","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,0]}},"shapes":[{"ty":"gr","nm":"Square","it":[
          {"ty":"rc","p":{"a":0,"k":[20,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
          {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","nm":"Transform",\(transform)}]}]}
        """)
    }
    static let still = document(transform: #""p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#)
    static let turned = document(transform: #""p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":10},"o":{"a":0,"k":100}"#)
    static let fading = document(transform: #""p":{"a":0,"k":[0,0]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":60,"s":[100]}]}"#)

    func layers(named name: String, in layer: CALayer) -> [CALayer] {
        (layer.name == name ? [layer] : []) + (layer.sublayers ?? []).flatMap { layers(named: name, in: $0) }
    }

    @Test func aGroupThatMovesNothingAddsItsItemsToItsLayer() throws {
        let layer = try player(Self.still)
        let root = try #require(layer.animationLayer)
        #expect(layers(named: "Square", in: root).isEmpty)
        let box = try #require(layers(named: "Box", in: root).first)
        #expect(box.sublayers?.contains { $0 is CAShapeLayer } == true)
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            let (inside, outside) = (isRed(frame, 20, 40), isClear(frame, 10, 40))
            #expect(inside && outside)
        }
    }

    @Test func groupsThatTurnOrHaveKeyframesStayLayers() throws {
        for data in [Self.turned, Self.fading] {
            let layer = try player(data)
            #expect(layers(named: "Square", in: try #require(layer.animationLayer)).count == 1)
        }
    }

    @Test func aProviderNamingALeftOutGroupBuildsItAsALayerAndPlaybackGoesOn() throws {
        let layer = try player(Self.still)
        #expect(layer.allHierarchyKeypaths().contains("Box.Square.Transform.Position"))
        layer.play()
        layer.setValueProvider(PointValueProvider(CGPoint(x: 30, y: 0)), keypath: "Box.Square.Transform.Position")
        #expect(layer.isAnimationPlaying)
        #expect(layers(named: "Square", in: try #require(layer.animationLayer)).count == 1)
        layer.pause()
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            let (moved, left) = (isRed(frame, 50, 40), isClear(frame, 20, 40))
            #expect(moved && left)
        }
    }

    @Test func providersNamingOnlyItemsLeaveTheGroupOut() throws {
        let layer = try player(Self.still)
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 1)), keypath: "**.Fill 1.Color")
        #expect(layers(named: "Square", in: try #require(layer.animationLayer)).isEmpty)
    }

    @Test func hidingALeftOutGroupHidesItsItems() throws {
        let layer = try player(Self.still)
        layer.setNodeIsEnabled(isEnabled: false, keypath: "Box.Square")
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            let hidden = isClear(frame, 20, 40)
            #expect(hidden)
        }
    }
}

import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Layers the tree does without (each layer costs every frame): shape groups whose transform moves nothing add
/// their items to the layer they are in, and an opaque stroke just in front of an opaque fill is drawn by the
/// fill's layer. Every keypath still reaches what they leave out: a value provider or a query naming it builds
/// the tree again with every group, fill and stroke a layer.
@Suite struct SparedLayerTests {
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

    /// "Box" drawing a square at (20, 40), 20 points wide, filled red with a blue stroke 4 wide: `items` are the
    /// group's style items in file order (front first).
    static func styled(_ items: String) -> Data {
        composition("""
        {"ty":4,"ind":1,"nm":"Box","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,0]}},"shapes":[{"ty":"gr","nm":"Square","it":[
          {"ty":"rc","p":{"a":0,"k":[20,40]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
          \(items),
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
        """)
    }
    static func stroke(opacity: Int = 100) -> String {
        #"{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":\#(opacity)},"w":{"a":0,"k":4},"lc":2,"lj":2}"#
    }
    static let fill = #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    func shapeLayers(_ layer: LottieAnimationLayer) throws -> [CAShapeLayer] {
        let root = try #require(layer.animationLayer)
        let box = try #require(layers(named: "Box", in: root).first)
        func shapes(in layer: CALayer) -> [CAShapeLayer] {
            (layer as? CAShapeLayer).map { [$0] } ?? (layer.sublayers ?? []).flatMap(shapes(in:))
        }
        return shapes(in: box)
    }

    func bgra(_ frame: (bytes: [UInt8], stride: Int), _ x: Int, _ y: Int) -> [UInt8] {
        Array(frame.bytes[(y * frame.stride + x * 4)..<(y * frame.stride + x * 4 + 4)])
    }

    @Test func anOpaqueStrokeInFrontOfAnOpaqueFillIsDrawnByTheFillsLayer() throws {
        let layer = try player(Self.styled(Self.stroke() + "," + Self.fill))
        let shapes = try shapeLayers(layer)
        #expect(shapes.count == 1 && shapes.first?.fillColor != nil && shapes.first?.strokeColor != nil && shapes.first?.lineWidth == 4)
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            // Red inside, the blue stroke over the fill's edge (x = 10 ± 2), nothing beyond it.
            let (inside, edge, outside) = (bgra(frame, 20, 40), bgra(frame, 10, 40), bgra(frame, 6, 40))
            #expect(inside == [0, 0, 255, 255] && edge == [255, 0, 0, 255] && outside[3] == 0, "\(inside) \(edge) \(outside)")
        }
    }

    @Test func aStrokeBehindTheFillOrFadedKeepsItsLayer() throws {
        for items in [Self.fill + "," + Self.stroke(), Self.stroke(opacity: 50) + "," + Self.fill] {
            #expect(try shapeLayers(try player(Self.styled(items))).count == 2)
        }
    }

    @Test func aProviderForTheFillsOpacityDrawsTheStrokeApart() throws {
        let layer = try player(Self.styled(Self.stroke() + "," + Self.fill))
        layer.setValueProvider(FloatValueProvider(50), keypath: "**.Fill 1.Opacity")
        let shapes = try shapeLayers(layer)
        #expect(shapes.count == 2)
        #expect(shapes.contains { $0.strokeColor != nil && $0.opacity == 1 } && shapes.contains { $0.fillColor != nil && $0.opacity == 0.5 })
    }
}

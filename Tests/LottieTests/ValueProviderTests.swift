import Testing
import Foundation
import QuartzCore
import UIKit
@testable import Lottie

/// Value providers written as iOS code against lottie-ios's API: a colour replaced everywhere a keypath with
/// `**` reaches, a position computed by a block at each frame, keypaths listed, and providers that name
/// nothing or the wrong kind of value changing nothing.
@Suite struct ValueProviderTests {
    /// A layer named "Box" holding a group "Square" with a rectangle and a fill named "Fill 1" (red).
    static let document = composition("""
    {"ty":4,"ind":1,"nm":"Box","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[0,0]}},"shapes":[{"ty":"gr","nm":"Square","it":[
      {"ty":"rc","p":{"a":0,"k":[20,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
      {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
      {"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
    """)

    func pixel(_ frame: (bytes: [UInt8], stride: Int), _ x: Int, _ y: Int) -> [Int] {
        let i = y * frame.stride + x * 4
        return [Int(frame.bytes[i + 2]), Int(frame.bytes[i + 1]), Int(frame.bytes[i]), Int(frame.bytes[i + 3])]
    }

    @Test func aColorProviderRecoloursEveryFillItNames() throws {
        let animationView = LottieAnimationView(animation: try LottieAnimation.from(data: Self.document))
        animationView.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        animationView.setValueProvider(ColorValueProvider(UIColor.blue.lottieColorValue), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        let layer = animationView.animationLayer
        layer.layoutIfNeeded()
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(pixel(frame, 20, 40) == [0, 0, 255, 255], "\(pixel(frame, 20, 40))")
        }
    }

    @Test func aBlockIsAskedAtEveryFrame() throws {
        let layer = try player(Self.document)
        // The box moves 1 point right a frame: at frame 30 the square (at x 20 in the layer) sits at x 50.
        layer.setValueProvider(PointValueProvider { frame in CGPoint(x: frame, y: 0) }, keypath: "Box.Transform.Position")
        withManualClock { clock in
            layer.currentFrame = 30
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40) && isClear(frame, 20, 40))
        }
    }

    @Test func keypathsAreListedAndMatchedWithWildcards() throws {
        let layer = try player(Self.document)
        let keypaths = layer.allHierarchyKeypaths()
        for expected in ["Box.Transform.Position", "Box.Transform.Opacity", "Box.Square.Transform.Rotation",
                         "Box.Square.Fill 1.Color", "Box.Square.Fill 1.Opacity"] {
            #expect(keypaths.contains(expected), "\(expected) in \(keypaths)")
        }
        #expect(AnimationKeypath(keypath: "*.Square.Fill 1.Color").matches(["Box", "Square", "Fill 1", "Color"]))
        #expect(AnimationKeypath(keypath: "**.Color").matches(["Box", "Square", "Fill 1", "Color"]))
        #expect(AnimationKeypath(keypath: "Box.**").matches(["Box", "Square", "Fill 1", "Color"]))
        #expect(!AnimationKeypath(keypath: "*.Color").matches(["Box", "Square", "Fill 1", "Color"]))
        #expect(!AnimationKeypath(keypath: "**.Stroke 1.Color").matches(["Box", "Square", "Fill 1", "Color"]))
    }

    @Test func providersOfTheWrongKindOrForNothingChangeNothing() throws {
        let layer = try player(Self.document)
        layer.setValueProvider(FloatValueProvider(3), keypath: "**.Fill 1.Color")          // a number for a colour
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 1)), keypath: "Nothing.**")
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 20, 40))
        }
    }
}

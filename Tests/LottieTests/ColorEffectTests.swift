import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// After Effects' fill, tint and tritone effects on a red square, probed against values worked from their
/// definitions. Brightness, for tint and tritone, is the mean of the channels in linear light (lottie-web's
/// measure): pure red's is the sRGB encoding of ⅓, 1.055 · (⅓)^(1/2.4) − 0.055 = 0.6127.
@Suite struct ColorEffectTests {
    /// The square's centre pixel (BGRA bytes) with `effect` (an effect's JSON) on its layer, at each of `frames`.
    func centre(_ effect: String, atFrames frames: [Double] = [0]) throws -> [[UInt8]] {
        let data = composition(squareLayer(x: 50, y: 40, size: 30, extra: #""ks":{},"ef":[\#(effect)]"#))
        var pixels: [[UInt8]] = []
        try withManualClock { clock in
            let layer = try player(data)
            for (k, f) in frames.enumerated() {
                layer.currentFrame = f
                let frame = render(layer, at: Double(k), clock: clock)
                let i = 40 * frame.stride + 50 * 4
                pixels.append(Array(frame.bytes[i..<i + 4]))
            }
        }
        return pixels
    }
    func centre(_ effect: String) throws -> [UInt8] { try centre(effect, atFrames: [0])[0] }

    func color(_ rgb: [Double]) -> String { #"{"ty":2,"v":{"a":0,"k":[\#(rgb[0]),\#(rgb[1]),\#(rgb[2]),1]}}"# }
    func slider(_ v: Double) -> String { #"{"ty":0,"v":{"a":0,"k":\#(v)}}"# }

    func expect(_ pixel: [UInt8], rgb: (Double, Double, Double), _ comment: Comment) {
        let want = [rgb.2, rgb.1, rgb.0].map { Int(($0 * 255).rounded()) }
        let close = zip(pixel.prefix(3), want).allSatisfy { abs(Int($0) - $1) <= 2 } && pixel[3] == 255
        #expect(close, "\(comment): BGRA \(pixel), expected BGR \(want)")
    }

    @Test func fillReplacesTheColourByItsOpacity() throws {
        let fill = { (opacity: Double) in
            #"{"ty":21,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":0}},{"ty":4,"v":{"a":0,"k":0}},"# + color([0, 0, 1])
                + #",{"ty":4,"v":{"a":0,"k":0}},"# + slider(0) + "," + slider(0) + "," + slider(opacity) + "]}"
        }
        expect(try centre(fill(1)), rgb: (0, 0, 1), "fill at full opacity")
        expect(try centre(fill(0.5)), rgb: (0.5, 0, 0.5), "fill at half opacity mixes with the layer's red")
    }

    @Test func tintMapsBrightnessBetweenItsColours() throws {
        let tint = { (amount: Double) in
            #"{"ty":20,"en":1,"ef":["# + color([0, 0, 0]) + "," + color([1, 1, 1]) + "," + slider(amount) + "]}"
        }
        expect(try centre(tint(100)), rgb: (0.6127, 0.6127, 0.6127), "black-to-white tint of red is its brightness")
        expect(try centre(tint(50)), rgb: (0.806, 0.306, 0.306), "half tint")
    }

    /// An effect's controls may be keyframed: the tint's amount going 0 → 100 % linearly over frames 0…10.
    @Test func anAnimatedTintAmountChangesTheColourOverTime() throws {
        let amount = #"{"ty":0,"v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]}}"#
        let tint = #"{"ty":20,"en":1,"ef":["# + color([0, 0, 0]) + "," + color([1, 1, 1]) + "," + amount + "]}"
        let pixels = try centre(tint, atFrames: [0, 5, 10, 5])
        expect(pixels[0], rgb: (1, 0, 0), "no tint at frame 0")
        expect(pixels[1], rgb: (0.806, 0.306, 0.306), "half tint at frame 5")
        expect(pixels[2], rgb: (0.6127, 0.6127, 0.6127), "full tint at frame 10")
        expect(pixels[3], rgb: (0.806, 0.306, 0.306), "half tint again, scrubbed back to frame 5")
    }

    /// A fill's colour keyframed from blue to green: the colour halfway at the middle frame.
    @Test func anAnimatedFillColourMovesBetweenItsKeyframes() throws {
        let colour = #"{"ty":2,"v":{"a":1,"k":[{"t":0,"s":[0,0,1,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[0,1,0,1]}]}}"#
        let fill = #"{"ty":21,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":0}},{"ty":4,"v":{"a":0,"k":0}},"# + colour
            + #",{"ty":4,"v":{"a":0,"k":0}},"# + slider(0) + "," + slider(0) + "," + slider(1) + "]}"
        let pixels = try centre(fill, atFrames: [0, 10, 20])
        expect(pixels[0], rgb: (0, 0, 1), "blue at frame 0")
        expect(pixels[1], rgb: (0, 0.5, 0.5), "halfway at frame 10")
        expect(pixels[2], rgb: (0, 1, 0), "green at frame 20")
    }

    /// Two recolouring effects act one after the other, in the list's order: a yellow fill, then a black-to-white
    /// tint, leaves the brightness of yellow (mean of linear channels ⅔: 1.055 · (⅔)^(1/2.4) − 0.055 = 0.8360),
    /// grey — the tint alone would give red's 0.6127; the other way round the fill's yellow wins.
    @Test func recolouringEffectsActInTurn() throws {
        let fill = #"{"ty":21,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":0}},{"ty":4,"v":{"a":0,"k":0}},"# + color([1, 1, 0])
            + #",{"ty":4,"v":{"a":0,"k":0}},"# + slider(0) + "," + slider(0) + "," + slider(1) + "]}"
        let tint = #"{"ty":20,"en":1,"ef":["# + color([0, 0, 0]) + "," + color([1, 1, 1]) + "," + slider(100) + "]}"
        expect(try centre(fill + "," + tint), rgb: (0.8360, 0.8360, 0.8360), "fill, then tint")
        expect(try centre(tint + "," + fill), rgb: (1, 1, 0), "tint, then fill")
    }

    @Test func tritoneMapsBrightnessThroughThreeColours() throws {
        // Shadows black, midtones blue, highlights white: brightness 0.6127 is 0.2254 of the way from blue to white.
        let tritone = #"{"ty":23,"en":1,"ef":["# + color([1, 1, 1]) + "," + color([0, 0, 1]) + "," + color([0, 0, 0])
            + "," + slider(0) + "]}"
        expect(try centre(tritone), rgb: (0.2254, 0.2254, 1), "tritone")
    }
}

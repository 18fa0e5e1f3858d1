import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// After Effects' fill, tint and tritone effects on a red square, probed against values worked from their
/// definitions. Brightness, for tint and tritone, is the mean of the channels in linear light (lottie-web's
/// measure): pure red's is the sRGB encoding of ⅓, 1.055 · (⅓)^(1/2.4) − 0.055 = 0.6127.
@Suite struct ColorEffectTests {
    /// The square's centre pixel (BGRA bytes) with `effect` (an effect's JSON) on its layer.
    func centre(_ effect: String) throws -> [UInt8] {
        let data = composition(squareLayer(x: 50, y: 40, size: 30, extra: #""ks":{},"ef":[\#(effect)]"#))
        var pixel: [UInt8] = []
        try withManualClock { clock in
            let frame = render(try player(data), at: 0, clock: clock)
            let i = 40 * frame.stride + 50 * 4
            pixel = Array(frame.bytes[i..<i + 4])
        }
        return pixel
    }

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

    @Test func tritoneMapsBrightnessThroughThreeColours() throws {
        // Shadows black, midtones blue, highlights white: brightness 0.6127 is 0.2254 of the way from blue to white.
        let tritone = #"{"ty":23,"en":1,"ef":["# + color([1, 1, 1]) + "," + color([0, 0, 1]) + "," + color([0, 0, 0])
            + "," + slider(0) + "]}"
        expect(try centre(tritone), rgb: (0.2254, 0.2254, 1), "tritone")
    }
}

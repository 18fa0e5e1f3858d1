import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// The Levels, Stroke and Set Matte effects against values worked by hand: a levels curve's output for inputs
/// below, inside and above its input range (`out = outBlack + (outWhite − outBlack)·((x − inBlack)/(inWhite −
/// inBlack))^(1/γ)`, After Effects' Levels and lottie-web's table), a stroke effect's paint styles by pixel
/// probes, and Set Matte's readings — including luminance and inversion, which lottie-web (whose frames
/// `make test` compares with these effects' reference files) does not draw.
@Suite struct MoreEffectTests {
    typealias Curve = PictureRecolor.LevelsCurve

    @Test func aLevelsCurveStretchesBendsAndHolds() {
        let curve = Curve(inputBlack: 0.2, inputWhite: 0.8, gamma: 2, outputBlack: 0.1, outputWhite: 0.9)
        #expect(curve(0) == 0.1 && curve(0.2) == 0.1)
        #expect(curve(0.8) == 0.9 && curve(1) == 0.9)
        // Halfway through the input: 0.1 + 0.8 · 0.5^(1/2).
        #expect(abs(curve(0.5) - (0.1 + 0.8 * 0.5.squareRoot())) < 1e-12)
        // An input white below the black point runs backwards: a negative.
        let negative = Curve(inputBlack: 1, inputWhite: 0, gamma: 1, outputBlack: 0, outputWhite: 1)
        #expect(negative(0) == 1 && negative(1) == 0 && abs(negative(0.25) - 0.75) < 1e-12)
        // Hostile values keep the curve a curve: no NaN, output within 0…1.
        let hostile = Curve(inputBlack: .nan, inputWhite: .infinity, gamma: -3, outputBlack: -5, outputWhite: 1e300)
        for x in stride(from: 0.0, through: 1, by: 0.125) { #expect((0...1).contains(hostile(x))) }
        #expect(Curve.identity.table.enumerated().allSatisfy { abs($1 - Double($0) / 255) < 1e-12 })
    }

    /// Levels on a picture's pixels: a grey square (0.5) through red's curve (output white 0.6) then the shared
    /// one (gamma 2), and alpha halved.
    @Test func levelsRecolourEachChannelThenAll() {
        let levels = PictureRecolor.Levels(
            red: Curve(inputBlack: 0, inputWhite: 1, gamma: 1, outputBlack: 0, outputWhite: 0.6),
            green: .identity, blue: .identity,
            alpha: Curve(inputBlack: 0, inputWhite: 1, gamma: 1, outputBlack: 0, outputWhite: 0.5),
            colors: Curve(inputBlack: 0, inputWhite: 1, gamma: 2, outputBlack: 0, outputWhite: 1))
        var pixel: [UInt8] = [128, 128, 128, 255]  // BGRA, opaque mid grey
        pixel.withUnsafeMutableBufferPointer { PictureRecolor(.levels(levels), amount: 1).apply(to: $0.baseAddress!, width: 1, height: 1, bytesPerRow: 4) }
        // Red: 128/255 · 0.6 = 0.301 → 77/255, then √ → 0.5495; green and blue: √(128/255) = 0.7085. Alpha 0.5.
        let alpha = 128.0 / 255
        func expected(_ unpremultiplied: Double) -> UInt8 { UInt8((unpremultiplied * 0.5 * 255).rounded()) }
        let red = (Double(Int((128.0 / 255 * 0.6 * 255).rounded())) / 255).squareRoot(), other = alpha.squareRoot()
        #expect(pixel[3] == 128)
        #expect(abs(Int(pixel[2]) - Int(expected(red))) <= 1, "\(pixel)")
        #expect(abs(Int(pixel[1]) - Int(expected(other))) <= 1 && abs(Int(pixel[0]) - Int(expected(other))) <= 1, "\(pixel)")
    }

    /// A red square with a mask of mode none (which cuts nothing) round its middle, stroked blue by the effect
    /// in paint style `style`; the probes: the square's corner (outside the stroke), on the stroke, and the
    /// square's centre.
    func strokeProbes(style: Int) throws -> (corner: [UInt8], onStroke: [UInt8], centre: [UInt8]) {
        let k = 0.5519150244935105 * 20
        let circle = #"{"c":true,"v":[[50,20],[70,40],[50,60],[30,40]],"o":[[\#(k),0],[0,\#(k)],[\#(-k),0],[0,\#(-k)]],"i":[[\#(-k),0],[0,\#(-k)],[\#(k),0],[0,\#(k)]]}"#
        let controls = [1, 0, 0, "[0,0,1,1]", 3, 1, 1, 0, 100, 0, style].map { #"{"ty":0,"v":{"a":0,"k":\#($0)}}"# }.joined(separator: ",")
        let layer = squareLayer(x: 50, y: 40, size: 60, extra: #""ks":{},"hasMask":true,"masksProperties":[{"inv":false,"mode":"n","pt":{"a":0,"k":\#(circle)},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}],"ef":[{"ty":22,"en":1,"ef":[\#(controls)]}]"#)
        var result: (corner: [UInt8], onStroke: [UInt8], centre: [UInt8]) = ([], [], [])
        try withManualClock { clock in
            let frame = render(try player(composition(layer)), at: 0, clock: clock)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.bytes[(y * frame.stride + x * 4)..<(y * frame.stride + x * 4 + 4)]) }
            result = (pixel(23, 13), pixel(70, 40), pixel(50, 40))
        }
        return result
    }

    @Test func theStrokesPaintStyleDecidesWhatShows() throws {
        let blue: [UInt8] = [255, 0, 0, 255], red: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]
        func near(_ a: [UInt8], _ b: [UInt8]) -> Bool { zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 8 } }
        // On the original: the square (uncut by the mask of mode none) with the ring over it.
        let onOriginal = try strokeProbes(style: 1)
        #expect(near(onOriginal.corner, red) && near(onOriginal.onStroke, blue) && near(onOriginal.centre, red), "\(onOriginal)")
        // On transparent: the ring alone.
        let alone = try strokeProbes(style: 2)
        #expect(near(alone.corner, clear) && near(alone.onStroke, blue) && near(alone.centre, clear), "\(alone)")
        // Revealing the original: the square seen only through the ring.
        let revealing = try strokeProbes(style: 3)
        #expect(near(revealing.corner, clear) && near(revealing.onStroke, red) && near(revealing.centre, clear), "\(revealing)")
    }

    /// A red square (layer 1) matted by layer 2 — a white square over its left half, drawn below it — read as
    /// `use` says (4 alpha, 5 luminance) and inverted or not; the white square draws itself too, so the right
    /// half shows red only where the matte lets it, over white or clear.
    @Test func setMatteReadsAlphaOrLuminanceInvertedOrNot() throws {
        func probes(use: Int, invert: Int, matteColor: String = "[1,1,1,1]") throws -> (left: Bool, right: Bool) {
            let controls = [2, use, invert, 1, 0, 1].map { #"{"ty":0,"v":{"a":0,"k":\#($0)}}"# }.joined(separator: ",")
            let matted = squareLayer(x: 50, y: 40, size: 60, index: 1, extra: #""ks":{},"ef":[{"ty":28,"en":1,"ef":[\#(controls)]}]"#)
            let matte = squareLayer(x: 35, y: 40, size: 30, index: 2).replacingOccurrences(of: "[1,0,0,1]", with: matteColor)
            var result = (left: false, right: false)
            try withManualClock { clock in
                let frame = render(try player(composition(matted + "," + matte)), at: 0, clock: clock)
                result = (isRed(frame, 35, 40), isRed(frame, 70, 40))
            }
            return result
        }
        // Alpha: red over the white square's half only; inverted, everywhere else.
        #expect(try probes(use: 4, invert: 0) == (left: true, right: false))
        #expect(try probes(use: 4, invert: 1) == (left: false, right: true))
        // Luminance of a black square: no coverage even where it is opaque; inverted, all of it.
        #expect(try probes(use: 5, invert: 0, matteColor: "[0,0,0,1]") == (left: false, right: false))
        #expect(try probes(use: 5, invert: 1, matteColor: "[0,0,0,1]") == (left: true, right: true))
        // A layer index the composition lacks leaves the layer as it is (After Effects' "None").
        let controls = [9, 4, 0].map { #"{"ty":0,"v":{"a":0,"k":\#($0)}}"# }.joined(separator: ",")
        try withManualClock { clock in
            let frame = render(try player(composition(squareLayer(x: 50, y: 40, size: 60, extra: #""ks":{},"ef":[{"ty":28,"en":1,"ef":[\#(controls)]}]"#))),
                               at: 0, clock: clock)
            #expect(isRed(frame, 50, 40))
        }
    }

    @Test func theReportNamesTheEffects() throws {
        let effects = [22, 24, 28].map { #"{"ty":\#($0),"en":1,"ef":[{"ty":0,"v":{"a":0,"k":1}}]}"# }.joined(separator: ",")
        let animation = try LottieAnimation.from(data: composition(squareLayer(x: 50, y: 40, extra: #""ks":{},"ef":[\#(effects)]"#)))
        let used = animation.featureReport.used
        #expect(used.contains("levels") && used.contains("set matte") && used.contains("stroke effect (no masks to stroke)"))
        #expect(!animation.featureReport.unsupported.contains { $0.hasPrefix("effect") })
    }
}

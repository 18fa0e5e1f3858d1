import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Text layers probed where the specification puts text: a point-text layer's origin is the first line's
/// baseline, the text runs right from it when left-justified, ends at it when right-justified and straddles it
/// when centred, in its fill colour; a document keyframe swaps the text at its frame.
@Suite struct TextLayerTests {
    static func textLayer(x: Double, y: Double, justification: Int, text: String = "MMM", extra: String = "") -> String {
        #"{"ty":5,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[\#(x),\#(y)]}},"t":{"d":{"k":["# +
            #"{"s":{"s":20,"f":"DejaVuSans","t":"\#(text)","j":\#(justification),"tr":0,"lh":24,"fc":[1,0,0]},"t":0}\#(extra)]}}}"#
    }

    /// Columns holding red ink in rows `y0..<y1` of `frame`.
    func inkColumns(_ frame: (bytes: [UInt8], stride: Int), rows: Range<Int>) -> [Int] {
        (0..<100).filter { x in rows.contains { y in
            let i = y * frame.stride + x * 4
            return frame.bytes[i + 3] > 128 && frame.bytes[i + 2] > 200 && frame.bytes[i + 1] < 60
        } }
    }

    @Test func justificationPlacesTheLineAboutTheOrigin() throws {
        for (justification, check) in [(0, { (ink: [Int]) in ink.first! >= 49 && ink.first! <= 53 && ink.last! > 70 }),
                                       (1, { (ink: [Int]) in ink.last! <= 50 && ink.last! >= 46 && ink.first! < 30 }),
                                       (2, { (ink: [Int]) in ink.first! < 45 && ink.last! > 55 && abs(ink.first! + ink.last! - 100) <= 3 })] {
            let layer = try player(composition(Self.textLayer(x: 50, y: 50, justification: justification)))
            withManualClock { clock in
                let frame = render(layer, at: 0, clock: clock)
                // Capitals sit above the baseline (y 50) and nothing hangs far below it.
                let ink = inkColumns(frame, rows: 36..<50)
                #expect(!ink.isEmpty && check(ink), "justification \(justification): ink from \(ink.first ?? -1) to \(ink.last ?? -1)")
                #expect(inkColumns(frame, rows: 53..<80).isEmpty && inkColumns(frame, rows: 0..<30).isEmpty)
            }
        }
    }

    @Test func aDocumentKeyframeSwapsTheText() throws {
        let later = #",{"s":{"s":20,"f":"DejaVuSans","t":"MMMMMMM","j":0,"tr":0,"lh":24,"fc":[1,0,0]},"t":30}"#
        let layer = try player(composition(Self.textLayer(x: 10, y: 50, justification: 0, text: "M", extra: later)))
        withManualClock { clock in
            let early = inkColumns(render(layer, at: 0, clock: clock), rows: 36..<50)
            layer.currentFrame = 40
            let late = inkColumns(render(layer, at: 0, clock: clock), rows: 36..<50)
            #expect((early.last ?? 0) < 35 && (late.last ?? 0) > 70, "\(early.last ?? -1) then \(late.last ?? -1)")
        }
    }

    /// Tracking (`tr`, thousandths of an em) adds that much after each character: at 500 and size 20, 10 points,
    /// so the third M of "MMM" starts 20 points further right and the ink ends 20 points (± 1) later.
    @Test func trackingSpacesTheCharacters() throws {
        func lastInk(_ json: String) throws -> Int {
            let layer = try player(composition(json))
            var last = -1
            withManualClock { clock in last = inkColumns(render(layer, at: 0, clock: clock), rows: 36..<50).last ?? -1 }
            return last
        }
        let plain = try lastInk(Self.textLayer(x: 10, y: 50, justification: 0))
        let tracked = try lastInk(Self.textLayer(x: 10, y: 50, justification: 0).replacingOccurrences(of: #""tr":0"#, with: #""tr":500"#))
        #expect(plain > 20 && abs(tracked - plain - 20) <= 1, "ink ends at \(plain), tracked at \(tracked)")
    }

    /// A text stroke (`sc`, `sw`) outlines each glyph in its colour over the fill: blue appears along the edges of
    /// the red capitals, and only where the glyphs are.
    @Test func aStrokeOutlinesTheGlyphs() throws {
        // (At size 40, so the stems stay wider than the 1-point outline.)
        let large = Self.textLayer(x: 10, y: 50, justification: 0).replacingOccurrences(of: #""s":20"#, with: #""s":40"#)
        let stroked = large.replacingOccurrences(of: #""fc":[1,0,0]"#, with: #""fc":[1,0,0],"sc":[0,0,1],"sw":1"#)
        func bluePixels(_ json: String) throws -> Int {
            let layer = try player(composition(json))
            var count = 0
            withManualClock { clock in
                let frame = render(layer, at: 0, clock: clock)
                for y in 0..<80 { for x in 0..<100 {
                    let i = y * frame.stride + x * 4
                    if frame.bytes[i] > 150 && frame.bytes[i + 2] < 100 && frame.bytes[i + 3] > 150 { count += 1 }
                } }
            }
            return count
        }
        let plain = try bluePixels(large)
        let outlined = try bluePixels(stroked)
        #expect(plain == 0 && outlined > 100, "blue pixels: \(plain) plain, \(outlined) stroked")
        let layer = try player(composition(stroked))
        withManualClock { clock in
            #expect(inkColumns(render(layer, at: 0, clock: clock), rows: 36..<50).count > 10, "the red fill stays")
        }
    }
}

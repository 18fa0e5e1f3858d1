import Testing
import Foundation
@testable import Lottie

/// The Lottie module's own JSON reader (faster than Foundation's for Lottie files) must read what RFC 8259 says
/// and what Foundation reads the same way. Expectations come from elsewhere: the C library's `strtod` (through
/// `Double(String)`) for numbers, `JSONSerialization` for documents, RFC 8259 §7 for escapes.
@Suite struct JSONReaderTests {
    private func read(_ text: String) throws -> JSONValue { try JSONReader.parse(Data(text.utf8)) }

    private func number(_ text: String) throws -> Double {
        guard case .array(let elements) = try read("[\(text)]"), case .number(let n) = elements.first else {
            throw LottieError.invalidFile("not a number")
        }
        return n
    }

    @Test func numbersRoundAsStrtodDoes() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "1", "-1", "0.1", "0.5", "100", "1e3", "1E-3", "2.5e+2", "123456789012345678", "0.30000000000000004",
                     "9007199254740993", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308", "12345678901234567890123",
                     "0.000000000000000000000000001", "3.141592653589793238462643383279"]
        for _ in 0..<2_000 {
            let whole = Int.random(in: -100_000...100_000, using: &generator)
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(Int.random(in: 1...17, using: &generator))
            let exponent = Bool.random(using: &generator) ? "e\(Int.random(in: -30...30, using: &generator))" : ""
            texts.append("\(whole).\(fraction)\(exponent)")
        }
        for text in texts {
            let expected = try #require(Double(text), "\(text)")
            let read = try number(text)
            #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) ≠ \(expected)")
        }
    }

    @Test func documentsReadAsFoundationReadsThem() throws {
        let text = #"{"a": [1, 2.5, -3e2, true, false, null, "x\"y\\z\/\n\u00e9\ud83d\ude00"], "b": {"c": {}}, "d": [], "a2": 7}"#
        let foundation = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        guard case .object(let root) = try read(text), case .array(let a)? = root["a"] else { Issue.record("not an object"); return }
        let expectedA = try #require(foundation["a"] as? [Any])
        #expect(a.count == expectedA.count)
        guard case .number(let n0) = a[0], case .number(let n2) = a[2], case .bool(true) = a[3], case .bool(false) = a[4],
              case .null = a[5], case .string(let s) = a[6] else { Issue.record("wrong kinds: \(a)"); return }
        #expect(n0 == 1 && n2 == -300)
        #expect(s == expectedA[6] as? String && s == "x\"y\\z/\né😀")
        #expect(root.keys == ["a", "b", "d", "a2"])
    }

    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        guard case .object(let root) = try read(#"{"k": 1, "k": 2}"#), case .number(let n)? = root["k"] else { Issue.record("no k"); return }
        #expect(n == 2)
    }

    /// Text that is not Unicode is refused, as Foundation's reader (and so lottie-ios on Apple's systems) refuses it.
    @Test func loneSurrogatesAndInvalidUTF8AreRefused() throws {
        var invalid = Data(#"["a"#.utf8)
        invalid.append(0xFF)
        invalid.append(Data(#"b", "é"]"#.utf8))
        var truncated = Data(#"["a"#.utf8)
        truncated.append(0xC3)
        truncated.append(Data(#"\n"]"#.utf8))
        for data in [Data(#"["a\ud800b"]"#.utf8), Data(#"["a\udc00b"]"#.utf8), Data(#"["\ud800\u0041"]"#.utf8), invalid, truncated] {
            #expect(throws: DecodingError.self) { try JSONReader.parse(data) }
            #expect((try? JSONDecoder().decode([String].self, from: data)) == nil)
        }
        guard case .array(let fine) = try read(#"["é\u00e9"]"#), case .string(let s) = fine.first else { Issue.record("not read"); return }
        #expect(s == "éé")
    }

    @Test func aByteOrderMarkAndWhiteSpaceAreAllowed() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(" \n\t[1]\r\n".utf8))
        guard case .array(let elements) = try JSONReader.parse(data) else { Issue.record("not an array"); return }
        #expect(elements.count == 1)
    }

    /// Each of these is refused by RFC 8259 (and by Foundation's reader), and must throw, not crash or hang.
    @Test func malformedTextThrows() {
        let cases = ["", " ", "{", "[1 2]", #"{"a" 1}"#, "01", "1.", ".5", "-", "1e", "+1", "NaN", "Infinity",
                     "1e400", "tru", "nul", #""abc"#, "\"\u{01}\"", #""\x""#, #""\u12""#, "[1] x", "{1:2}", #"["a\"]"#]
        for text in cases {
            #expect(throws: DecodingError.self, "\(text)") { try read(text) }
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) == nil, "Foundation reads \(text)")
        }
    }

    /// Foundation's reader forgives a trailing comma, which RFC 8259 does not: ours refuses it, and a Lottie file
    /// written so still loads, through Foundation's reader.
    @Test func aTrailingCommaIsRefusedButAFileWithOneStillLoads() throws {
        #expect(throws: DecodingError.self) { try read("[1,]") }
        #expect(throws: DecodingError.self) { try read(#"{"a":1,}"#) }
        let animation = try LottieAnimation.from(data: Data(#"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[],}"#.utf8))
        #expect(animation.duration == 2)
    }

    @Test func deepNestingIsRefusedNotRecursedInto() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DecodingError.self) { try read(deep) }
        // (Refused by the module's reader, the text goes to Foundation's, which must refuse it as well, not crash.)
        let layers = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let document = #"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":"# + layers + "}"
        #expect(throws: LottieError.self) { try LottieAnimation.from(data: Data(document.utf8)) }
        let fine = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        _ = try read(fine)
    }

    /// The tree decoder converts as Foundation's JSONDecoder: integers only when exact, no number–string–bool mixing.
    @Test func theTreeDecoderConvertsAsJSONDecoder() throws {
        struct Sample: Decodable, Equatable { var i: Int; var d: Double; var s: String?; var b: Bool; var f: [Float] }
        let good = Data(#"{"i": 3.0, "d": 2, "b": true, "f": [0.5, 1]}"#.utf8)
        let ours = try JSONTreeDecoder.unbox(JSONReader.parse(good), as: Sample.self, trail: nil)
        #expect(ours == (try JSONDecoder().decode(Sample.self, from: good)))
        for bad in [#"{"i": 3.5, "d": 2, "b": true, "f": []}"#, #"{"i": 3, "d": "2", "b": true, "f": []}"#,
                    #"{"i": 3, "d": 2, "b": 1, "f": []}"#, #"{"i": 3, "d": 2, "f": []}"#, #"{"i": 3, "d": 2, "b": true, "f": [1e300]}"#] {
            let data = Data(bad.utf8)
            #expect(throws: DecodingError.self, "\(bad)") { try JSONTreeDecoder.unbox(JSONReader.parse(data), as: Sample.self, trail: nil) }
            #expect(throws: DecodingError.self, "Foundation: \(bad)") { try JSONDecoder().decode(Sample.self, from: data) }
        }
    }

    /// An error names where in the document it is, as the message of a bad Lottie file says.
    @Test func errorsCarryTheirPath() {
        let data = Data(#"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":4,"ks":{"o":{"a":0,"k":"x"}}}]}"#.utf8)
        #expect { try LottieAnimation.from(data: data) } throws: { error in
            String(describing: error).contains("layers.[0].ks.o.k")
        }
    }

    private func file(layer: String) -> Data {
        Data(#"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[\#(layer)]}"#.utf8)
    }

    /// The model reads optional scalars leniently (a value of the wrong kind counts as absent, as lottie-ios's
    /// optional fields do) and required structure strictly; a broken shape or mask drops its list, not the file.
    @Test func optionalFieldsAreLenientAndStructureIsStrict() throws {
        let lenient = try LottieAnimation.from(data: file(layer: #"{"ty":4,"ind":2.5,"nm":5,"hd":1,"ip":"0","sr":0,"bm":"x","#
            + #""shapes":[{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"r":2}]}"#)).model.layers[0]
        #expect(lenient.index == nil && lenient.name == nil && lenient.hidden == false && lenient.inPoint == 0)
        #expect(lenient.stretch == 1 && lenient.blendMode == 0 && lenient.shapes.count == 1)
        guard case .fill(_, _, _, let evenOdd, _) = lenient.shapes[0] else { Issue.record("not a fill"); return }
        #expect(evenOdd)

        let droppedShapes = try LottieAnimation.from(data: file(layer: #"{"ty":4,"shapes":[{"ty":"fl"},{"ty":"sh"}],"#
            + #""masksProperties":[{"mode":"a"}]}"#)).model.layers[0]
        #expect(droppedShapes.shapes.isEmpty && droppedShapes.masks.isEmpty)

        let cases: [(layer: String, path: String)] = [
            (#"{"ty":4,"ks":5}"#, "layers.[0].ks has the wrong kind"),
            (#"{"ty":4,"ks":{"p":{"s":true,"x":{"a":0,"k":1}}}}"#, #"layers.[0].ks.p has no "y""#),
            (#"{"ty":4,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":"x","s":[1]}]}}}"#, "layers.[0].ks.r.k.[1].t"),
            (#"{"ty":4,"ks":{"s":{"a":1,"k":[{"t":0,"s":["x"]}]}}}"#, "layers.[0].ks.s.k.[0].s.[0]"),
        ]
        for (layer, path) in cases {
            #expect("\(layer)") { try LottieAnimation.from(data: file(layer: layer)) } throws: { error in
                String(describing: error).contains(path)
            }
        }
    }
}

/// `LottieAnimation` stays `Decodable` for any decoder: read by Foundation's `JSONDecoder` (the model then reads its
/// keyframes from a tree made through that decoder), every reference file must play exactly as read by the module.
@Suite struct DecoderAgreementTests {
    @Test func foundationsDecoderAndOursBuildTheSameAnimation() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 5)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let ours = try LottieAnimation.from(data: data)
            let foundations = try JSONDecoder().decode(LottieAnimation.self, from: data)
            #expect(ours.duration == foundations.duration && ours.size == foundations.size, "\(file)")
            #expect(ours.startFrame == foundations.startFrame && ours.markerNames == foundations.markerNames, "\(file)")
            withManualClock { clock in
                let a = LottieAnimationLayer(animation: ours), b = LottieAnimationLayer(animation: foundations)
                for layer in [a, b] { layer.frame = CGRect(x: 0, y: 0, width: 100, height: 80); layer.layoutIfNeeded() }
                for progress in [0.0, 0.4, 0.9] {
                    a.currentProgress = progress; b.currentProgress = progress
                    #expect(render(a, at: 0, clock: clock).bytes == render(b, at: 0, clock: clock).bytes, "\(file) at \(progress)")
                }
            }
        }
    }
}

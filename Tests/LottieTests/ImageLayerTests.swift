import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Image layers whose pictures are files beside the animation (lottie-ios's `FilepathImageProvider`), drawn at
/// the asset's size; missing and corrupt images draw nothing and fail nothing.
@Suite struct ImageLayerTests {
    /// The four-quadrant PNG embedded in References/images.json (red, green, blue, half-transparent orange).
    static func quadrantPNG() throws -> Data {
        let url = ThorVGReferenceTests.directory.appendingPathComponent("images.json")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let uri = try #require(((json["assets"] as? [[String: Any]])?.first?["p"]) as? String)
        return try #require(Data(base64Encoded: String(uri.split(separator: ",")[1])))
    }

    /// A 100 × 80 composition with one image layer at (10, 10) showing `images/quad.png` at 60 × 60.
    static let document = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"assets":[{"id":"q","w":60,"h":60,"u":"images/","p":"quad.png","e":0}],
     "layers":[{"ty":2,"ind":1,"refId":"q","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[10,10]},"a":{"a":0,"k":[0,0]}}}]}
    """#

    @Test func aFilepathProviderFindsImagesBesideTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-lottie-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.quadrantPNG().write(to: folder.appendingPathComponent("images/quad.png"))
        let file = folder.appendingPathComponent("anim.json")
        try Data(Self.document.utf8).write(to: file)

        let layer = try player(Data(Self.document.utf8))
        withManualClock { clock in
            let before = render(layer, at: 0, clock: clock)
            #expect(isClear(before, 20, 20), "the main bundle has no such image")
            layer.imageProvider = FilepathImageProvider(filepath: folder.path)
            let after = render(layer, at: 0, clock: clock)
            // The 40-texel image drawn at 60 × 60 from (10, 10): its red quadrant covers 10…40, its blue one
            // 10…40 × 40…70.
            func rgba(_ x: Int, _ y: Int) -> [Int] {
                let i = y * after.stride + x * 4
                return [Int(after.bytes[i + 2]), Int(after.bytes[i + 1]), Int(after.bytes[i]), Int(after.bytes[i + 3])]
            }
            #expect(rgba(25, 25) == [220, 30, 30, 255] && rgba(25, 55) == [30, 60, 220, 255], "\(rgba(25, 25)) \(rgba(25, 55))")
            #expect(isClear(after, 75, 25) && isClear(after, 25, 75), "nothing beyond 70")
        }
        let view = LottieAnimationView(filePath: file.path)
        #expect(view.imageProvider is FilepathImageProvider)
    }

    @Test func missingAndCorruptImagesDrawNothing() throws {
        let corrupt = Self.document.replacingOccurrences(of: #""quad.png""#, with: #""data:image/png;base64,iVBORw0KGgoAAAANSU""#)
        for text in [Self.document, corrupt] {
            let layer = try player(Data(text.utf8))
            layer.imageProvider = FilepathImageProvider(filepath: "/nonexistent/folder")
            withManualClock { clock in
                let frame = render(layer, at: 0, clock: clock)
                #expect(isClear(frame, 25, 25))
            }
        }
    }
}

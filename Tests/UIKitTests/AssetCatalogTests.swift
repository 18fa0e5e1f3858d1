import Foundation
import Testing
import UIKit

/// Images and data from a bundle laid out as Xcode's asset catalogs are (`Contents.json` per set, written here by
/// hand in Xcode's format) and as plain resource files: the variant for the traits' appearance and scale, the scale
/// read from the set (so the size in points is pixels over scale), and a data set's bytes and type.
@Suite struct AssetCatalogTests {
    /// A bundle folder holding Assets.xcassets with an image set (light 2×, light 3×, dark 2×), a data set, and a
    /// plain PNG beside the catalog.
    func makeBundle() throws -> (Bundle, String) {
        let root = NSTemporaryDirectory() + "calyx-assets-\(UUID().uuidString)"
        let set = root + "/Assets.xcassets/Icons/Badge.imageset"
        let dataSet = root + "/Assets.xcassets/Levels.dataset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dataSet, withIntermediateDirectories: true)
        func png(_ color: UIColor, pixels: Int) -> Data {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: pixels, height: pixels), format: format).pngData { context in
                color.setFill()
                context.fill(CGRect(x: 0, y: 0, width: pixels, height: pixels))
            }
        }
        try png(.red, pixels: 20).write(to: URL(fileURLWithPath: set + "/badge@2x.png"))
        try png(.green, pixels: 30).write(to: URL(fileURLWithPath: set + "/badge@3x.png"))
        try png(.blue, pixels: 20).write(to: URL(fileURLWithPath: set + "/badge-dark@2x.png"))
        try Data("""
            {"images": [
              {"idiom": "universal", "filename": "badge@2x.png", "scale": "2x"},
              {"idiom": "universal", "filename": "badge@3x.png", "scale": "3x"},
              {"idiom": "universal", "filename": "badge-dark@2x.png", "scale": "2x",
               "appearances": [{"appearance": "luminosity", "value": "dark"}]}
            ], "info": {"author": "xcode", "version": 1}}
            """.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        try Data("[1, 2, 3]".utf8).write(to: URL(fileURLWithPath: dataSet + "/levels.json"))
        try Data("""
            {"data": [{"idiom": "universal", "filename": "levels.json", "universal-type-identifier": "public.json"}],
             "info": {"author": "xcode", "version": 1}}
            """.utf8).write(to: URL(fileURLWithPath: dataSet + "/Contents.json"))
        try png(.black, pixels: 8).write(to: URL(fileURLWithPath: root + "/plain@2x.png"))
        return (try #require(Bundle(path: root)), root)
    }

    func centre(_ image: UIImage) -> (Int, Int, Int) {
        let cg = image.cgImage!
        let context = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(cg, in: CGRect(x: -CGFloat(cg.width) / 2 + 0.5, y: -CGFloat(cg.height) / 2 + 0.5, width: CGFloat(cg.width), height: CGFloat(cg.height)))
        let p = context.data!.assumingMemoryBound(to: UInt8.self)
        return (Int(p[0]), Int(p[1]), Int(p[2]))
    }

    @Test func imageSetsGiveTheVariantForTheTraits() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // No traits: a 3× screen, light.
        let plain = try #require(UIImage(named: "Badge", in: bundle, compatibleWith: nil))
        #expect(plain.scale == 3 && plain.size == CGSize(width: 10, height: 10) && centre(plain) == (0, 255, 0))
        let twoX = try #require(UIImage(named: "Badge", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(twoX.scale == 2 && twoX.size == CGSize(width: 10, height: 10) && centre(twoX) == (255, 0, 0))
        // Dark has only a 2× variant: it is used on a 3× screen too.
        let dark = try #require(UIImage(named: "Badge", in: bundle, compatibleWith: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(dark.scale == 2 && centre(dark) == (0, 0, 255))
    }

    @Test func plainFilesAndMissingNames() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plain = try #require(UIImage(named: "plain", in: bundle, compatibleWith: nil))
        #expect(plain.scale == 2 && plain.size == CGSize(width: 4, height: 4))
        #expect(UIImage(named: "Nothing", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "", in: bundle, compatibleWith: nil) == nil)
    }

    @Test func dataAssetsReadTheirSet() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let asset = try #require(NSDataAsset(name: "Levels", bundle: bundle))
        #expect(asset.data == Data("[1, 2, 3]".utf8) && asset.typeIdentifier == "public.json" && asset.name == "Levels")
        #expect(NSDataAsset(name: "Missing", bundle: bundle) == nil)
    }
}

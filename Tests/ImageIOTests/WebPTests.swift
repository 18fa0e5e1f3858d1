import Testing
import Foundation
import ImageIO

/// WebP is read (as Apple's ImageIO reads it), not written. The file below is a lossless 4×2 WebP written by
/// Pillow, pixel by pixel: red, green, blue, clear white / red at alpha 128, black, (10, 20, 30), green at alpha 64.
/// Read back premultiplied, as Calyx's bitmaps are.
@Suite struct WebPTests {
    static let file = Data(base64Encoded: "UklGRkQAAABXRUJQVlA4TDgAAAAvA0AAED8gECB48L9qg0zaJrvnX28Jsm06kftbnkAQomksM10AOG4xnpr0DQIRNFdDTLLLEf2PcA==")!

    @Test func aLosslessWebPReadsPixelForPixel() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.file as CFData, nil))
        #expect(CGImageSourceGetType(source) == "org.webmproject.webp" && CGImageSourceGetCount(source) == 1)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 4 && image.height == 2)
        let p = image.pixels
        func rgba(_ x: Int, _ y: Int) -> [Int] { let q = p.pixel(x: x, y: y); return [Int(q.r), Int(q.g), Int(q.b), Int(q.a)] }
        #expect(rgba(0, 0) == [255, 0, 0, 255] && rgba(1, 0) == [0, 255, 0, 255] && rgba(2, 0) == [0, 0, 255, 255])
        #expect(rgba(3, 0)[3] == 0)
        #expect(rgba(0, 1) == [128, 0, 0, 128])   // 255 × 128 / 255, premultiplied
        #expect(rgba(1, 1) == [0, 0, 0, 255] && rgba(2, 1) == [10, 20, 30, 255])
        #expect(rgba(3, 1) == [0, 64, 0, 64])
    }

    @Test func webPIsReadOnlyAndCorruptWebPFailsQuietly() {
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "org.webmproject.webp" as CFString, 1, nil) == nil)
        #expect(!(CGImageDestinationCopyTypeIdentifiers() as! [String]).contains("org.webmproject.webp"))
        #expect((CGImageSourceCopyTypeIdentifiers() as! [String]).contains("org.webmproject.webp"))
        var truncated = Self.file.prefix(30)
        truncated[4] = 0x10
        let source = CGImageSourceCreateWithData(Data(truncated) as CFData, nil)
        #expect(source.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) } == nil)
        var huge = Self.file
        huge.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0x0F])   // the VP8L header's size bits, made absurd
        #expect(CGImageSourceCreateWithData(huge as CFData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) } == nil)
    }
}

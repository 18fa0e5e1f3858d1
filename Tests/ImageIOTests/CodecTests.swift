import Testing
import ImageIO
import CalyxTestSupport

/// A 3×2 test image with distinct opaque pixels, and one with transparency.
func sampleImage(opaque: Bool) -> CGImage {
    let canvas = TestCanvas(width: 3, height: 2, background: opaque ? CGColor.white : nil)
    let colors: [(CGFloat, CGFloat, CGFloat)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1)]
    for (i, c) in colors.enumerated() {
        canvas.context.setFillColor(CGColor(red: c.0, green: c.1, blue: c.2, alpha: opaque || i % 2 == 0 ? 1 : 0))
        canvas.context.fill(CGRect(x: i % 3, y: i / 3, width: 1, height: 1))
    }
    return canvas.context.makeImage()!
}

func encode(_ image: CGImage, as type: String, quality: Double? = nil) -> Data? {
    let data = NSMutableData()
    guard let dest = CGImageDestinationCreateWithData(data, type as CFString, 1, nil) else { return nil }
    let props: NSDictionary? = quality.map { [kCGImageDestinationLossyCompressionQuality: $0] }
    CGImageDestinationAddImage(dest, image, props)
    return CGImageDestinationFinalize(dest) ? data as Data : nil
}

func decode(_ data: Data) -> CGImage? {
    CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
}

@Suite struct CodecTests {
    @Test func pngRoundTripsExactly() throws {
        for opaque in [true, false] {
            let image = sampleImage(opaque: opaque)
            let data = try #require(encode(image, as: "public.png"))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let source = try #require(CGImageSourceCreateWithData(data, nil))
            #expect(CGImageSourceGetCount(source) == 1 && CGImageSourceGetType(source) == "public.png")
            let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
            #expect(back.width == 3 && back.height == 2)
            #expect(back.alphaInfo == image.alphaInfo)  // contexts have alpha, so both are premultipliedFirst
            for y in 0..<2 { for x in 0..<3 { #expect(back.pixels.pixel(x: x, y: y) == image.pixels.pixel(x: x, y: y)) } }
        }
    }

    @Test func jpegRoundTripsWithinLossyTolerance() throws {
        // Flat 16×16 blocks survive JPEG at quality 0.95 within 6 levels (chroma subsampling stays inside blocks).
        let canvas = TestCanvas(width: 32, height: 16)
        canvas.context.setFillColor(CGColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 1))
        canvas.context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        let data = try #require(encode(canvas.context.makeImage()!, as: "public.jpeg", quality: 0.95))
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        let back = try #require(decode(data))
        let p = back.pixels.pixel(x: 8, y: 8), q = back.pixels.pixel(x: 24, y: 8)
        #expect(abs(Int(p.r) - 204) <= 6 && abs(Int(p.g) - 51) <= 6 && abs(Int(p.b) - 26) <= 6)
        #expect(q.r >= 249 && q.g >= 249 && q.b >= 249)
        #expect(back.alphaInfo == .noneSkipFirst)
    }

    @Test func fileURLsWork() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-imageio-test.png")
        let dest = try #require(CGImageDestinationCreateWithURL(url, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(dest, sampleImage(opaque: true), nil)
        #expect(CGImageDestinationFinalize(dest))
        let source = try #require(CGImageSourceCreateWithURL(url, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 3)
        try? FileManager.default.removeItem(at: url)
    }

    @Test func unknownTypesAndEmptyDestinationsFail() {
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "public.tiff" as CFString, 1, nil) == nil)
        let dest = CGImageDestinationCreateWithData(NSMutableData(), "public.png" as CFString, 1, nil)!
        #expect(!CGImageDestinationFinalize(dest))  // no image added
        #expect(CGImageSourceCreateWithData(Data("GIF89a".utf8), nil) == nil)
        #expect(CGImageSourceCreateWithData(Data(), nil) == nil)
    }
}

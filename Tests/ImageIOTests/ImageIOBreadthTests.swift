import Testing
import ImageIO
import CalyxTestSupport

/// The ImageIO and CoreGraphics image API iOS code reaches for beyond decoding and encoding.
@Suite struct ImageIOBreadthTests {
    /// A `w`×`h` opaque image, left half red and right half blue.
    func halves(_ w: Int, _ h: Int) -> CGImage {
        let canvas = TestCanvas(width: w, height: h, background: CGColor.white)
        canvas.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        canvas.context.fill(CGRect(x: 0, y: 0, width: w / 2, height: h))
        canvas.context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        canvas.context.fill(CGRect(x: w / 2, y: 0, width: w - w / 2, height: h))
        return canvas.context.makeImage()!
    }

    /// The pixel at (x, y), rows from the top, as (r, g, b, a).
    func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let bytes = image.dataProvider!.data!
        let i = y * image.bytesPerRow + x * 4
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]), Int(bytes[i + 3]))
    }

    /// A JPEG with an EXIF APP1 segment carrying `orientation` (TIFF, little-endian, one IFD entry), placed
    /// right after SOI as cameras write it (EXIF 2.3, §4.5 and §4.6.4, tag 0x0112).
    func jpeg(_ image: CGImage, orientation: UInt8) -> Data {
        var bytes = [UInt8](encode(image, as: "public.jpeg", quality: 1)!)
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,   // II, 42, IFD at 8
                             0x01, 0x00,                                       // one entry
                             0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x00]                           // no next IFD
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        return Data(bytes)
    }

    @Test func orientationIsReadAndAppliedToThumbnails() throws {
        let data = jpeg(halves(16, 8), orientation: 6)
        let source = try #require(CGImageSourceCreateWithData(data, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(properties[kCGImagePropertyOrientation] as? Int == 6)
        // No embedded thumbnail: nil unless asked to make one from the image.
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil)
        let options: NSDictionary = [kCGImageSourceCreateThumbnailFromImageAlways: true,
                                     kCGImageSourceCreateThumbnailWithTransform: true]
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, options))
        // Orientation 6: the stored image turned 90° clockwise, so the left (red) half is on top.
        #expect(upright.width == 8 && upright.height == 16)
        let top = rgba(upright, 4, 3), bottom = rgba(upright, 4, 12)
        #expect(top.0 > 200 && top.2 < 60 && bottom.2 > 200 && bottom.0 < 60, "top \(top), bottom \(bottom)")
    }

    @Test func thumbnailsShrinkToTheMaximumPixelSizeAndNeverGrow() throws {
        let source = try #require(CGImageSourceCreateWithData(encode(halves(40, 20), as: "public.png")!, nil))
        let small = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageIfAbsent: true, kCGImageSourceThumbnailMaxPixelSize: 10] as NSDictionary))
        #expect(small.width == 10 && small.height == 5)
        let same = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageIfAbsent: true, kCGImageSourceThumbnailMaxPixelSize: 400] as NSDictionary))
        #expect(same.width == 40 && same.height == 20)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let broken = try #require(CGImageSourceCreateWithData(Data(encode(halves(40, 20), as: "public.png")!.prefix(40)), nil))
        #expect(CGImageSourceGetStatus(broken) == .statusInvalidData)
    }

    @Test func dataProviderSourcesDecodeAndRememberTheirType() throws {
        let png = try #require(CGImage(pngDataProviderSource: CGDataProvider(data: encode(halves(4, 2), as: "public.png")!)!,
                                       decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(png.width == 4 && png.utType == "public.png" && rgba(png, 0, 0) == (255, 0, 0, 255))
        let jpg = try #require(CGImage(jpegDataProviderSource: CGDataProvider(data: encode(halves(16, 8), as: "public.jpeg")!)!,
                                       decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(jpg.utType == "public.jpeg" && decode(encode(halves(4, 2), as: "public.png")!)?.utType == "public.png")
        #expect(CGImage(pngDataProviderSource: CGDataProvider(data: Data([1, 2, 3]))!, decode: nil, shouldInterpolate: true,
                        intent: .defaultIntent) == nil)
    }

    /// `CGImageSourceCreateWithDataProvider`, as code holding a provider (not data) calls it: red-over-blue halves
    /// decode with red at the left.
    @Test func sourcesOverDataProviders() throws {
        let provider = try #require(CGDataProvider(data: encode(halves(4, 2), as: "public.png")! as CFData))
        let source = try #require(CGImageSourceCreateWithDataProvider(provider, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 4 && rgba(image, 0, 0) == (255, 0, 0, 255))
        #expect(CGImageSourceCreateWithDataProvider(CGDataProvider(data: Data([1, 2, 3]) as CFData)!, nil) == nil)
    }

    @Test func destinationsWriteToConsumersWithFileProperties() throws {
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data))
        let destination = try #require(CGImageDestinationCreateWithDataConsumer(consumer, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationSetProperties(destination, [kCGImageDestinationLossyCompressionQuality: 0.1] as NSDictionary)
        CGImageDestinationAddImage(destination, halves(64, 64), nil)
        #expect(CGImageDestinationFinalize(destination))
        let best = encode(halves(64, 64), as: "public.jpeg", quality: 1)!
        #expect(data.length > 100 && data.length < best.count)
        #expect(decode(data as Data)?.width == 64)
    }

    /// An image mask paints where its samples are 0 (Apple's `CGImageMaskCreate` convention); an opaque grey
    /// image masks by brightness.
    @Test func masksCutImages() throws {
        let maskBytes: [UInt8] = [0, 255, 0, 255,  0, 255, 0, 255]   // 4×2: paint, hide, paint, hide
        let mask = try #require(CGImage(maskWidth: 4, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                                        provider: CGDataProvider(data: Data(maskBytes))!, decode: nil, shouldInterpolate: false))
        #expect(mask.isMask)
        let cut = try #require(halves(4, 2).masking(mask))
        #expect(rgba(cut, 0, 0) == (255, 0, 0, 255) && rgba(cut, 1, 0).3 == 0 && rgba(cut, 2, 1) == (0, 0, 255, 255))
        let grey = TestCanvas(width: 4, height: 2, background: CGColor.black)
        grey.context.setFillColor(CGColor.white); grey.context.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
        let byBrightness = try #require(halves(4, 2).masking(grey.context.makeImage()!))
        #expect(rgba(byBrightness, 0, 0).3 == 0 && rgba(byBrightness, 3, 0) == (0, 0, 255, 255))
        let bitMask = try #require(CGImageMaskCreate(8, 1, 1, 1, 1, CGDataProvider(data: Data([0b1010_1010])), nil, false))
        #expect(halves(8, 1).masking(bitMask).map { rgba($0, 0, 0).3 == 0 && rgba($0, 1, 0).3 == 255 } == true)
    }

    @Test func geometryDictionariesRoundTrip() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(CGRect(dictionaryRepresentation: r.dictionaryRepresentation) == r)
        #expect(CGPoint(dictionaryRepresentation: CGPoint(x: 5, y: 6).dictionaryRepresentation) == CGPoint(x: 5, y: 6))
        #expect(CGSize(dictionaryRepresentation: ["Width": 7, "Height": 8] as NSDictionary) == CGSize(width: 7, height: 8))
        #expect(CGPoint(dictionaryRepresentation: ["X": 1] as NSDictionary) == nil)
        #expect(r.equalTo(r) && CGPoint.zero.equalTo(.zero) && !CGSize.zero.equalTo(CGSize(width: 1, height: 0)))
    }
}

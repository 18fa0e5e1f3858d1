@_implementationOnly import CPNG

/// PNG through libpng's simplified API, which handles every bit depth, palette, gray and gamma case and reports
/// errors by return value (no `longjmp` reaches Swift).
package enum PNGCodec {
    package static func decode(_ data: Data) throws -> CGImage {
        // libpng's memory reader keeps the pointer from begin_read, so both calls share one borrow of the bytes.
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw ImageCodecError.corrupt(message(of: &image))
            }
            defer { png_image_free(&image) }
            let width = Int(image.width), height = Int(image.height)
            guard let buffer = PixelBuffer(width: width, height: height) else {
                throw ImageCodecError.tooLarge(width: width, height: height)
            }
            let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
            // libpng writes straight BGRA (8-bit sRGB); premultiply into the canonical format afterwards.
            image.format = UInt32(PNG_FORMAT_BGRA)
            guard png_image_finish_read(&image, nil, buffer.bytes, Int32(buffer.bytesPerRow), nil) != 0 else {
                throw ImageCodecError.corrupt(message(of: &image))
            }
            let straight = PixelFormat(bytesPerPixel: 4, colorOffsets: (2, 1, 0), alphaOffset: 3, premultiplied: false)
            straight.convertToCanonical(from: buffer.bytes, srcBytesPerRow: buffer.bytesPerRow, to: buffer.bytes,
                                        dstBytesPerRow: buffer.bytesPerRow, width: width, height: height)
            let decoded = CGImage(pixels: buffer, isOpaque: !hasAlpha); decoded.utType = "public.png"; return decoded
        }
    }

    package static func encode(_ image: CGImage) throws -> Data {
        let pixels = image.pixels
        // Unpremultiply into straight BGRA for libpng.
        let rowBytes = pixels.width * 4
        var straightBytes = [UInt8](repeating: 0, count: rowBytes * pixels.height)
        let straight = PixelFormat(bytesPerPixel: 4, colorOffsets: (2, 1, 0), alphaOffset: 3, premultiplied: false)
        straightBytes.withUnsafeMutableBytes {
            straight.convertFromCanonical(from: pixels.bytes, srcBytesPerRow: pixels.bytesPerRow, to: $0.baseAddress!,
                                          dstBytesPerRow: rowBytes, width: pixels.width, height: pixels.height)
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(pixels.width); png.height = UInt32(pixels.height)
        png.format = UInt32(image.isOpaque ? PNG_FORMAT_BGR : PNG_FORMAT_BGRA)
        if image.isOpaque {
            // Drop the padding byte.
            var packed = [UInt8](repeating: 0, count: pixels.width * 3 * pixels.height)
            for i in 0..<(pixels.width * pixels.height) {
                packed[i * 3] = straightBytes[i * 4]; packed[i * 3 + 1] = straightBytes[i * 4 + 1]; packed[i * 3 + 2] = straightBytes[i * 4 + 2]
            }
            straightBytes = packed
        }
        let stride = Int32(pixels.width * (image.isOpaque ? 3 : 4))
        var size = 0
        guard png_image_write_to_memory(&png, nil, &size, 0, straightBytes, stride, nil) != 0, size > 0 else {
            throw ImageCodecError.corrupt(message(of: &png))
        }
        var out = Data(count: size)
        let ok = out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, straightBytes, stride, nil) }
        guard ok != 0 else { throw ImageCodecError.corrupt(message(of: &png)) }
        return out.prefix(size)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

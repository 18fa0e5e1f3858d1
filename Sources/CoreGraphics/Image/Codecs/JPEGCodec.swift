@_implementationOnly import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API, which returns errors instead of calling `exit` or `longjmp`.
/// A truncated file that still yields a picture (TurboJPEG reports a warning) decodes to what was readable,
/// the rest gray, as Apple's ImageIO does.
package enum JPEGCodec {
    package static func decode(_ data: Data) throws -> CGImage {
        guard let handle = tjInitDecompress() else { throw ImageCodecError.corrupt("cannot start decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBytes {
            tjDecompressHeader3(handle, $0.bindMemory(to: UInt8.self).baseAddress, UInt(data.count), &width, &height,
                                &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImageCodecError.corrupt(errorMessage(handle)) }
        guard let buffer = PixelBuffer(width: Int(width), height: Int(height)) else {
            throw ImageCodecError.tooLarge(width: Int(width), height: Int(height))
        }
        let status = data.withUnsafeBytes {
            tjDecompress2(handle, $0.bindMemory(to: UInt8.self).baseAddress, UInt(data.count),
                          buffer.bytes.assumingMemoryBound(to: UInt8.self), width, Int32(buffer.bytesPerRow), height,
                          Int32(TJPF_BGRA.rawValue), 0)
        }
        if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
            throw ImageCodecError.corrupt(errorMessage(handle))
        }
        let image = CGImage(pixels: buffer, isOpaque: true); image.utType = "public.jpeg"; return image
    }

    /// Encodes at `quality` in [0, 1] (Apple's lossy-compression quality), 4:2:0 subsampled.
    package static func encode(_ image: CGImage, quality: Double) throws -> Data {
        guard let handle = tjInitCompress() else { throw ImageCodecError.corrupt("cannot start encoder") }
        defer { tjDestroy(handle) }
        // JPEG has no alpha: composite over black, which is what the premultiplied colour already is.
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let q = Int32((min(max(quality.isNaN ? 0.75 : quality, 0), 1) * 100).rounded())
        let status = tjCompress2(handle, image.pixels.bytes.assumingMemoryBound(to: UInt8.self), Int32(image.width),
                                 Int32(image.pixels.bytesPerRow), Int32(image.height), Int32(TJPF_BGRA.rawValue),
                                 &output, &size, Int32(TJSAMP_420.rawValue), max(q, 1), 0)
        defer { tjFree(output) }
        guard status == 0, let output else { throw ImageCodecError.corrupt(errorMessage(handle)) }
        return Data(bytes: output, count: Int(size))
    }

    private static func errorMessage(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}

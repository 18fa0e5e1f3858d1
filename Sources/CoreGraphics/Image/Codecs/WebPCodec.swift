@_implementationOnly import CWebP

/// WebP stills through libwebp (Apple's ImageIO reads WebP since iOS 14; `.lottie` archives often carry their
/// images as WebP). The first frame of an animated WebP is read as the still. libwebp hands over straight alpha;
/// Calyx's bitmaps are premultiplied, so each pixel is multiplied here.
package enum WebPCodec {
    /// Whether `data` starts as a WebP file does: a RIFF chunk of form type "WEBP".
    package static func recognizes(_ data: Data) -> Bool {
        data.count >= 12 && data.starts(with: Array("RIFF".utf8)) && data.dropFirst(8).starts(with: Array("WEBP".utf8))
    }

    package static func decode(_ data: Data) throws -> CGImage {
        var width: Int32 = 0, height: Int32 = 0
        let known = data.withUnsafeBytes { WebPGetInfo($0.bindMemory(to: UInt8.self).baseAddress, data.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { throw ImageCodecError.corrupt("not a readable WebP image") }
        guard let buffer = PixelBuffer(width: Int(width), height: Int(height)) else {
            throw ImageCodecError.tooLarge(width: Int(width), height: Int(height))
        }
        let size = buffer.bytesPerRow * buffer.height
        let decoded = data.withUnsafeBytes {
            WebPDecodeBGRAInto($0.bindMemory(to: UInt8.self).baseAddress, data.count,
                               buffer.bytes.assumingMemoryBound(to: UInt8.self), size, Int32(buffer.bytesPerRow))
        }
        guard decoded != nil else { throw ImageCodecError.corrupt("the WebP data does not decode") }
        var opaque = true
        for y in 0..<buffer.height {
            let row = buffer.bytes.advanced(by: y * buffer.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<buffer.width {
                let p = row + x * 4
                let a = UInt32(p[3])
                guard a < 255 else { continue }
                opaque = false
                p[0] = UInt8((UInt32(p[0]) * a + 127) / 255)
                p[1] = UInt8((UInt32(p[1]) * a + 127) / 255)
                p[2] = UInt8((UInt32(p[2]) * a + 127) / 255)
            }
        }
        let image = CGImage(pixels: buffer, isOpaque: opaque)
        image.utType = "org.webmproject.webp"
        return image
    }
}

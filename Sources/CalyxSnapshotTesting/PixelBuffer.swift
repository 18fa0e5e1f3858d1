import CoreGraphics

/// An image's pixels as straight (not premultiplied) RGBA bytes, row after row, for comparing two images.
struct PixelBuffer: Equatable {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    init?(_ image: CGImage) {
        width = image.width; height = image.height
        guard width > 0, height > 0,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                      space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        guard let data = context.data else { return nil }
        bytes = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: width * height * 4))
        // Un-premultiply, so a colour compares the same whatever its alpha.
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i + 3] != 0 && bytes[i + 3] != 255 {
            let alpha = Int(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8(min(255, (Int(bytes[i + c]) * 255 + alpha / 2) / alpha)) }
        }
    }

    init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// The pixels as an image (straight alpha is premultiplied on the way in).
    func image() -> CGImage? {
        var premultiplied = bytes
        for i in stride(from: 0, to: premultiplied.count, by: 4) where premultiplied[i + 3] != 255 {
            let alpha = Int(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((Int(premultiplied[i + c]) * alpha + 127) / 255) }
        }
        let context = premultiplied.withUnsafeMutableBytes { raw -> CGImage? in
            CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        }
        return context
    }
}

import Foundation
import CoreGraphics
import CWebP

/// An animated WebP through libwebp's animation encoder (its mux library), lossy at the options' quality or
/// lossless at quality 1, with alpha.
final class WebPFrameEncoder: FrameEncoder {
    private let path: String
    private let options: AnimationExportOptions
    private let width: Int, height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var firstNumber: Int?
    private var lastNumber = 0

    init(path: String, width: Int, height: Int, options: AnimationExportOptions) throws {
        guard width <= 16383, height <= 16383 else {
            throw AnimationExportError.impossibleFrames("WebP frames are at most 16,383 pixels a side")
        }
        self.path = path; self.width = width; self.height = height; self.options = options
        var animation = WebPAnimEncoderOptions()
        guard calyx_webp_anim_options_init(&animation) != 0, calyx_webp_config_init(&config) != 0 else {
            throw AnimationExportError.encoderFailed("libwebp version mismatch")
        }
        animation.anim_params.loop_count = Int32(options.loopCount == 0 ? 0 : options.loopCount + 1)
        config.lossless = options.quality >= 1 ? 1 : 0
        config.quality = Float(min(max(options.quality, 0), 1) * 100)
        guard let encoder = calyx_webp_anim_encoder_new(Int32(width), Int32(height), &animation) else {
            throw AnimationExportError.encoderFailed("WebPAnimEncoderNew failed")
        }
        self.encoder = encoder
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    func add(_ image: CGImage, number: Int) throws {
        guard let encoder else { throw AnimationExportError.encoderFailed("the WebP is closed") }
        let first = firstNumber ?? number
        firstNumber = first
        lastNumber = number
        var picture = WebPPicture()
        guard calyx_webp_picture_init(&picture) != 0 else { throw AnimationExportError.encoderFailed("WebPPictureInit") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width); picture.height = Int32(height)
        // libwebp takes straight (not premultiplied) alpha.
        let straight = StraightPixels(image)
        let imported = straight.rgba.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp(of: number)), &config) != 0 else {
            throw AnimationExportError.encoderFailed("WebP frame \(number): \(errorMessage)")
        }
    }

    func finish() throws {
        guard let encoder else { throw AnimationExportError.encoderFailed("the WebP is closed") }
        guard firstNumber != nil else { throw AnimationExportError.impossibleFrames("no frames") }
        // A last timestamp with no picture sets the last frame's duration.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp(of: lastNumber + 1)), nil) != 0 else {
            throw AnimationExportError.encoderFailed("WebP end: \(errorMessage)")
        }
        var data = WebPData(bytes: nil, size: 0)
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw AnimationExportError.encoderFailed("WebP assembly: \(errorMessage)")
        }
        try Data(bytes: bytes, count: data.size).write(to: URL(fileURLWithPath: path))
        WebPAnimEncoderDelete(encoder)
        self.encoder = nil
    }

    /// Milliseconds from the first frame written (a frame range starts at 0).
    private func timestamp(of number: Int) -> Int {
        let fps = options.framesPerSecond
        return FrameDelays.start(ofFrame: number, framesPerSecond: fps, unitsPerSecond: 1000)
            - FrameDelays.start(ofFrame: firstNumber ?? number, framesPerSecond: fps, unitsPerSecond: 1000)
    }

    private var errorMessage: String {
        encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) } ?? "unknown error"
    }
}

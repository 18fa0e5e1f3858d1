import Foundation
import CFFmpeg
import CWebP
import CZlib
import CoreGraphics
import ImageIO

/// Decoded frames of an exported file, read back by decoders Calyx's exporter does not use for writing (libwebp's
/// demuxer, libpng through a rebuilt still PNG, FFmpeg's decoders), as straight RGBA rows.
struct DecodedFrames {
    var width = 0, height = 0
    /// Each frame's pixels and its start time in seconds.
    var frames: [(rgba: [UInt8], time: Double)] = []

    func rgba(frame: Int, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4, p = frames[frame].rgba
        return (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// An animated WebP through libwebp's animation decoder.
    static func webP(_ path: String) throws -> DecodedFrames {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard calyx_webp_anim_decoder_options_init(&options) != 0 else { throw Failure(description: "libwebp version") }
            options.color_mode = MODE_RGBA
            guard let decoder = calyx_webp_anim_decoder_new(&data, &options) else { throw Failure(description: "not a WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            WebPAnimDecoderGetInfo(decoder, &info)
            var result = DecodedFrames(width: Int(info.canvas_width), height: Int(info.canvas_height))
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0   // the frame's end time in milliseconds
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { throw Failure(description: "bad frame") }
                result.frames.append((Array(UnsafeBufferPointer(start: pixels, count: result.width * result.height * 4)), Double(previous) / 1000))
                previous = timestamp
            }
            return result
        }
    }

    /// An APNG: chunk checksums and sequence numbers checked, each frame rebuilt as a still PNG (its IHDR and its
    /// image data as IDAT) and decoded by libpng.
    static func apng(_ path: String) throws -> (frames: DecodedFrames, plays: Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var at = 8, header: [UInt8] = [], plays = -1, sequence = 0, time = 0.0
        var frames: [(data: [UInt8], time: Double)] = []
        while at + 12 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let body = Array(bytes[(at + 8)..<(at + 8 + length)])
            let crc = bytes[(at + 4)..<(at + 8 + length)].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard crc == UInt(u32(at + 8 + length)) else { throw Failure(description: "\(type) checksum") }
            switch type {
            case "IHDR": header = body
            case "acTL": plays = u32(at + 12)
            case "fcTL":
                guard u32(at + 8) == sequence else { throw Failure(description: "fcTL sequence") }
                sequence += 1
                frames.append(([], time))
                time += Double(u16(at + 8 + 20)) / Double(u16(at + 8 + 22))
            case "IDAT": frames[frames.count - 1].data += body
            case "fdAT":
                guard u32(at + 8) == sequence else { throw Failure(description: "fdAT sequence") }
                sequence += 1
                frames[frames.count - 1].data += body.dropFirst(4)
            default: break
            }
            at += 12 + length
        }
        var result = DecodedFrames(width: Int(u32(16)), height: Int(u32(20)))
        for frame in frames {
            var still: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            for (type, body) in [("IHDR", header), ("IDAT", frame.data), ("IEND", [])] {
                let typed = Array(type.utf8) + body
                let crc = UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
                still += withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + typed + withUnsafeBytes(of: crc.bigEndian, Array.init)
            }
            guard let source = CGImageSourceCreateWithData(Data(still) as CFData, nil),
                  let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else { throw Failure(description: "frame does not decode") }
            result.frames.append((straightRGBA(image), frame.time))
        }
        return (result, plays)
    }

    /// A video through FFmpeg's demuxer, decoder and scaler, in presentation order.
    static func video(_ path: String) throws -> DecodedFrames {
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, path, nil, nil) >= 0, let format else { throw Failure(description: "cannot open") }
        defer { var f: UnsafeMutablePointer<AVFormatContext>? = format; avformat_close_input(&f) }
        guard avformat_find_stream_info(format, nil) >= 0 else { throw Failure(description: "no stream info") }
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)],
              let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else { throw Failure(description: "no video") }
        var codec = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&codec) }
        guard let codec, avcodec_parameters_to_context(codec, stream.pointee.codecpar) >= 0, avcodec_open2(codec, decoder, nil) >= 0
        else { throw Failure(description: "cannot open the decoder") }
        var frame = av_frame_alloc(), packet = av_packet_alloc()
        defer { av_frame_free(&frame); av_packet_free(&packet) }
        let w = Int(codec.pointee.width), h = Int(codec.pointee.height)
        var result = DecodedFrames(width: w, height: h)
        let scaler = sws_getContext(Int32(w), Int32(h), codec.pointee.pix_fmt, Int32(w), Int32(h), AV_PIX_FMT_RGBA, SWS_BILINEAR, nil, nil, nil)
        defer { sws_freeContext(scaler) }
        let timeBase = av_q2d(stream.pointee.time_base)
        func receive() {
            while avcodec_receive_frame(codec, frame) >= 0, let frame {
                // (libswscale may write a little past the last pixel: the buffer has room.)
                var rgba = [UInt8](repeating: 0, count: w * h * 4 + 256)
                rgba.withUnsafeMutableBufferPointer { out in
                    var planes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                    var strides: [Int32] = [Int32(w * 4), 0, 0, 0]
                    withUnsafePointer(to: &frame.pointee.data) { data in
                        withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                            data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                                linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                                    _ = sws_scale(scaler, source, sourceStrides, 0, Int32(h), &planes, &strides)
                                }
                            }
                        }
                    }
                }
                result.frames.append((Array(rgba.prefix(w * h * 4)), Double(frame.pointee.best_effort_timestamp) * timeBase))
            }
        }
        while av_read_frame(format, packet) >= 0 {
            if packet!.pointee.stream_index == index { avcodec_send_packet(codec, packet); receive() }
            av_packet_unref(packet)
        }
        avcodec_send_packet(codec, nil)
        receive()
        return result
    }

    static func straightRGBA(_ image: CGImage) -> [UInt8] {
        let ctx = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for i in 0..<(image.width * image.height) {
            let a = Int(p[i * 4 + 3])
            for c in 0..<3 { out[i * 4 + c] = a == 0 ? 0 : UInt8(min(255, (Int(p[i * 4 + c]) * 255 + a / 2) / a)) }
            out[i * 4 + 3] = UInt8(a)
        }
        return out
    }
}

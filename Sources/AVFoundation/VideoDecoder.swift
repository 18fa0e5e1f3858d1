import Foundation
import CoreGraphics
@_implementationOnly import CFFmpeg

/// One video file decoded by FFmpeg's libraries, frame by frame, in presentation order: the picture to show at a
/// time is the last frame whose presentation time is at or before it. Seeking backwards (or far forwards) goes
/// to the key frame before the time and decodes forward from there. Every call is serialized by one lock: the
/// FFmpeg contexts are not for several threads at once.
final class VideoDecoder: @unchecked Sendable {
    let duration: Double
    let width: Int, height: Int
    let frameRate: Double
    /// The track's display rotation in degrees (the container's display matrix), 0 when it has none.
    let rotation: Double

    private let lock = NSLock()
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private let streamIndex: Int32
    private let timeBase: Double
    /// Decoded frames ahead of (and the one at) the read position, oldest first.
    private var decoded: [(time: Double, image: CGImage)] = []
    private var reachedEnd = false

    /// Opens `url`; throws when it cannot be read as a video.
    init(url: URL) throws {
        guard url.isFileURL else { throw VideoDecoderError.unreadable("only file URLs can be played: \(url)") }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw VideoDecoderError.unreadable("no readable file at \(url.path)")
        }
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, url.path, nil, nil) >= 0, let format else {
            throw VideoDecoderError.unreadable("not a media file FFmpeg can open: \(url.lastPathComponent)")
        }
        self.format = format
        guard avformat_find_stream_info(format, nil) >= 0 else {
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoDecoderError.unreadable("no stream information in \(url.lastPathComponent)")
        }
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)],
              let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id),
              let codec = avcodec_alloc_context3(decoder) as UnsafeMutablePointer<AVCodecContext>?
        else {
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoDecoderError.noVideo("no video track FFmpeg can decode in \(url.lastPathComponent)")
        }
        guard avcodec_parameters_to_context(codec, stream.pointee.codecpar) >= 0, avcodec_open2(codec, decoder, nil) >= 0,
              codec.pointee.width > 0, codec.pointee.height > 0, codec.pointee.width <= 16384, codec.pointee.height <= 16384
        else {
            var c: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&c)
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoDecoderError.noVideo("the video track of \(url.lastPathComponent) cannot be decoded")
        }
        self.codec = codec
        streamIndex = index
        timeBase = av_q2d(stream.pointee.time_base)
        width = Int(codec.pointee.width); height = Int(codec.pointee.height)
        let rate = av_q2d(stream.pointee.avg_frame_rate)
        frameRate = rate.isFinite && rate > 0 ? rate : 30
        if stream.pointee.duration > 0 {
            duration = Double(stream.pointee.duration) * timeBase
        } else if format.pointee.duration > 0 {
            duration = Double(format.pointee.duration) / Double(AV_TIME_BASE)
        } else {
            duration = 0
        }
        rotation = 0
        frame = av_frame_alloc()
        packet = av_packet_alloc()
    }

    deinit {
        if let scaler { sws_freeContext(scaler) }
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The frame to show at `time` seconds (nil before the first frame or when nothing decodes).
    func image(at time: Double) -> CGImage? {
        lock.lock(); defer { lock.unlock() }
        guard time.isFinite else { return nil }
        // Behind what is decoded, or far ahead of it: start again from the key frame before `time`.
        let frameTime = 1 / frameRate
        if let first = decoded.first, let last = decoded.last,
           time < first.time - 1e-9 || (!reachedEnd && time > last.time + 2) {
            seek(to: time)
        }
        // Decode until a frame lies beyond `time` (or the file ends).
        while !reachedEnd, (decoded.last?.time ?? -.infinity) <= time + frameTime * 0.01 {
            decodeNext()
        }
        // Drop the frames before the one shown; keep it and those after.
        guard let shown = decoded.lastIndex(where: { $0.time <= time + 1e-6 }) else { return decoded.first?.image }
        if shown > 0 { decoded.removeFirst(shown) }
        return decoded.first?.image
    }

    /// Decodes up to `count` frames past what is decoded (what the prefetch thread does between frames).
    func decodeAhead(_ count: Int) {
        lock.lock(); defer { lock.unlock() }
        var n = 0
        while !reachedEnd, decoded.count < count, n < count { decodeNext(); n += 1 }
    }

    /// How many frames wait decoded ahead of the shown one.
    var framesAhead: Int {
        lock.lock(); defer { lock.unlock() }
        return max(decoded.count - 1, 0)
    }

    private func seek(to time: Double) {
        guard let format, let codec else { return }
        let target = Int64((max(time, 0) / timeBase).rounded(.down))
        av_seek_frame(format, streamIndex, target, AVSEEK_FLAG_BACKWARD)
        avcodec_flush_buffers(codec)
        decoded.removeAll()
        reachedEnd = false
    }

    /// Reads packets until the decoder gives a frame, which joins `decoded`; at the end of the file, drains it.
    private func decodeNext() {
        guard let format, let codec, let packet, let frame else { reachedEnd = true; return }
        while true {
            if avcodec_receive_frame(codec, frame) >= 0 {
                let pts = frame.pointee.best_effort_timestamp
                if let image = convert(frame) { decoded.append((Double(pts) * timeBase, image)) }
                decoded.sort { $0.time < $1.time }
                return
            }
            let status = av_read_frame(format, packet)
            if status < 0 {
                // The end: drain the decoder once, then stop.
                avcodec_send_packet(codec, nil)
                if avcodec_receive_frame(codec, frame) >= 0, let image = convert(frame) {
                    decoded.append((Double(frame.pointee.best_effort_timestamp) * timeBase, image))
                    continue
                }
                reachedEnd = true
                return
            }
            if packet.pointee.stream_index == streamIndex { avcodec_send_packet(codec, packet) }
            av_packet_unref(packet)
        }
    }

    /// The frame as an opaque BGRA image.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) -> CGImage? {
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { return nil }
        scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(frame.pointee.format), Int32(w), Int32(h),
                                      AV_PIX_FMT_BGRA, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { return nil }
        // (libswscale may write a little past the last pixel: the buffer has room.)
        var bgra = [UInt8](repeating: 255, count: w * h * 4 + 256)
        bgra.withUnsafeMutableBufferPointer { out in
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
        guard let provider = CGDataProvider(data: Data(bgra.prefix(w * h * 4)) as CFData) else { return nil }
        return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: w * 4,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

enum VideoDecoderError: Error, CustomStringConvertible {
    case unreadable(String), noVideo(String)
    var description: String {
        switch self { case .unreadable(let s), .noVideo(let s): return s }
    }
}

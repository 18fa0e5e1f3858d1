import Foundation
import CoreGraphics
import CFFmpeg

/// MP4 (H.264, libx264) or WebM (VP9, libvpx) through FFmpeg's libraries: frames are converted from BGRA to
/// 4:2:0 YUV by libswscale (BT.601 matrix, limited range, tagged so players decode it that way), encoded, and
/// muxed with timestamps equal to their frame numbers — a frame range starts at its own time, so parts join.
///
/// Video has no alpha: a frame's transparent parts show black (its premultiplied colour without alpha) unless the
/// export sets a background colour. 4:2:0 needs even sizes, so an odd width or height gains one edge-repeated
/// column or row.
final class VideoFrameEncoder: FrameEncoder {
    enum Container {
        case mp4, webm
        var muxer: String { self == .mp4 ? "mp4" : "webm" }
        var codec: String { self == .mp4 ? "libx264" : "libvpx-vp9" }
    }

    private let path: String
    private let width: Int, height: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    /// The frame padded to even size, in BGRA.
    private var padded: [UInt8]
    private var opened = false

    init(path: String, container: Container, width: Int, height: Int, options: AnimationExportOptions) throws {
        self.path = path
        self.width = width; self.height = height
        av_log_set_level(AV_LOG_ERROR)  // the encoders' statistics are not for the user's terminal
        let evenWidth = (width + 1) & ~1, evenHeight = (height + 1) & ~1
        padded = [UInt8](repeating: 0, count: evenWidth * evenHeight * 4)
        do {
            try open(container: container, width: evenWidth, height: evenHeight, options: options)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func open(container: Container, width: Int, height: Int, options: AnimationExportOptions) throws {
        try check(avformat_alloc_output_context2(&format, nil, container.muxer, path), "no \(container.muxer) muxer")
        guard let format, let encoder = avcodec_find_encoder_by_name(container.codec) else {
            throw AnimationExportError.encoderFailed("FFmpeg has no \(container.codec) encoder")
        }
        guard let stream = avformat_new_stream(format, nil), let codec = avcodec_alloc_context3(encoder),
              let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw AnimationExportError.encoderFailed("out of memory")
        }
        self.stream = stream; self.codec = codec; self.frame = frame; self.packet = packet
        // Time counts frames: 1/fps as a fraction (29.97 becomes 1001/30000).
        let rate = av_d2q(options.framesPerSecond, 1_001_000)
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.time_base = av_inv_q(rate)
        codec.pointee.framerate = rate
        codec.pointee.gop_size = Int32(min(max(options.framesPerSecond * 2, 1), 600))
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.colorspace = AVCOL_SPC_SMPTE170M
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        let quality = min(max(options.quality, 0), 1)
        switch container {
        case .mp4:
            av_opt_set(codec.pointee.priv_data, "preset", "medium", 0)
            av_opt_set(codec.pointee.priv_data, "crf", "\(Int((51 * (1 - quality)).rounded()))", 0)
        case .webm:
            codec.pointee.bit_rate = 0
            av_opt_set(codec.pointee.priv_data, "crf", "\(Int((63 * (1 - quality)).rounded()))", 0)
            av_opt_set(codec.pointee.priv_data, "deadline", "good", 0)
            av_opt_set(codec.pointee.priv_data, "cpu-used", "4", 0)
        }
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try check(avcodec_open2(codec, encoder, nil), "cannot open \(container.codec)")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "codec parameters")
        stream.pointee.time_base = codec.pointee.time_base
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try check(av_frame_get_buffer(frame, 0), "frame buffer")
        guard let scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_BGRA, Int32(width), Int32(height),
                                          AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil) else {
            throw AnimationExportError.encoderFailed("no BGRA to YUV converter")
        }
        self.scaler = scaler
        try check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot open \(path)")
        try check(avformat_write_header(format, nil), "cannot write the \(container.muxer) header")
        opened = true
    }

    func add(_ image: CGImage, number: Int) throws {
        guard opened, let codec, let frame, let scaler else { throw AnimationExportError.encoderFailed("the video is closed") }
        copyPadded(image)
        try check(av_frame_make_writable(frame), "frame not writable")
        let rowBytes = Int32((width + 1) & ~1) * 4
        padded.withUnsafeBufferPointer { source in
            var planes: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
            var strides: [Int32] = [rowBytes, 0, 0, 0]
            withUnsafeMutablePointer(to: &frame.pointee.data) { data in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { destination in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { destinationStrides in
                            _ = sws_scale(scaler, &planes, &strides, 0, codec.pointee.height, destination, destinationStrides)
                        }
                    }
                }
            }
        }
        frame.pointee.pts = Int64(number)
        try check(avcodec_send_frame(codec, frame), "encoding frame \(number)")
        try drain()
    }

    func finish() throws {
        guard opened, let codec, let format else { throw AnimationExportError.encoderFailed("the video is closed") }
        try check(avcodec_send_frame(codec, nil), "flushing the encoder")
        try drain()
        try check(av_write_trailer(format), "writing the trailer")
        // Buffered writes fail late (a full disk shows at the flush or the close): check both before the file
        // may be moved into place.
        if let pb = format.pointee.pb {
            avio_flush(pb)
            try check(pb.pointee.error, "writing the file")
            try check(avio_closep(&format.pointee.pb), "closing the file")
        }
        close()
    }

    /// Writes every packet the encoder has ready.
    private func drain() throws {
        guard let codec, let packet, let format, let stream else { return }
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == calyx_averror_eagain() || status == calyx_averror_eof() { return }
            try check(status, "encoding")
            // Each frame lasts one frame period; without it MP4's edit list cuts the last frame.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), "writing a packet")
        }
    }

    /// The image's BGRA rows into the even-sized buffer, repeating the last column and row into the padding.
    private func copyPadded(_ image: CGImage) {
        let evenWidth = (width + 1) & ~1, evenHeight = (height + 1) & ~1
        let pixels = image.pixels
        padded.withUnsafeMutableBytes { target in
            for y in 0..<evenHeight {
                let row = target.baseAddress! + y * evenWidth * 4
                row.copyMemory(from: pixels.bytes + min(y, height - 1) * pixels.bytesPerRow, byteCount: width * 4)
                if evenWidth > width { (row + width * 4).copyMemory(from: row + (width - 1) * 4, byteCount: 4) }
            }
        }
    }

    private func close() {
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
            self.format = nil
        }
        if codec != nil { avcodec_free_context(&codec) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if let scaler { sws_freeContext(scaler); self.scaler = nil }
        opened = false
    }

    private func check(_ status: Int32, _ what: String) throws {
        guard status < 0 else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        let size = buffer.count
        calyx_av_error_string(status, &buffer, size)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw AnimationExportError.encoderFailed("\(what): \(message)")
    }
}

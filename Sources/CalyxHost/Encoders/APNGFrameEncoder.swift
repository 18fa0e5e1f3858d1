import Foundation
import CoreGraphics
import CZlib

/// An animated PNG (APNG): each frame is encoded by ImageIO's PNG encoder (libpng), and its compressed image
/// data is re-wrapped as an APNG frame. libpng has no APNG writer, so the container — `acTL`, and an `fcTL` and
/// `fdAT` per frame — is assembled here; zlib computes the chunk checksums.
///
/// Each frame replaces the whole canvas (blend `SOURCE`), so transparent frames do not accumulate.
final class APNGFrameEncoder: FrameEncoder {
    private let path: String
    private let options: AnimationExportOptions
    private var header: Data?
    private var frames: [(number: Int, imageData: [Data])] = []

    init(path: String, options: AnimationExportOptions) {
        self.path = path
        self.options = options
    }

    func add(_ image: CGImage, number: Int) throws {
        let chunks = try PNGChunks(try image.pngData(path: path))
        guard let ihdr = chunks.first(type: "IHDR") else { throw AnimationExportError.encoderFailed("PNG without IHDR") }
        if let header, header != ihdr { throw AnimationExportError.encoderFailed("frame \(number) differs in pixel format") }
        header = ihdr
        frames.append((number, chunks.all(type: "IDAT")))
    }

    func finish() throws {
        guard let header, let first = frames.first, header.count >= 8 else {
            throw AnimationExportError.impossibleFrames("no frames")
        }
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.appendChunk("IHDR", header)
        // acTL: frame count, then plays in all (0: for ever; `loopCount` counts repeats after the first).
        let plays = options.loopCount == 0 ? 0 : options.loopCount + 1
        file.appendChunk("acTL", Data(bigEndian: UInt32(frames.count)) + Data(bigEndian: UInt32(plays)))
        var sequence: UInt32 = 0
        for (n, imageData) in frames {
            // fcTL: sequence, size, offset, delay as a fraction (milliseconds over 1000), dispose NONE, blend SOURCE.
            let delay = FrameDelays.delay(ofFrame: n, framesPerSecond: options.framesPerSecond, unitsPerSecond: 1000)
            var control = Data(bigEndian: sequence)
            control += header.prefix(8)  // width and height, as in IHDR
            control += Data(bigEndian: UInt32(0)) + Data(bigEndian: UInt32(0))
            control += Data(bigEndian: UInt16(clamping: delay)) + Data(bigEndian: UInt16(1000))
            control += Data([0, 0])
            file.appendChunk("fcTL", control)
            sequence += 1
            for data in imageData {
                if n == first.number {
                    file.appendChunk("IDAT", data)  // the first frame is also the still image
                } else {
                    file.appendChunk("fdAT", Data(bigEndian: sequence) + data)
                    sequence += 1
                }
            }
        }
        file.appendChunk("IEND", Data())
        try file.write(to: URL(fileURLWithPath: path))
    }
}

/// A PNG file's chunks, in order.
struct PNGChunks {
    private(set) var chunks: [(type: String, data: Data)] = []

    init(_ png: Data) throws {
        let bytes = [UInt8](png)
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard at + 12 + length <= bytes.count else { throw AnimationExportError.encoderFailed("truncated PNG chunk") }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            chunks.append((type, Data(bytes[(at + 8)..<(at + 8 + length)])))
            at += 12 + length
        }
    }

    func first(type: String) -> Data? { chunks.first { $0.type == type }?.data }
    func all(type: String) -> [Data] { chunks.filter { $0.type == type }.map(\.data) }
}

extension Data {
    init<T: FixedWidthInteger>(bigEndian value: T) {
        self = Swift.withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    /// Appends a PNG chunk: length, type, data and the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        let typeBytes = Data(type.utf8)
        self += Data(bigEndian: UInt32(data.count))
        self += typeBytes
        self += data
        var crc = crc32(0, nil, 0)
        for part in [typeBytes, data] {
            crc = part.withUnsafeBytes { crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
        }
        self += Data(bigEndian: UInt32(crc))
    }
}

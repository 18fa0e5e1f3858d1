import Foundation
@_implementationOnly import CZlib

/// The files of a ZIP archive (what a `.lottie` file is), read from its central directory: stored and
/// deflated entries, by name. Hostile archives are refused with a reason, never trusted: entries whose names
/// climb out of the archive (`..`, absolute paths), entries or archives larger than the limits, more entries
/// than the limit, encrypted or otherwise compressed entries, and sizes or offsets that point outside the data.
struct ZipArchive {
    /// At most this many entries.
    static let maximumEntries = 4_096
    /// At most this many bytes in one entry once inflated, and in all of them together.
    static let maximumEntrySize = 64 << 20
    static let maximumTotalSize = 256 << 20

    /// The entries' contents by name (folders are left out).
    private(set) var files: [String: Data] = [:]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw LottieError.invalidFile("a ZIP record runs past the end") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int { try (u16(at) | u16(at + 2) << 16) }
        // The end-of-central-directory record: the last "PK\u{5}\u{6}" within the final 64 KiB + 22 bytes.
        guard bytes.count >= 22 else { throw LottieError.invalidFile("too short to be a ZIP archive") }
        var end = -1
        for at in stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 65_535), by: -1)
        where bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 5 && bytes[at + 3] == 6 {
            end = at; break
        }
        guard end >= 0 else { throw LottieError.invalidFile("not a ZIP archive (no end of central directory)") }
        let count = try u16(end + 10), directorySize = try u32(end + 12), directoryStart = try u32(end + 16)
        guard count <= Self.maximumEntries else { throw LottieError.invalidFile("a ZIP archive of \(count) entries") }
        guard directoryStart + directorySize <= end else { throw LottieError.invalidFile("a ZIP directory outside the archive") }
        var at = directoryStart, total = 0
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw LottieError.invalidFile("a damaged ZIP directory") }
            let flags = try u16(at + 8), method = try u16(at + 10)
            let packed = try u32(at + 20), size = try u32(at + 24)
            let nameLength = try u16(at + 28), extraLength = try u16(at + 30), commentLength = try u16(at + 32)
            let localHeader = try u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw LottieError.invalidFile("a ZIP entry name past the end") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extraLength + commentLength
            guard !name.hasSuffix("/") else { continue }
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.hasPrefix("/"), !name.contains("\\"), !parts.contains(".."), !name.contains("\0") else {
                throw LottieError.invalidFile("a ZIP entry outside the archive: \(name)")
            }
            guard flags & 1 == 0 else { throw LottieError.invalidFile("an encrypted ZIP entry: \(name)") }
            guard size <= Self.maximumEntrySize, total + size <= Self.maximumTotalSize else {
                throw LottieError.invalidFile("a ZIP entry too large: \(name)")
            }
            // The local header repeats the name and its own extra field before the data.
            let dataStart = try localHeader + 30 + u16(localHeader + 26) + u16(localHeader + 28)
            guard try u32(localHeader) == 0x0403_4B50, dataStart + packed <= bytes.count else {
                throw LottieError.invalidFile("a ZIP entry's data outside the archive: \(name)")
            }
            let stored = Data(bytes[dataStart..<(dataStart + packed)])
            switch method {
            case 0:
                guard packed == size else { throw LottieError.invalidFile("a stored ZIP entry of the wrong size: \(name)") }
                files[name] = stored
            case 8:
                files[name] = try Self.inflate(stored, size: size, name: name)
            default:
                throw LottieError.invalidFile("a ZIP entry compressed by method \(method): \(name)")
            }
            total += size
        }
    }

    /// Raw DEFLATE data inflated to exactly `size` bytes (more or less is a damaged entry).
    private static func inflate(_ packed: Data, size: Int, name: String) throws -> Data {
        var output = [UInt8](repeating: 0, count: max(size, 1))
        var input = [UInt8](packed)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LottieError.invalidFile("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(size)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw LottieError.invalidFile("a damaged compressed ZIP entry: \(name)")
        }
        return Data(output.prefix(size))
    }
}

import Testing
import ImageIO

/// Corrupt, truncated and mutated files must give nil (or a partial image), never a crash or a hang.
@Suite struct DecoderFuzzTests {
    /// A deterministic generator, so a failure reproduces.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
    }

    static let seeds: [(String, Data)] = [
        ("png", encode(sampleImage(opaque: false), as: "public.png")!),
        ("jpeg", encode(sampleImage(opaque: true), as: "public.jpeg", quality: 0.9)!),
    ]

    @Test(arguments: seeds.map(\.0))
    func truncatedFilesNeverCrash(format: String) {
        let data = Self.seeds.first { $0.0 == format }!.1
        for length in 0..<data.count { _ = decode(data.prefix(length)) }
        #expect(decode(data.prefix(data.count / 2)) == nil || format == "jpeg")  // PNG needs its end; JPEG may be partial
    }

    @Test(arguments: seeds.map(\.0))
    func mutatedFilesNeverCrash(format: String) {
        let data = Self.seeds.first { $0.0 == format }!.1
        var rng = SplitMix64(state: 42)
        for _ in 0..<500 {
            var bytes = [UInt8](data)
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = decode(Data(bytes))
        }
    }

    @Test func enormousDimensionsAreRefusedBeforeAllocating() {
        // A PNG header claiming 100,000 × 100,000 pixels (40 GB decoded): refused as too large.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data("IHDR".utf8)
        for v in [UInt32(100_000), UInt32(100_000)] { withUnsafeBytes(of: v.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])  // 8-bit RGBA
        withUnsafeBytes(of: UInt32(13).bigEndian) { png.append(contentsOf: $0) }
        png.append(ihdr)
        withUnsafeBytes(of: crc32(ihdr).bigEndian) { png.append(contentsOf: $0) }
        for name in ["IDAT", "IEND"] {  // empty chunks, so the header parses completely
            png.append(contentsOf: [0, 0, 0, 0]); png.append(Data(name.utf8))
            withUnsafeBytes(of: crc32(Data(name.utf8)).bigEndian) { png.append(contentsOf: $0) }
        }
        let source = CGImageSourceCreateWithData(png, nil)!
        #expect(throws: ImageCodecError.tooLarge(width: 100_000, height: 100_000)) { try source.decodeImage() }

        // A JPEG whose frame header claims 60,000 × 60,000.
        let jpeg = encode(sampleImage(opaque: true), as: "public.jpeg")!
        var bytes = [UInt8](jpeg)
        if let sof = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
            bytes[sof + 5] = 0xEA; bytes[sof + 6] = 0x60; bytes[sof + 7] = 0xEA; bytes[sof + 8] = 0x60
        }
        #expect(throws: ImageCodecError.tooLarge(width: 60_000, height: 60_000)) { try CGImageSourceCreateWithData(Data(bytes), nil)!.decodeImage() }
    }

    /// CRC-32 (ISO 3309, as PNG uses), bitwise.
    func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

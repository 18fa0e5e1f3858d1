import Foundation

/// Reads RFC 8259 JSON from UTF-8 bytes in one pass.
///
/// Why not `JSONSerialization` or `JSONDecoder`: both build a Foundation object (or an index) and then decode it
/// again through generic containers that hash every key; a 1 MB Lottie file took a third of a second. This reader
/// builds ``JSONValue`` directly. Errors are `DecodingError.dataCorrupted` at the document's root, as Foundation's.
struct JSONReader {
    /// Deeper documents are refused rather than recursed into (a hostile file must not overflow the stack).
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The members and elements of the objects and arrays being read, innermost last: each is copied out once,
    /// at its exact size, when it ends (appending to its own array would reallocate as it grows).
    private var pendingMembers: [(key: String, value: JSONValue)] = []
    private var pendingElements: [JSONValue] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The document in `data`; throws for anything that is not exactly one JSON value (surrounding white space
    /// and a UTF-8 byte-order mark allowed).
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            reader.skipWhiteSpace()
            let value = try reader.value()
            reader.skipWhiteSpace()
            guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the document") }
            return value
        }
    }

    private func error(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "The data is not valid JSON: \(what) at byte \(index)."))
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSONValue {
        switch current {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case nil: throw error("the document ends where a value was expected")
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0 else { throw error("an unknown word") }
        index += length
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws -> JSONObject {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhiteSpace()
        if current == UInt8(ascii: "}") { index += 1; return JSONObject() }
        let start = pendingMembers.count
        defer { pendingMembers.removeSubrange(start...) }
        while true {
            skipWhiteSpace()
            guard current == UInt8(ascii: "\"") else { throw error("an object key that is not a string") }
            let key = try string()
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else { throw error("a missing colon") }
            index += 1
            skipWhiteSpace()
            let member = try value()
            pendingMembers.append((key, member))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return JSONObject(members: Array(pendingMembers[start...]))
            default: throw error("an object that does not end")
            }
        }
    }

    private mutating func array() throws -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhiteSpace()
        if current == UInt8(ascii: "]") { index += 1; return [] }
        let start = pendingElements.count
        defer { pendingElements.removeSubrange(start...) }
        while true {
            skipWhiteSpace()
            let element = try value()
            pendingElements.append(element)
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return Array(pendingElements[start...])
            default: throw error("an array that does not end")
            }
        }
    }

    private mutating func string() throws -> String {
        index += 1
        let start = index
        var escaped = false, ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") { escaped = true; index += 2; continue }
            guard byte >= 0x20 else { throw error("a control character in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw error("a string that does not end") }
        let end = index
        index += 1
        let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if escaped { return try unescaped(body) }
        if ascii { return String(decoding: body, as: UTF8.self) }
        // (Invalid UTF-8 is refused, as Foundation's reader and so lottie-ios on Apple's systems refuse it.)
        guard let text = String(validating: body, as: UTF8.self) else { throw error("a string that is not UTF-8") }
        return text
    }

    private func unescaped(_ body: UnsafeBufferPointer<UInt8>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        func hex4() throws -> UInt32 {
            guard i + 4 < body.count else { throw error("a short \\u escape") }
            var code: UInt32 = 0
            for byte in body[(i + 1)...(i + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("a bad \\u escape")
                }
                code = code << 4 | UInt32(digit)
            }
            i += 4
            return code
        }
        while i < body.count {
            let byte = body[i]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); i += 1; continue }
            i += 1
            guard i < body.count else { throw error("a string ending in a backslash") }
            switch body[i] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(body[i])
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                // A high surrogate followed by an escaped low one is one character; a lone half is refused, as
                // Foundation's reader refuses it.
                if (0xD800..<0xDC00).contains(code), i + 6 < body.count, body[i + 1] == UInt8(ascii: "\\"), body[i + 2] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate without its low half") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate") }
                UTF8.encode(scalar) { out.append($0) }
            default: throw error("an unknown escape")
            }
            i += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw error("a string that is not UTF-8") }
        return text
    }

    /// Powers of ten a Double holds exactly: with a mantissa below 2^53, one multiplication or division by one of
    /// them is correctly rounded (Clinger's fast path), which covers nearly every number a Lottie file holds.
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    private mutating func number() throws -> Double {
        let start = index
        var negative = false
        if current == UInt8(ascii: "-") { negative = true; index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        func digit(_ byte: UInt8?) -> UInt64? {
            guard let byte, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            return UInt64(byte - UInt8(ascii: "0"))
        }
        guard let first = digit(current) else { throw error("an unexpected character") }
        if first == 0 {
            index += 1
        } else {
            while let d = digit(current) {
                if significantDigits < 19 { mantissa = mantissa * 10 + d; significantDigits += 1 } else { exponent += 1 }
                index += 1
            }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digit(current) != nil else { throw error("a number with no digits after its point") }
            while let d = digit(current) {
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + d
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                }
                index += 1
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            var sign = 1
            if current == UInt8(ascii: "-") { sign = -1; index += 1 } else if current == UInt8(ascii: "+") { index += 1 }
            guard digit(current) != nil else { throw error("a number with no digits in its exponent") }
            var power = 0
            while let d = digit(current) { power = min(power * 10 + Int(d), 100_000); index += 1 }
            exponent += sign * power
        }
        let value: Double
        if mantissa <= 1 << 53, abs(exponent) <= 22 {
            let m = Double(mantissa)
            value = exponent < 0 ? m / Self.exactPowersOfTen[-exponent] : m * Self.exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        // (Long or extreme numbers: the C library's correctly rounded conversion of the same text.)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else { throw error("the number \(text), which a Double cannot hold") }
        return parsed
    }
}

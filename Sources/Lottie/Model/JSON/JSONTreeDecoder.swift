import Foundation

/// A `Decoder` over a parsed ``JSONValue``: the model's `Decodable` initializers run unchanged, without
/// Foundation's per-object key dictionaries, and a failed `try?` (how the model tells a number from a list)
/// costs an error value, not a coding path assembled and described.
///
/// It reads as Foundation's `JSONDecoder` with default strategies: numbers convert to an integer type only when
/// exact, nothing converts between numbers, strings and booleans, and errors are the same `DecodingError`s.
struct JSONTreeDecoder: Decoder {
    let value: JSONValue
    let trail: CodingTrail?

    var codingPath: [CodingKey] { trail?.path ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `decoder` itself when it reads the module's JSON tree; else the value it holds, read into a tree (slowly, by
    /// trying each kind: only a caller decoding the model through another decoder pays for it).
    static func tree(of decoder: Decoder) throws -> JSONTreeDecoder {
        if let tree = decoder as? JSONTreeDecoder { return tree }
        return JSONTreeDecoder(value: try JSONValue(from: decoder), trail: nil)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw Self.mismatch([String: Any].self, value, trail) }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(object: object, trail: trail))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch([Any].self, value, trail) }
        return JSONUnkeyedContainer(elements: elements, trail: trail)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { JSONSingleValueContainer(value: value, trail: trail) }

    // MARK: Values

    /// `value` as `type`: numbers, strings and booleans directly, anything else through its own initializer.
    static func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, trail: @autoclosure () -> CodingTrail?) throws -> T {
        if T.self == Double.self { return try number(value, trail()) as! T }
        if T.self == Int.self { return try integer(value, as: Int.self, trail()) as! T }
        if T.self == String.self {
            guard case .string(let string) = value else { throw mismatch(String.self, value, trail()) }
            return string as! T
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, trail()) }
            return flag as! T
        }
        if T.self == [Double].self { return try numbers(value, trail()) as! T }
        return try T(from: JSONTreeDecoder(value: value, trail: trail()))
    }

    /// An array of numbers.
    static func numbers(_ value: JSONValue, _ trail: @autoclosure () -> CodingTrail?) throws -> [Double] {
        guard case .array(let elements) = value else { throw mismatch([Double].self, value, trail()) }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            guard case .number(let n) = element else { throw mismatch(Double.self, element, CodingTrail(trail(), index: i)) }
            numbers.append(n)
        }
        return numbers
    }

    // (Trails are autoclosures: a value's place in the document is only built when an error names it.)

    static func number(_ value: JSONValue, _ trail: @autoclosure () -> CodingTrail?) throws -> Double {
        guard case .number(let n) = value else { throw mismatch(Double.self, value, trail()) }
        return n
    }

    static func float(_ value: JSONValue, _ trail: @autoclosure () -> CodingTrail?) throws -> Float {
        let n = try number(value, trail())
        guard Float(n).isFinite else { throw corrupted("the number \(n) does not fit in Float", trail()) }
        return Float(n)
    }

    static func integer<I: FixedWidthInteger>(_ value: JSONValue, as type: I.Type, _ trail: @autoclosure () -> CodingTrail?) throws -> I {
        let n = try number(value, trail())
        guard let exact = I(exactly: n) else { throw corrupted("the number \(n) does not fit in \(I.self)", trail()) }
        return exact
    }

    static func mismatch(_ expected: Any.Type, _ found: JSONValue, _ trail: CodingTrail?) -> DecodingError {
        if case .null = found {
            return .valueNotFound(expected, .init(codingPath: trail?.path ?? [], debugDescription: "Found null."))
        }
        return .typeMismatch(expected, .init(codingPath: trail?.path ?? [], debugDescription: "Expected \(expected), found something else."))
    }

    static func corrupted(_ what: String, _ trail: CodingTrail?) -> DecodingError {
        .dataCorrupted(.init(codingPath: trail?.path ?? [], debugDescription: what))
    }
}

/// Where a value sits in the document, kept as a chain to its parent so the path is built only for an error.
final class CodingTrail {
    let parent: CodingTrail?
    let name: String?
    let index: Int

    init(_ parent: CodingTrail?, name: String) { self.parent = parent; self.name = name; self.index = 0 }
    init(_ parent: CodingTrail?, index: Int) { self.parent = parent; self.name = nil; self.index = index }

    var path: [CodingKey] {
        var keys: [CodingKey] = []
        var node: CodingTrail? = self
        while let n = node {
            keys.append(n.name.map { Key(stringValue: $0) } ?? Key(intValue: n.index))
            node = n.parent
        }
        return keys.reversed()
    }

    /// A key of any name or index, as paths and errors name them.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
    }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let trail: CodingTrail?

    var codingPath: [CodingKey] { trail?.path ?? [] }
    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\"."))
        }
        return value
    }

    private func child(_ key: Key) -> CodingTrail { CodingTrail(trail, name: key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONTreeDecoder.unbox(value(key), as: type, trail: child(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONTreeDecoder.unbox(value(key), as: type, trail: child(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONTreeDecoder.number(value(key), child(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONTreeDecoder.float(value(key), child(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONTreeDecoder.integer(value(key), as: type, child(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try JSONTreeDecoder.unbox(value(key), as: type, trail: child(key)) }

    // (One lookup instead of the default's three: absent and null both answer nil.)
    private func present(_ key: Key) -> JSONValue? { object.nonNull(key.stringValue) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try JSONTreeDecoder.unbox($0, as: type, trail: child(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { try JSONTreeDecoder.number($0, child(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { try JSONTreeDecoder.integer($0, as: type, child(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { try JSONTreeDecoder.unbox($0, as: type, trail: child(key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONTreeDecoder(value: value(key), trail: child(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try JSONTreeDecoder(value: value(key), trail: child(key)).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        JSONTreeDecoder(value: object["super"] ?? .null, trail: CodingTrail(trail, name: "super"))
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        JSONTreeDecoder(value: object[key.stringValue] ?? .null, trail: child(key))
    }
}

private struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let trail: CodingTrail?
    private(set) var currentIndex = 0

    init(elements: [JSONValue], trail: CodingTrail?) {
        self.elements = elements
        self.trail = trail
    }

    var codingPath: [CodingKey] { trail?.path ?? [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, without moving past it: as Foundation's, a failed decode leaves the index where it was.
    private func next(_ type: Any.Type) throws -> (JSONValue, CodingTrail) {
        guard !isAtEnd else { throw atEnd(type) }
        return (elements[currentIndex], CodingTrail(trail, index: currentIndex))
    }

    private func atEnd(_ type: Any.Type) -> DecodingError {
        .valueNotFound(type, .init(codingPath: CodingTrail(trail, index: currentIndex).path, debugDescription: "Unkeyed container is at end."))
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Never.self).0 else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw atEnd(type) }
        let decoded = try JSONTreeDecoder.unbox(elements[currentIndex], as: type, trail: CodingTrail(trail, index: currentIndex))
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, trail) = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try JSONTreeDecoder(value: value, trail: trail).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (value, trail) = try next(UnkeyedDecodingContainer.self)
        let container = try JSONTreeDecoder(value: value, trail: trail).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> Decoder {
        let (value, trail) = try next(Decoder.self)
        currentIndex += 1
        return JSONTreeDecoder(value: value, trail: trail)
    }
}

private struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let trail: CodingTrail?

    var codingPath: [CodingKey] { trail?.path ?? [] }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Double.Type) throws -> Double { try JSONTreeDecoder.number(value, trail) }
    func decode(_ type: Float.Type) throws -> Float { try JSONTreeDecoder.float(value, trail) }
    func decode(_ type: Int.Type) throws -> Int { try JSONTreeDecoder.integer(value, as: type, trail) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONTreeDecoder.unbox(value, as: type, trail: trail) }
}

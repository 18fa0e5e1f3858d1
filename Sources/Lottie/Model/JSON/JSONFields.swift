import Foundation

/// One JSON object of the document, read by key: how the model's initializers read the tree without the generic
/// `Decoder` machinery (a boxed container per object, a metadata lookup and a cast per value), which was most of
/// the time spent loading a file.
///
/// Two kinds of read mirror the two ways the model used a keyed container. The lenient ones (`number`, `int`,
/// `bool`, `string`) answer nil for a missing key, a null or a value of another kind, as `try? decodeIfPresent`
/// did; the strict ones throw the `DecodingError` Foundation's decoder throws. A value's place in the document is
/// only built when an error names it.
struct JSONFields {
    let object: JSONObject
    let trail: CodingTrail?

    init(object: JSONObject, trail: CodingTrail?) {
        self.object = object
        self.trail = trail
    }

    /// `value` as an object; a type mismatch when it is something else.
    init(_ value: JSONValue, trail: @autoclosure () -> CodingTrail?) throws {
        guard case .object(let object) = value else { throw JSONTreeDecoder.mismatch([String: Any].self, value, trail()) }
        self.init(object: object, trail: trail())
    }

    /// The object a decoder holds (read into a tree first when the decoder is not the module's own).
    init(decoder: Decoder) throws {
        let tree = try JSONTreeDecoder.tree(of: decoder)
        try self.init(tree.value, trail: tree.trail)
    }

    /// Where the member `key` sits.
    func child(_ key: String) -> CodingTrail { CodingTrail(trail, name: key) }

    /// The value of `key` unless it is missing or null.
    func present(_ key: String) -> JSONValue? { object.nonNull(key) }

    // MARK: Lenient reads

    func number(_ key: String) -> Double? {
        guard case .number(let n)? = object[key] else { return nil }
        return n
    }

    /// An exact integer (2.5 or 1e300 answer nil, as an `Int` decode refuses them).
    func int(_ key: String) -> Int? { number(key).flatMap { Int(exactly: $0) } }

    func bool(_ key: String) -> Bool? {
        guard case .bool(let b)? = object[key] else { return nil }
        return b
    }

    func string(_ key: String) -> String? {
        guard case .string(let s)? = object[key] else { return nil }
        return s
    }

    // MARK: Strict reads

    /// The value of `key`; `keyNotFound` when the object lacks it.
    func required(_ key: String) throws -> JSONValue {
        guard let value = object[key] else {
            throw DecodingError.keyNotFound(CodingTrail.Key(stringValue: key),
                                            .init(codingPath: trail?.path ?? [], debugDescription: "No value for \"\(key)\"."))
        }
        return value
    }

    func requiredNumber(_ key: String) throws -> Double { try JSONTreeDecoder.number(required(key), child(key)) }

    func requiredInt(_ key: String) throws -> Int { try JSONTreeDecoder.integer(required(key), as: Int.self, child(key)) }

    func requiredString(_ key: String) throws -> String { try JSONTreeDecoder.unbox(required(key), as: String.self, trail: child(key)) }

    /// The object at `key` read by `read`, nil when missing or null; a type mismatch when it is not an object.
    func object<T>(_ key: String, _ read: (JSONFields) throws -> T) throws -> T? {
        guard let value = present(key) else { return nil }
        return try read(JSONFields(value, trail: child(key)))
    }

    /// The array at `key`, each element read by `read` (given the element and where it sits), nil when missing
    /// or null; a type mismatch when it is not an array. One element that fails fails the list.
    func list<T>(_ key: String, _ read: (JSONValue, () -> CodingTrail) throws -> T) throws -> [T]? {
        guard let value = present(key) else { return nil }
        guard case .array(let elements) = value else { throw JSONTreeDecoder.mismatch([Any].self, value, child(key)) }
        var items: [T] = []
        items.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() { items.append(try read(element) { CodingTrail(child(key), index: i) }) }
        return items
    }

    /// The array of objects at `key`, each read by `read`.
    func objects<T>(_ key: String, _ read: (JSONFields) throws -> T) throws -> [T]? {
        try list(key) { element, trail in try read(JSONFields(element, trail: trail())) }
    }

    /// Any `Decodable` at `key` through the generic decoder (for the rarely used parts of a file), nil when missing
    /// or null.
    func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try present(key).map { try JSONTreeDecoder.unbox($0, as: type, trail: child(key)) }
    }

    /// The animated property at `key`, nil when missing or null.
    func animatedIfPresent<V: KeyframeValue>(_ key: String, as type: V.Type = V.self) throws -> AnimatedValue<V>? {
        guard let value = present(key) else { return nil }
        return try AnimatedValue<V>(value, trail: child(key))
    }

    /// The animated number list at `key`, or `fallback` held at every frame when the file leaves it out.
    func animated(_ key: String, default fallback: [Double]) throws -> AnimatedValue<Numbers> {
        try animatedIfPresent(key) ?? .fixed(Numbers(fallback))
    }
}

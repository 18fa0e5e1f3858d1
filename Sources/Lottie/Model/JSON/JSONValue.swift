import Foundation

/// A parsed JSON document, kept as a tree that ``JSONTreeDecoder`` reads the model from.
///
/// Lottie files are mostly small objects of numbers nested deep; an object keeps its keys in file order and is
/// searched linearly, which for the dozen keys a Lottie object has beats hashing every key of every object.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object's members in file order (one allocation an object: keys and values side by side).
struct JSONObject {
    var members: [(key: String, value: JSONValue)] = []

    var keys: [String] { members.map(\.key) }

    /// The value of `key` (the last one when a file repeats a key, as Foundation's reader does).
    subscript(key: String) -> JSONValue? {
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    /// The value of `key` unless it is missing or null (how an optional member reads).
    func nonNull(_ key: String) -> JSONValue? {
        guard let value = self[key] else { return nil }
        if case .null = value { return nil }
        return value
    }
}

extension JSONValue: Decodable {
    /// Any decoder's value as a tree, found by trying each kind in turn.
    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: CodingTrail.Key.self) {
            var object = JSONObject()
            for key in keyed.allKeys {
                object.members.append((key.stringValue, try keyed.decode(JSONValue.self, forKey: key)))
            }
            self = .object(object)
        } else if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}

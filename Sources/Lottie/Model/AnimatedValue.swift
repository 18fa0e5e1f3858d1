import Foundation
import CoreGraphics

/// One keyframe of an animated property (the Bodymovin format): its frame `t`, its value `s`, the easing of the
/// segment that starts here (out tangent `o` of this keyframe, in tangent `i` of the next), and `h` for a hold
/// (the value jumps at the next keyframe).
struct Keyframe<Value>: Sendable where Value: Sendable {
    var time: Double
    var value: Value
    /// The segment's easing as a cubic Bézier's two control points (x, y each in 0…1 for x).
    var easeOut: CGPoint
    var easeIn: CGPoint
    var hold: Bool
    /// For a position: the segment's spatial tangents (`to` from this keyframe's value, `ti` into the next
    /// one's), which bend its path into a cubic Bézier; nil or zero for a straight path.
    var spatialOut: Numbers? = nil
    var spatialIn: Numbers? = nil
}

/// A property that is either one value or keyframes (`{"a": 0|1, "k": …}`).
enum AnimatedValue<Value: Sendable>: Sendable {
    case fixed(Value)
    case keyframes([Keyframe<Value>])

    var keyframeList: [Keyframe<Value>]? {
        if case .keyframes(let list) = self { return list }
        return nil
    }
    var isAnimated: Bool { keyframeList != nil }
}

/// A number list as Lottie writes values: a bare number, or an array of numbers.
struct Numbers: Sendable {
    var values: [Double]
    init(_ values: [Double]) { self.values = values }
    subscript(i: Int) -> Double { values.indices.contains(i) ? values[i] : (values.last ?? 0) }
}

/// A value an animated property holds at its keyframes, read from the JSON tree.
protocol KeyframeValue: Sendable {
    /// The value as a keyframe's `s` or a fixed property's `k` holds it (`trail`: where it sits, for errors).
    static func read(_ value: JSONValue, trail: @autoclosure () -> CodingTrail?) throws -> Self
}

extension Numbers: KeyframeValue {
    static func read(_ value: JSONValue, trail: @autoclosure () -> CodingTrail?) throws -> Numbers {
        let values: [Double]
        switch value {
        case .number(let n): values = [n]
        case .array: values = try JSONTreeDecoder.numbers(value, trail())
        default: throw JSONTreeDecoder.mismatch(Double.self, value, trail())
        }
        guard !values.isEmpty else { throw LottieError.invalidFile("an empty value") }
        return Numbers(values)
    }
}

extension AnimatedValue: Decodable where Value: KeyframeValue {
    init(from decoder: Decoder) throws {
        let tree = try JSONTreeDecoder.tree(of: decoder)
        try self.init(tree.value, trail: tree.trail)
    }

    /// The property `{"a": …, "k": …}` read from the tree.
    init(_ value: JSONValue, trail: @autoclosure () -> CodingTrail?) throws {
        guard case .object(let property) = value else { throw JSONTreeDecoder.mismatch([String: Any].self, value, trail()) }
        let k = property["k"] ?? .null
        func kTrail() -> CodingTrail { CodingTrail(trail(), name: "k") }
        // Keyframes are an array of objects with "t"; anything else is a value. Bodymovin says which with "a" (0: a
        // value); files that leave "a" out are told by the shape of "k".
        var animated = true
        if case .number(let a)? = property["a"], Int(exactly: a) != nil { animated = a != 0 }
        guard animated, case .array(let items) = k, case .object(let first)? = items.first, first["t"] != nil else {
            self = .fixed(try Value.read(k, trail: kTrail()))
            return
        }
        var frames: [Keyframe<Value>] = []
        frames.reserveCapacity(items.count)
        var previousEnd: Value?
        for (index, item) in items.enumerated() {
            func place() -> CodingTrail { CodingTrail(kTrail(), index: index) }
            guard case .object(let f) = item else { throw JSONTreeDecoder.mismatch([String: Any].self, item, place()) }
            guard let tValue = f["t"] else {
                throw DecodingError.keyNotFound(CodingTrail.Key(stringValue: "t"), .init(codingPath: place().path, debugDescription: "A keyframe has no time."))
            }
            let t = try JSONTreeDecoder.number(tValue, CodingTrail(place(), name: "t"))
            var hold = false
            if case .number(1)? = f["h"] { hold = true }
            let value: Value? = try f["s"].map { try Value.read($0, trail: CodingTrail(place(), name: "s")) }
            func numbers(_ value: JSONValue?) -> Numbers? { value.flatMap { try? Numbers.read($0, trail: nil) } }
            func tangent(_ key: String, default d: CGPoint) -> CGPoint {
                guard case .object(let g)? = f[key], let x = numbers(g["x"]), let y = numbers(g["y"]) else { return d }
                return CGPoint(x: x[0], y: y[0])
            }
            // (The last keyframe of old exports has only "t": it holds the previous keyframe's end value "e".)
            let end: Value? = f["e"].flatMap { try? Value.read($0, trail: nil) }
            defer { previousEnd = end }
            guard let value = value ?? previousEnd ?? frames.last?.value else { continue }
            func spatial(_ key: String) -> Numbers? {
                guard let n = numbers(f[key]), n.values.allSatisfy(\.isFinite), n.values.contains(where: { $0 != 0 }) else { return nil }
                return n
            }
            frames.append(Keyframe(time: t, value: value, easeOut: tangent("o", default: CGPoint(x: 0, y: 0)),
                                   easeIn: tangent("i", default: CGPoint(x: 1, y: 1)), hold: hold,
                                   spatialOut: spatial("to"), spatialIn: spatial("ti")))
        }
        guard !frames.isEmpty else { throw LottieError.invalidFile("a property has no keyframes") }
        guard frames.allSatisfy({ $0.time.isFinite }) else { throw LottieError.invalidFile("a keyframe's time is not finite") }
        frames.sort { $0.time < $1.time }
        self = .keyframes(frames)
    }
}

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
struct Numbers: Decodable, Sendable {
    var values: [Double]
    init(_ values: [Double]) { self.values = values }
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        // (Arrays first: keyframe values and tangents are arrays even for one number, and a failed try throws.)
        if let list = try? c.decode([Double].self) {
            values = list
        } else {
            values = [try c.decode(Double.self)]
        }
        guard !values.isEmpty else { throw LottieError.invalidFile("an empty value") }
    }
    subscript(i: Int) -> Double { values.indices.contains(i) ? values[i] : (values.last ?? 0) }
}

/// Decodes `{"a": …, "k": …}` for any value type that can be made from a `Numbers` or decoded directly.
protocol KeyframeValue: Sendable {
    static func decodeValue(from decoder: Decoder) throws -> Self
}

extension Numbers: KeyframeValue {
    static func decodeValue(from decoder: Decoder) throws -> Numbers { try Numbers(from: decoder) }
}

extension AnimatedValue: Decodable where Value: KeyframeValue {
    private enum Keys: String, CodingKey { case a, k }
    private enum FrameKeys: String, CodingKey { case t, s, e, i, o, h, to, ti }
    private enum TangentKeys: String, CodingKey { case x, y }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        // Keyframes are an array of objects with "t"; anything else is a value. Bodymovin says which with "a" (0: a
        // value), which spares trying keyframes first: a failed try throws, and a long file has thousands of values.
        let animated = (try? c.decodeIfPresent(Int.self, forKey: .a)).map { $0 != 0 } ?? true
        if animated, var list = try? c.nestedUnkeyedContainer(forKey: .k), let first = try? list.nestedContainer(keyedBy: FrameKeys.self),
           first.contains(.t) {
            var frames: [Keyframe<Value>] = []
            var previousEnd: Value?
            var items = try c.nestedUnkeyedContainer(forKey: .k)
            while !items.isAtEnd {
                let f = try items.nestedContainer(keyedBy: FrameKeys.self)
                let t = try f.decode(Double.self, forKey: .t)
                let hold = (try? f.decodeIfPresent(Int.self, forKey: .h)) == 1
                let value: Value? = f.contains(.s) ? try Value.decodeValue(from: f.superDecoder(forKey: .s)) : nil
                func tangent(_ key: FrameKeys, default d: CGPoint) -> CGPoint {
                    guard f.contains(key), let g = try? f.nestedContainer(keyedBy: TangentKeys.self, forKey: key),
                          let x = try? g.decodeIfPresent(Numbers.self, forKey: .x), let y = try? g.decodeIfPresent(Numbers.self, forKey: .y) else { return d }
                    return CGPoint(x: x[0], y: y[0])
                }
                // (The last keyframe of old exports has only "t": it holds the previous keyframe's end value "e".)
                let end: Value? = f.contains(.e) ? try? Value.decodeValue(from: f.superDecoder(forKey: .e)) : nil
                defer { previousEnd = end }
                guard let value = value ?? previousEnd ?? frames.last?.value else { continue }
                func spatial(_ key: FrameKeys) -> Numbers? {
                    guard let n = try? f.decodeIfPresent(Numbers.self, forKey: key), n.values.allSatisfy(\.isFinite),
                          n.values.contains(where: { $0 != 0 }) else { return nil }
                    return n
                }
                frames.append(Keyframe(time: t, value: value, easeOut: tangent(.o, default: CGPoint(x: 0, y: 0)),
                                       easeIn: tangent(.i, default: CGPoint(x: 1, y: 1)), hold: hold,
                                       spatialOut: spatial(.to), spatialIn: spatial(.ti)))
            }
            guard !frames.isEmpty else { throw LottieError.invalidFile("a property has no keyframes") }
            guard frames.allSatisfy({ $0.time.isFinite }) else { throw LottieError.invalidFile("a keyframe's time is not finite") }
            frames.sort { $0.time < $1.time }
            self = .keyframes(frames)
        } else {
            self = .fixed(try Value.decodeValue(from: c.superDecoder(forKey: .k)))
        }
    }
}

extension KeyedDecodingContainer {
    /// The animated number list at `key`, or `fallback` held at every frame when the file leaves it out.
    func animated(_ key: Key, default fallback: [Double]) throws -> AnimatedValue<Numbers> {
        try decodeIfPresent(AnimatedValue<Numbers>.self, forKey: key) ?? .fixed(Numbers(fallback))
    }
}

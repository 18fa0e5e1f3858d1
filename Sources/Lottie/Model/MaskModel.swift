import Foundation

/// One of a layer's masks (`masksProperties`): a path in the layer's space, combined with the masks before it by
/// its mode, optionally inverted, at an opacity, grown or shrunk by its expansion.
struct MaskModel: Sendable {
    /// How a mask combines with the coverage of the masks before it (After Effects' mask modes).
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }
    var mode: Mode
    var inverted: Bool
    var path: AnimatedValue<BezierShape>
    var opacity: AnimatedValue<Numbers>
    var expansion: AnimatedValue<Numbers>

    init(_ f: JSONFields) throws {
        mode = Mode(rawValue: f.string("mode") ?? "a") ?? .add
        inverted = f.bool("inv") ?? false
        path = try AnimatedValue(f.required("pt"), trail: f.child("pt"))
        opacity = try f.animated("o", default: [100])
        expansion = try f.animated("x", default: [0])
    }
}

/// How a layer is cut by the track matte above it (`tt`): by the matte's alpha or luminance, or their inverse.
enum MatteMode: Int, Sendable {
    case alpha = 1, alphaInverted = 2, luminance = 3, luminanceInverted = 4
}

/// One of a layer's effects (`ef`): its type (`ty`: 25 drop shadow, 29 Gaussian blur, …) and the values of its
/// controls, in order (`ef[i].v`).
struct EffectModel: Decodable, Sendable {
    var type: Int
    var enabled: Bool
    var controls: [AnimatedValue<Numbers>]

    private enum Keys: String, CodingKey { case ty, en, ef }
    private enum ControlKeys: String, CodingKey { case v }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        type = (try? c.decodeIfPresent(Int.self, forKey: .ty)) ?? -1
        enabled = ((try? c.decodeIfPresent(Int.self, forKey: .en)) ?? 1) != 0
        var list = try c.nestedUnkeyedContainer(forKey: .ef)
        var controls: [AnimatedValue<Numbers>] = []
        while !list.isAtEnd {
            let control = try list.nestedContainer(keyedBy: ControlKeys.self)
            controls.append((try? control.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .v)) ?? .fixed(Numbers([0])))
        }
        self.controls = controls
    }

    /// Control `index`'s value (0 when the effect has fewer controls).
    func control(_ index: Int) -> AnimatedValue<Numbers> { controls.indices.contains(index) ? controls[index] : .fixed(Numbers([0])) }
}

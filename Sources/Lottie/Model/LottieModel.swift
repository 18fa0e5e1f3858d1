import Foundation
import CoreGraphics

/// The Bodymovin JSON of one animation: the composition's size, frame rate and frame range, its layers (first
/// is frontmost) and markers. (Only what Calyx plays is read; other keys are ignored.)
struct AnimationModel: Decodable, Sendable {
    var version: String?
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var width: Double
    var height: Double
    var name: String?
    var layers: [LayerModel]
    var markers: [MarkerModel]
    /// Precompositions by id: the layers a precomp layer (`refId`) shows.
    var precompositions: [String: [LayerModel]]
    /// Image assets by id: what an image layer (`refId`) shows.
    var images: [String: ImageAsset]

    private enum Keys: String, CodingKey { case v, fr, ip, op, w, h, nm, layers, markers, assets }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        version = try? c.decodeIfPresent(String.self, forKey: .v)
        frameRate = try c.decode(Double.self, forKey: .fr)
        inPoint = try c.decode(Double.self, forKey: .ip)
        outPoint = try c.decode(Double.self, forKey: .op)
        width = try c.decode(Double.self, forKey: .w)
        height = try c.decode(Double.self, forKey: .h)
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        layers = try c.decodeIfPresent([LayerModel].self, forKey: .layers) ?? []
        markers = (try? c.decodeIfPresent([MarkerModel].self, forKey: .markers)) ?? []
        let assets = (try? c.decodeIfPresent([AssetModel].self, forKey: .assets)) ?? []
        precompositions = Dictionary(assets.compactMap { a in a.layers.map { (a.id, $0) } }, uniquingKeysWith: { a, _ in a })
        images = Dictionary(assets.compactMap { a in a.image.map { (a.id, $0) } }, uniquingKeysWith: { a, _ in a })
        guard frameRate.isFinite, frameRate > 0 else { throw LottieError.invalidFile("frame rate \(frameRate)") }
        guard inPoint.isFinite, outPoint.isFinite, outPoint > inPoint else {
            throw LottieError.invalidFile("frame range \(inPoint)…\(outPoint)")
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw LottieError.invalidFile("size \(width) × \(height)")
        }
    }
}

/// An entry of `assets`: a precomposition (an id and layers) or an image (a file name or `data:` URI, its
/// folder and size).
struct AssetModel: Decodable, Sendable {
    var id: String
    var layers: [LayerModel]?
    var image: ImageAsset?
    private enum Keys: String, CodingKey { case id, layers, p, u, w, h }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        id = (try? c.decodeIfPresent(String.self, forKey: .id)) ?? ""
        layers = try c.decodeIfPresent([LayerModel].self, forKey: .layers)
        if layers == nil, let name = try? c.decodeIfPresent(String.self, forKey: .p) {
            let w = (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? 0, h = (try? c.decodeIfPresent(Double.self, forKey: .h)) ?? 0
            image = ImageAsset(id: id, name: name, directory: (try? c.decodeIfPresent(String.self, forKey: .u)) ?? "",
                               width: w.isFinite ? min(max(w, 0), 100_000) : 0, height: h.isFinite ? min(max(h, 0), 100_000) : 0)
        }
    }
}

/// A named time in the animation (`cm` name, `tm` start frame, `dr` length in frames).
struct MarkerModel: Decodable, Sendable {
    var name: String
    var frame: Double
    var duration: Double
    private enum Keys: String, CodingKey { case cm, tm, dr }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .cm)
        frame = try c.decode(Double.self, forKey: .tm)
        duration = (try? c.decodeIfPresent(Double.self, forKey: .dr)) ?? 0
    }
}

/// One layer: its kind, index and parent, frame range and start time, transform, and what it draws.
struct LayerModel: Decodable, Sendable {
    enum Kind: Int, Sendable { case precomp = 0, solid = 1, image = 2, null = 3, shape = 4, text = 5, unknown = -1 }
    var kind: Kind
    var name: String?
    var index: Int?
    var parent: Int?
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var hidden: Bool
    var transform: TransformModel
    var shapes: [ShapeItem]
    var solidColor: String?
    var solidSize: CGSize
    /// For a precomp layer: the precomposition shown, its size (what it is clipped to) and its time stretch.
    var referenceID: String?
    var precompSize: CGSize
    var stretch: Double
    /// The layer's masks, in order (each combines with those before it).
    var masks: [MaskModel]
    /// How the track matte above this layer cuts it (nil: no matte); the matte is the layer `matteParent` names
    /// (`tp`) or else the one just above in the list.
    var matteMode: MatteMode?
    var matteParent: Int?
    /// Whether this layer is only a matte for the layer below it (`td`), not drawn itself.
    var isMatteSource: Bool
    /// Whether the layer turns to face along its motion path (`ao`), on top of its rotation.
    var autoOrient: Bool
    /// The blend mode (`bm`: 0 normal, then After Effects' modes in its menu's order; see ``blendFilterName``).
    var blendMode: Int
    /// For a text layer: its document over time.
    var text: TextModel?
    /// The layer's effects (drop shadow and Gaussian blur are drawn).
    var effects: [EffectModel]
    /// For a precomp layer: which time of its content shows at each of its own frames (`tm`, in seconds).
    var timeRemap: AnimatedValue<Numbers>?

    private enum Keys: String, CodingKey {
        case ty, nm, ind, parent, ip, op, st, hd, ks, shapes, sc, sw, sh, refId, w, h, sr, masksProperties, tt, tp, td, ao, tm, ef, t, bm
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        kind = Kind(rawValue: (try? c.decodeIfPresent(Int.self, forKey: .ty)) ?? -1) ?? .unknown
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        index = try? c.decodeIfPresent(Int.self, forKey: .ind)
        parent = try? c.decodeIfPresent(Int.self, forKey: .parent)
        inPoint = (try? c.decodeIfPresent(Double.self, forKey: .ip)) ?? 0
        outPoint = (try? c.decodeIfPresent(Double.self, forKey: .op)) ?? .infinity
        startTime = (try? c.decodeIfPresent(Double.self, forKey: .st)) ?? 0
        hidden = (try? c.decodeIfPresent(Bool.self, forKey: .hd)) ?? false
        transform = try c.decodeIfPresent(TransformModel.self, forKey: .ks) ?? TransformModel()
        shapes = (try? c.decodeIfPresent([ShapeItem].self, forKey: .shapes)) ?? []
        solidColor = try? c.decodeIfPresent(String.self, forKey: .sc)
        solidSize = CGSize(width: (try? c.decodeIfPresent(Double.self, forKey: .sw)) ?? 0, height: (try? c.decodeIfPresent(Double.self, forKey: .sh)) ?? 0)
        referenceID = try? c.decodeIfPresent(String.self, forKey: .refId)
        precompSize = CGSize(width: (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? 0, height: (try? c.decodeIfPresent(Double.self, forKey: .h)) ?? 0)
        let sr = (try? c.decodeIfPresent(Double.self, forKey: .sr)) ?? 1
        stretch = sr.isFinite && sr > 0 ? sr : 1
        masks = (try? c.decodeIfPresent([MaskModel].self, forKey: .masksProperties)) ?? []
        matteMode = (try? c.decodeIfPresent(Int.self, forKey: .tt)).flatMap(MatteMode.init(rawValue:))
        matteParent = try? c.decodeIfPresent(Int.self, forKey: .tp)
        blendMode = (try? c.decodeIfPresent(Int.self, forKey: .bm)) ?? 0
        timeRemap = try? c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .tm)
        text = kind == .text ? try? c.decodeIfPresent(TextModel.self, forKey: .t) : nil
        effects = ((try? c.decodeIfPresent([FailableEffect].self, forKey: .ef)) ?? []).compactMap(\.effect)
        autoOrient = (try? c.decodeIfPresent(Int.self, forKey: .ao)) == 1 || (try? c.decodeIfPresent(Bool.self, forKey: .ao)) == true
        isMatteSource = ((try? c.decodeIfPresent(Int.self, forKey: .td)) ?? 0) != 0 || (try? c.decodeIfPresent(Bool.self, forKey: .td)) == true
        guard startTime.isFinite, inPoint.isFinite, !outPoint.isNaN else { throw LottieError.invalidFile("layer times") }
    }
}

/// An effect, or nil for one that does not decode (skipped, not refused).
struct FailableEffect: Decodable, Sendable {
    var effect: EffectModel?
    init(from decoder: Decoder) throws { effect = try? EffectModel(from: decoder) }
}

/// A layer's or a shape group's transform: anchor, position (or separate x and y), scale in percent,
/// rotation in degrees, opacity in percent.
struct TransformModel: Decodable, Sendable {
    var anchor: AnimatedValue<Numbers> = .fixed(Numbers([0, 0]))
    var position: AnimatedValue<Numbers> = .fixed(Numbers([0, 0]))
    /// Set when the position is split into separately animated x and y.
    var positionX: AnimatedValue<Numbers>?
    var positionY: AnimatedValue<Numbers>?
    var scale: AnimatedValue<Numbers> = .fixed(Numbers([100, 100]))
    var rotation: AnimatedValue<Numbers> = .fixed(Numbers([0]))
    var opacity: AnimatedValue<Numbers> = .fixed(Numbers([100]))

    private enum Keys: String, CodingKey { case a, p, s, r, rz, o }
    private enum SplitKeys: String, CodingKey { case s, x, y }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let a = try c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .a) { anchor = a }
        if c.contains(.p), let split = try? c.nestedContainer(keyedBy: SplitKeys.self, forKey: .p), (try? split.decodeIfPresent(Bool.self, forKey: .s)) == true {
            positionX = try split.decode(AnimatedValue<Numbers>.self, forKey: .x)
            positionY = try split.decode(AnimatedValue<Numbers>.self, forKey: .y)
        } else if let p = try c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .p) {
            position = p
        }
        if let s = try c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .s) { scale = s }
        if let r = try c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .r) ?? c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .rz) {
            rotation = r
        }
        if let o = try c.decodeIfPresent(AnimatedValue<Numbers>.self, forKey: .o) { opacity = o }
    }
}

/// One item of a shape layer's list: geometry, a style, a group, or the group's transform.
enum ShapeItem: Decodable, Sendable {
    case group(name: String?, items: [ShapeItem], hidden: Bool)
    case rectangle(position: AnimatedValue<Numbers>, size: AnimatedValue<Numbers>, roundness: AnimatedValue<Numbers>)
    case ellipse(position: AnimatedValue<Numbers>, size: AnimatedValue<Numbers>, counterclockwise: Bool)
    case path(AnimatedValue<BezierShape>)
    case fill(name: String?, color: AnimatedValue<Numbers>, opacity: AnimatedValue<Numbers>, evenOdd: Bool)
    case stroke(name: String?, color: AnimatedValue<Numbers>, opacity: AnimatedValue<Numbers>, width: AnimatedValue<Numbers>,
                cap: Int, join: Int, miterLimit: Double, dashes: [StrokeDash])
    case transform(TransformModel)
    /// A gradient fill (or, with `stroke`, a gradient stroke): linear (`radial` false) from `start` to `end`, or
    /// radial about `start` out to `end`; `colors` holds `count` stops of (offset, r, g, b), then optional
    /// (offset, alpha) stops.
    case gradient(GradientModel)
    /// Trims the paths before it to `start`…`end` percent of their length (`offset` in degrees turns the window).
    case trim(start: AnimatedValue<Numbers>, end: AnimatedValue<Numbers>, offset: AnimatedValue<Numbers>)
    /// A star (inner and outer radii and roundness) or a polygon (outer only) of `points` points.
    case polystar(PolystarModel)
    /// Rounds the sharp corners of the paths before it.
    case roundedCorners(radius: AnimatedValue<Numbers>)
    /// Moves the vertices of the paths before it toward their centre by `amount` percent and their tangents away
    /// (bloat), or the reverse (pucker, negative).
    case puckerBloat(amount: AnimatedValue<Numbers>)
    /// Draws the items before it in the group `copies` times, each placed by the transform once more.
    case repeater(RepeaterModel)
    /// An item Calyx does not draw yet (gradients, trims, repeaters, merges…): skipped.
    case unsupported(String)

    private enum Keys: String, CodingKey { case ty, nm, it, hd, p, s, r, ks, c, o, w, lc, lj, ml, e, d, a }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = (try? c.decodeIfPresent(String.self, forKey: .ty)) ?? ""
        let hidden = (try? c.decodeIfPresent(Bool.self, forKey: .hd)) ?? false
        switch type {
        case "gr":
            self = .group(name: try? c.decodeIfPresent(String.self, forKey: .nm), items: (try? c.decodeIfPresent([ShapeItem].self, forKey: .it)) ?? [],
                          hidden: hidden)
        case "rc": self = .rectangle(position: try c.animated(.p, default: [0, 0]), size: try c.animated(.s, default: [0, 0]), roundness: try c.animated(.r, default: [0]))
        case "el": self = .ellipse(position: try c.animated(.p, default: [0, 0]), size: try c.animated(.s, default: [0, 0]), counterclockwise: (try? c.decodeIfPresent(Int.self, forKey: .d)) == 3)
        case "sh": self = .path(try c.decode(AnimatedValue<BezierShape>.self, forKey: .ks))
        case "fl": self = .fill(name: try? c.decodeIfPresent(String.self, forKey: .nm), color: try c.animated(.c, default: [0, 0, 0, 1]), opacity: try c.animated(.o, default: [100]), evenOdd: (try? c.decodeIfPresent(Int.self, forKey: .r)) == 2)
        case "st":
            self = .stroke(name: try? c.decodeIfPresent(String.self, forKey: .nm), color: try c.animated(.c, default: [0, 0, 0, 1]), opacity: try c.animated(.o, default: [100]), width: try c.animated(.w, default: [1]),
                           cap: (try? c.decodeIfPresent(Int.self, forKey: .lc)) ?? 2, join: (try? c.decodeIfPresent(Int.self, forKey: .lj)) ?? 2,
                           miterLimit: (try? c.decodeIfPresent(Double.self, forKey: .ml)) ?? 4,
                           dashes: (try? c.decodeIfPresent([StrokeDash].self, forKey: .d)) ?? [])
        case "tr": self = .transform(try TransformModel(from: decoder))
        case "gf", "gs": self = .gradient(try GradientModel(from: decoder, stroke: type == "gs"))
        case "tm": self = .trim(start: try c.animated(.s, default: [0]), end: try c.animated(.e, default: [100]), offset: try c.animated(.o, default: [0]))
        case "sr": self = .polystar(try PolystarModel(from: decoder))
        case "rd": self = .roundedCorners(radius: try c.animated(.r, default: [0]))
        case "pb": self = .puckerBloat(amount: try c.animated(.a, default: [0]))
        case "rp": self = .repeater(try RepeaterModel(from: decoder))
        default: self = .unsupported(type)
        }
        if hidden, case .group = self {} else if hidden { self = .unsupported(type) }
    }
}

/// One entry of a stroke's dash list (`d`): a dash length (`n` "d"), a gap (`n` "g") or the pattern's offset
/// (`n` "o"), each an animated number of points.
struct StrokeDash: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable { case dash = "d", gap = "g", offset = "o" }
    let kind: Kind
    let value: AnimatedValue<Numbers>

    private enum Keys: String, CodingKey { case n, v }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        kind = try c.decode(Kind.self, forKey: .n)
        value = try c.animated(.v, default: [0])
    }
}

/// A gradient fill or stroke (`gf`, `gs`).
struct GradientModel: Sendable {
    var name: String?
    var radial: Bool
    var start: AnimatedValue<Numbers>
    var end: AnimatedValue<Numbers>
    var stopCount: Int
    var colors: AnimatedValue<Numbers>
    var opacity: AnimatedValue<Numbers>
    var evenOdd: Bool
    /// For a gradient stroke: its width, cap, join and dashes.
    var stroke: (width: AnimatedValue<Numbers>, cap: Int, join: Int, dashes: [StrokeDash])?

    private enum Keys: String, CodingKey { case nm, t, s, e, g, o, r, w, lc, lj, d }
    private enum StopKeys: String, CodingKey { case p, k }

    init(from decoder: Decoder, stroke isStroke: Bool) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        radial = (try? c.decodeIfPresent(Int.self, forKey: .t)) == 2
        start = try c.animated(.s, default: [0, 0])
        end = try c.animated(.e, default: [100, 0])
        let g = try c.nestedContainer(keyedBy: StopKeys.self, forKey: .g)
        stopCount = min(max(try g.decode(Int.self, forKey: .p), 0), 64)
        colors = try g.decode(AnimatedValue<Numbers>.self, forKey: .k)
        opacity = try c.animated(.o, default: [100])
        evenOdd = (try? c.decodeIfPresent(Int.self, forKey: .r)) == 2
        if isStroke {
            stroke = (try c.animated(.w, default: [1]),
                      (try? c.decodeIfPresent(Int.self, forKey: .lc)) ?? 2, (try? c.decodeIfPresent(Int.self, forKey: .lj)) ?? 2,
                      (try? c.decodeIfPresent([StrokeDash].self, forKey: .d)) ?? [])
        }
    }

    /// The stops at one frame's values: offsets and colours, each colour's alpha from the alpha stops (read
    /// between them linearly) when there are any.
    func stops(_ k: Numbers) -> (locations: [Double], colors: [CGColor]) {
        let n = min(stopCount, k.values.count / 4)
        guard n > 0 else { return ([0, 1], [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1)]) }
        let alphas: [(Double, Double)] = stride(from: 4 * n, to: k.values.count - 1, by: 2).map { (k.values[$0], k.values[$0 + 1]) }
        func alpha(at offset: Double) -> Double {
            guard let first = alphas.first else { return 1 }
            if offset <= first.0 { return first.1 }
            for (a, b) in zip(alphas, alphas.dropFirst()) where offset <= b.0 {
                return b.0 > a.0 ? a.1 + (b.1 - a.1) * (offset - a.0) / (b.0 - a.0) : b.1
            }
            return alphas[alphas.count - 1].1
        }
        func unit(_ v: Double) -> CGFloat { CGFloat(v.isFinite ? min(max(v, 0), 1) : 0) }
        let locations = (0..<n).map { Double(unit(k.values[4 * $0])) }
        let colors = (0..<n).map { i in
            CGColor(red: unit(k.values[4 * i + 1]), green: unit(k.values[4 * i + 2]), blue: unit(k.values[4 * i + 3]),
                    alpha: unit(alpha(at: locations[i])))
        }
        return (locations, colors)
    }
}

extension LayerModel {
    /// Core Animation's compositing filter for the layer's blend mode: Bodymovin numbers After Effects' modes
    /// 1 multiply … 15 luminosity, 16 add, 17 hard mix. Nil for normal and for hard mix, which no Core Image
    /// filter draws (it is drawn normal, and `calyx info` says so).
    var blendFilterName: String? {
        switch blendMode {
        case 1...15: return Self.blendFilterNames[blendMode - 1]
        case 16: return "plusL"
        default: return nil
        }
    }

    private static let blendFilterNames = [
        "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode", "differenceBlendMode",
        "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
    ]
}

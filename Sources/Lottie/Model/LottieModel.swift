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

    init(from decoder: Decoder) throws { try self.init(JSONFields(decoder: decoder)) }

    init(_ f: JSONFields) throws {
        version = f.string("v")
        frameRate = try f.requiredNumber("fr")
        inPoint = try f.requiredNumber("ip")
        outPoint = try f.requiredNumber("op")
        width = try f.requiredNumber("w")
        height = try f.requiredNumber("h")
        name = f.string("nm")
        layers = try f.objects("layers", LayerModel.init) ?? []
        markers = (try? f.objects("markers", MarkerModel.init)) ?? []
        let assets = (try? f.objects("assets", AssetModel.init)) ?? []
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
struct AssetModel: Sendable {
    var id: String
    var layers: [LayerModel]?
    var image: ImageAsset?
    init(_ f: JSONFields) throws {
        id = f.string("id") ?? ""
        layers = try f.objects("layers", LayerModel.init)
        if layers == nil, let name = f.string("p") {
            let w = f.number("w") ?? 0, h = f.number("h") ?? 0
            image = ImageAsset(id: id, name: name, directory: f.string("u") ?? "",
                               width: w.isFinite ? min(max(w, 0), 100_000) : 0, height: h.isFinite ? min(max(h, 0), 100_000) : 0)
        }
    }
}

/// A named time in the animation (`cm` name, `tm` start frame, `dr` length in frames).
struct MarkerModel: Sendable {
    var name: String
    var frame: Double
    var duration: Double
    init(_ f: JSONFields) throws {
        name = try f.requiredString("cm")
        frame = try f.requiredNumber("tm")
        duration = f.number("dr") ?? 0
    }
}

/// One layer: its kind, index and parent, frame range and start time, transform, and what it draws.
struct LayerModel: Sendable {
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

    init(_ f: JSONFields) throws {
        kind = Kind(rawValue: f.int("ty") ?? -1) ?? .unknown
        name = f.string("nm")
        index = f.int("ind")
        parent = f.int("parent")
        inPoint = f.number("ip") ?? 0
        outPoint = f.number("op") ?? .infinity
        startTime = f.number("st") ?? 0
        hidden = f.bool("hd") ?? false
        transform = try f.object("ks", TransformModel.init) ?? TransformModel()
        shapes = (try? f.objects("shapes", ShapeItem.init)) ?? []
        solidColor = f.string("sc")
        solidSize = CGSize(width: f.number("sw") ?? 0, height: f.number("sh") ?? 0)
        referenceID = f.string("refId")
        precompSize = CGSize(width: f.number("w") ?? 0, height: f.number("h") ?? 0)
        let sr = f.number("sr") ?? 1
        stretch = sr.isFinite && sr > 0 ? sr : 1
        masks = (try? f.objects("masksProperties", MaskModel.init)) ?? []
        matteMode = f.int("tt").flatMap(MatteMode.init(rawValue:))
        matteParent = f.int("tp")
        blendMode = f.int("bm") ?? 0
        timeRemap = try? f.animatedIfPresent("tm", as: Numbers.self)
        text = kind == .text ? try? f.decode(TextModel.self, "t") : nil
        // (An effect that does not read is skipped, not refused.)
        effects = ((try? f.list("ef") { element, trail in try? EffectModel(from: JSONTreeDecoder(value: element, trail: trail())) }) ?? []).compactMap { $0 }
        autoOrient = f.int("ao") == 1 || f.bool("ao") == true
        isMatteSource = (f.int("td") ?? 0) != 0 || f.bool("td") == true
        guard startTime.isFinite, inPoint.isFinite, !outPoint.isNaN else { throw LottieError.invalidFile("layer times") }
    }
}

/// A layer's or a shape group's transform: anchor, position (or separate x and y), scale in percent,
/// rotation in degrees, opacity in percent.
struct TransformModel: Sendable {
    var anchor: AnimatedValue<Numbers> = .fixed(Numbers([0, 0]))
    var position: AnimatedValue<Numbers> = .fixed(Numbers([0, 0]))
    /// Set when the position is split into separately animated x and y.
    var positionX: AnimatedValue<Numbers>?
    var positionY: AnimatedValue<Numbers>?
    var scale: AnimatedValue<Numbers> = .fixed(Numbers([100, 100]))
    var rotation: AnimatedValue<Numbers> = .fixed(Numbers([0]))
    var opacity: AnimatedValue<Numbers> = .fixed(Numbers([100]))
    /// A shear of `skew` degrees along the direction `skewAxis` degrees from the x axis.
    var skew: AnimatedValue<Numbers> = .fixed(Numbers([0]))
    var skewAxis: AnimatedValue<Numbers> = .fixed(Numbers([0]))

    init() {}

    init(_ f: JSONFields) throws {
        if let a = try f.animatedIfPresent("a", as: Numbers.self) { anchor = a }
        if case .object(let p)? = f.object["p"], case .bool(true)? = p["s"] {
            let split = JSONFields(object: p, trail: f.child("p"))
            positionX = try AnimatedValue(split.required("x"), trail: split.child("x"))
            positionY = try AnimatedValue(split.required("y"), trail: split.child("y"))
        } else if let p = try f.animatedIfPresent("p", as: Numbers.self) {
            position = p
        }
        if let s = try f.animatedIfPresent("s", as: Numbers.self) { scale = s }
        if let r = try f.animatedIfPresent("r", as: Numbers.self) ?? f.animatedIfPresent("rz", as: Numbers.self) { rotation = r }
        if let o = try f.animatedIfPresent("o", as: Numbers.self) { opacity = o }
        if let k = try f.animatedIfPresent("sk", as: Numbers.self) { skew = k }
        if let a = try f.animatedIfPresent("sa", as: Numbers.self) { skewAxis = a }
    }
}

/// One item of a shape layer's list: geometry, a style, a group, or the group's transform.
enum ShapeItem: Sendable {
    case group(name: String?, items: [ShapeItem], hidden: Bool)
    case rectangle(position: AnimatedValue<Numbers>, size: AnimatedValue<Numbers>, roundness: AnimatedValue<Numbers>, counterclockwise: Bool)
    case ellipse(position: AnimatedValue<Numbers>, size: AnimatedValue<Numbers>, counterclockwise: Bool)
    case path(AnimatedValue<BezierShape>)
    /// `blendMode`: Bodymovin's number for the After Effects mode the style blends with what is behind it.
    case fill(name: String?, color: AnimatedValue<Numbers>, opacity: AnimatedValue<Numbers>, evenOdd: Bool, blendMode: Int)
    case stroke(name: String?, color: AnimatedValue<Numbers>, opacity: AnimatedValue<Numbers>, width: AnimatedValue<Numbers>,
                cap: Int, join: Int, miterLimit: Double, dashes: [StrokeDash], blendMode: Int)
    case transform(TransformModel)
    /// A gradient fill (or, with `stroke`, a gradient stroke): linear (`radial` false) from `start` to `end`, or
    /// radial about `start` out to `end`; `colors` holds `count` stops of (offset, r, g, b), then optional
    /// (offset, alpha) stops.
    case gradient(GradientModel)
    /// Trims the paths before it to `start`…`end` percent of their length (`offset` in degrees turns the window).
    /// `individually`: After Effects' "trim multiple shapes individually" (`m` 2), the paths cut as one run, one
    /// after another; otherwise ("simultaneously", `m` 1, the default) each path is cut alone by the same window.
    case trim(start: AnimatedValue<Numbers>, end: AnimatedValue<Numbers>, offset: AnimatedValue<Numbers>, individually: Bool)
    /// A star (inner and outer radii and roundness) or a polygon (outer only) of `points` points.
    case polystar(PolystarModel)
    /// Rounds the sharp corners of the paths before it.
    case roundedCorners(radius: AnimatedValue<Numbers>)
    /// Moves the vertices of the paths before it toward their centre by `amount` percent and their tangents away
    /// (bloat), or the reverse (pucker, negative).
    case puckerBloat(amount: AnimatedValue<Numbers>)
    /// Moves the paths before it outward by `amount` (inward when negative), closing corners with `join`; a
    /// miter reaches at most `miterLimit` times the amount (BezierShape+Offset.swift).
    case offsetPath(amount: AnimatedValue<Numbers>, join: BezierShape.OffsetJoin, miterLimit: AnimatedValue<Numbers>)
    /// Zig-zags the paths before it: `ridges` per segment, `amplitude` across, corners or smooth points
    /// (BezierShape+ZigZag.swift).
    case zigZag(amplitude: AnimatedValue<Numbers>, ridges: AnimatedValue<Numbers>, smooth: AnimatedValue<Numbers>)
    /// Draws the items before it in the group `copies` times, each placed by the transform once more.
    case repeater(RepeaterModel)
    /// Combines the paths before it in the group into one (After Effects' Merge Paths): `mode` is Bodymovin's
    /// number for how (ShapeBuilder+Merge.swift). The fills and strokes before it draw nothing.
    case merge(mode: MergeMode)
    /// An item Calyx does not draw (a hidden one, twist, or a type it does not know): skipped.
    case unsupported(String)

    init(_ f: JSONFields) throws {
        let type = f.string("ty") ?? ""
        let hidden = f.bool("hd") ?? false
        switch type {
        case "gr":
            self = .group(name: f.string("nm"), items: (try? f.objects("it", ShapeItem.init)) ?? [], hidden: hidden)
        case "rc":
            self = .rectangle(position: try f.animated("p", default: [0, 0]), size: try f.animated("s", default: [0, 0]),
                              roundness: try f.animated("r", default: [0]), counterclockwise: f.int("d") == 3)
        case "el": self = .ellipse(position: try f.animated("p", default: [0, 0]), size: try f.animated("s", default: [0, 0]), counterclockwise: f.int("d") == 3)
        case "sh": self = .path(try AnimatedValue(f.required("ks"), trail: f.child("ks")))
        case "fl": self = .fill(name: f.string("nm"), color: try f.animated("c", default: [0, 0, 0, 1]), opacity: try f.animated("o", default: [100]), evenOdd: f.int("r") == 2,
                                 blendMode: f.int("bm") ?? 0)
        case "st":
            self = .stroke(name: f.string("nm"), color: try f.animated("c", default: [0, 0, 0, 1]), opacity: try f.animated("o", default: [100]), width: try f.animated("w", default: [1]),
                           cap: f.int("lc") ?? 2, join: f.int("lj") ?? 2, miterLimit: f.number("ml") ?? 4,
                           dashes: (try? f.objects("d", StrokeDash.init)) ?? [], blendMode: f.int("bm") ?? 0)
        case "tr": self = .transform(try TransformModel(f))
        case "gf", "gs": self = .gradient(try GradientModel(f, stroke: type == "gs"))
        case "tm":
            self = .trim(start: try f.animated("s", default: [0]), end: try f.animated("e", default: [100]),
                         offset: try f.animated("o", default: [0]), individually: f.int("m") == 2)
        case "sr": self = .polystar(try PolystarModel(f))
        case "rd": self = .roundedCorners(radius: try f.animated("r", default: [0]))
        case "pb": self = .puckerBloat(amount: try f.animated("a", default: [0]))
        case "op":
            let join: BezierShape.OffsetJoin = f.int("lj") == 2 ? .round : f.int("lj") == 3 ? .bevel : .miter
            self = .offsetPath(amount: try f.animated("a", default: [0]), join: join, miterLimit: try f.animated("ml", default: [4]))
        case "zz":
            // (Points: 1 corner, 2 smooth.)
            self = .zigZag(amplitude: try f.animated("s", default: [0]), ridges: try f.animated("r", default: [0]),
                           smooth: try f.animated("pt", default: [1]))
        case "rp": self = .repeater(try RepeaterModel(f))
        case "mm": self = .merge(mode: MergeMode(rawValue: f.int("mm") ?? 1) ?? .merge)
        default: self = .unsupported(type)
        }
        if hidden, case .group = self {} else if hidden { self = .unsupported(type) }
    }
}

/// How Merge Paths combines the paths before it (`mm`), in After Effects' words: "Merge" makes them one compound
/// path (the fill's rule decides what it covers), "Add" the union of their areas, "Subtract" the first (topmost)
/// path's area less the others', "Intersect" the area all of them cover, "Exclude Intersections" the area an odd
/// number of them cover. Numbers outside 1…5 merge.
enum MergeMode: Int, Sendable {
    case merge = 1, add, subtract, intersect, excludeIntersections
}

/// One entry of a stroke's dash list (`d`): a dash length (`n` "d"), a gap (`n` "g") or the pattern's offset
/// (`n` "o"), each an animated number of points.
struct StrokeDash: Sendable {
    enum Kind: String, Sendable { case dash = "d", gap = "g", offset = "o" }
    let kind: Kind
    let value: AnimatedValue<Numbers>

    init(_ f: JSONFields) throws {
        guard let kind = try Kind(rawValue: f.requiredString("n")) else {
            throw JSONTreeDecoder.corrupted("not a dash kind", f.child("n"))
        }
        self.kind = kind
        value = try f.animated("v", default: [0])
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
    var blendMode: Int
    /// A radial gradient's highlight: how far its focus lies from the centre toward the rim, in percent of the
    /// radius (`h`, −100…100), and its angle from the start-to-end line in degrees (`a`).
    var highlightLength: AnimatedValue<Numbers>
    var highlightAngle: AnimatedValue<Numbers>
    /// For a gradient stroke: its width, cap, join and dashes.
    var stroke: (width: AnimatedValue<Numbers>, cap: Int, join: Int, dashes: [StrokeDash])?

    init(_ f: JSONFields, stroke isStroke: Bool) throws {
        name = f.string("nm")
        radial = f.int("t") == 2
        start = try f.animated("s", default: [0, 0])
        end = try f.animated("e", default: [100, 0])
        let g = try JSONFields(f.required("g"), trail: f.child("g"))
        stopCount = min(max(try g.requiredInt("p"), 0), 64)
        colors = try AnimatedValue(g.required("k"), trail: g.child("k"))
        opacity = try f.animated("o", default: [100])
        evenOdd = f.int("r") == 2
        blendMode = f.int("bm") ?? 0
        highlightLength = try f.animated("h", default: [0])
        highlightAngle = try f.animated("a", default: [0])
        if isStroke {
            stroke = (try f.animated("w", default: [1]), f.int("lc") ?? 2, f.int("lj") ?? 2, (try? f.objects("d", StrokeDash.init)) ?? [])
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
    var blendFilterName: String? { Self.blendFilterName(blendMode) }

    /// The compositing filter for Bodymovin's blend-mode number (layers' and styles' alike).
    static func blendFilterName(_ blendMode: Int) -> String? {
        switch blendMode {
        case 1...15: return blendFilterNames[blendMode - 1]
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

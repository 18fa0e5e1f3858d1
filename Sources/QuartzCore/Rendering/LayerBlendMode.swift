/// How a layer's picture combines with what is behind it, read from its `compositingFilter`.
///
/// Core Animation takes a Core Image compositing filter there, by name (`"multiplyBlendMode"`, as Apple's sample
/// code and lottie-ios write it) or as a `CIFilter` (`CIFilter(name: "CIMultiplyBlendMode")`). Calyx draws the
/// PDF blend modes those filters name — the same formulas as `CGBlendMode` and CSS's `mix-blend-mode` — and
/// `"plusL"` (plus lighter), which adds. Anything else draws as normal, as an unknown filter does on Apple.
enum LayerBlendMode: Hashable, Sendable {
    case normal
    /// Source added to the destination, clamped: `"plusL"` (and an emitter's additive render mode).
    case plusLighter
    /// A separable or non-separable PDF blend mode, named as Core Graphics names it.
    case blended(CGBlendMode)

    /// `layer`'s, its filter looked at only when it has one (nearly no layer has; reading the property copies the
    /// filter out, and the compositor asks of every layer it records).
    init(of layer: CALayer) {
        guard layer.propertyValues.compositingFilter != nil else { self = .normal; return }
        self.init(compositingFilter: layer.compositingFilter)
    }

    init(compositingFilter filter: Any?) {
        // (Most layers have none: answered before the dynamic casts below, which cost even on nil.)
        guard let filter else { self = .normal; return }
        let name: String
        switch filter {
        case let string as String: name = string
        case let ciFilter as CIFilter: name = ciFilter.name
        default: self = .normal; return
        }
        if name == "plusL" || name == "CIAdditionCompositing" || name == "additionCompositing" { self = .plusLighter; return }
        self = Self.modesByFilterName[name].map { .blended($0) } ?? .normal
    }

    /// Core Image's blend-mode filters, by the name Core Animation accepts and by the filter's own name.
    private static let modesByFilterName: [String: CGBlendMode] = {
        let modes: [(String, CGBlendMode)] = [
            ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay), ("darken", .darken),
            ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn), ("softLight", .softLight),
            ("hardLight", .hardLight), ("difference", .difference), ("exclusion", .exclusion), ("hue", .hue),
            ("saturation", .saturation), ("color", .color), ("luminosity", .luminosity),
        ]
        var table: [String: CGBlendMode] = [:]
        for (stem, mode) in modes {
            table[stem + "BlendMode"] = mode
            table["CI" + stem.prefix(1).uppercased() + stem.dropFirst() + "BlendMode"] = mode
        }
        return table
    }()

    /// Whether the layer is drawn by anything but source-over.
    var isNormal: Bool { self == .normal }

    /// Core Graphics' mode for drawing through a `CGContext` (`render(in:)` and the compositor's painter).
    var contextBlendMode: CGBlendMode {
        switch self {
        case .normal: return .normal
        case .plusLighter: return .plusLighter
        case .blended(let mode): return mode
        }
    }
}

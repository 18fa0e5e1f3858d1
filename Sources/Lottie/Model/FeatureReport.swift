import Foundation

/// What an animation uses, for `calyx info`: its layers by kind, the features Calyx draws, and the ones it does
/// not (which are skipped when it plays).
package struct LottieFeatureReport: Sendable {
    /// How many layers of each kind (precompositions' layers included).
    package var layerCounts: [String: Int] = [:]
    /// Features the file uses that Calyx draws.
    package var used: Set<String> = []
    /// Features the file uses that Calyx does not draw yet.
    package var unsupported: Set<String> = []
}

extension LottieAnimation {
    /// What the animation uses (``LottieFeatureReport``).
    package var featureReport: LottieFeatureReport {
        var report = LottieFeatureReport()
        let kinds: [LayerModel.Kind: String] = [.precomp: "precomposition", .solid: "solid", .image: "image", .null: "null",
                                                .shape: "shape", .text: "text", .unknown: "unknown"]
        let items = ["gr": "groups", "rc": "rectangles", "el": "ellipses", "sh": "paths", "fl": "fills", "st": "strokes",
                     "gf": "gradient fills", "gs": "gradient strokes", "tm": "trim paths", "sr": "stars and polygons",
                     "rd": "rounded corners", "pb": "pucker and bloat", "rp": "repeaters", "op": "offset paths", "zz": "zig-zag",
                     "mm": "merge paths"]
        let unknownItems = ["tw": "twist"]
        func visit(_ shapes: [ShapeItem]) {
            for item in shapes {
                switch item {
                case .group(_, let children, _): report.used.insert(items["gr"]!); visit(children)
                case .rectangle: report.used.insert(items["rc"]!)
                case .ellipse: report.used.insert(items["el"]!)
                case .path: report.used.insert(items["sh"]!)
                case .fill: report.used.insert(items["fl"]!)
                case .stroke: report.used.insert(items["st"]!)
                case .gradient(let g): report.used.insert(g.stroke == nil ? items["gf"]! : items["gs"]!)
                case .trim: report.used.insert(items["tm"]!)
                case .polystar: report.used.insert(items["sr"]!)
                case .roundedCorners: report.used.insert(items["rd"]!)
                case .puckerBloat: report.used.insert(items["pb"]!)
                case .offsetPath: report.used.insert(items["op"]!)
                case .zigZag: report.used.insert(items["zz"]!)
                case .repeater: report.used.insert(items["rp"]!)
                case .merge: report.used.insert(items["mm"]!)
                case .transform: continue
                case .unsupported(let type): if !type.isEmpty { report.unsupported.insert(unknownItems[type] ?? "shape item '\(type)'") }
                }
            }
        }
        let blendModes = [1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten", 6: "color dodge", 7: "color burn",
                          8: "hard light", 9: "soft light", 10: "difference", 11: "exclusion", 12: "hue", 13: "saturation",
                          14: "color", 15: "luminosity", 16: "add", 17: "hard mix"]
        for layer in model.layers + model.precompositions.values.flatMap({ $0 }) {
            report.layerCounts[kinds[layer.kind] ?? "unknown", default: 0] += 1
            visit(layer.shapes)
            if layer.parent != nil { report.used.insert("parenting") }
            if !layer.masks.isEmpty { report.used.insert("masks") }
            if layer.matteMode != nil { report.used.insert("track mattes") }
            if layer.autoOrient { report.used.insert("auto-orient") }
            if layer.timeRemap != nil { report.used.insert("time remapping") }
            if layer.stretch != 1 { report.used.insert("time stretch") }
            if layer.kind == .text { report.used.insert("text") }
            if layer.kind == .image { report.used.insert("images") }
            if layer.blendMode != 0 {
                let name = "blend mode \(blendModes[layer.blendMode] ?? String(layer.blendMode))"
                if layer.blendFilterName != nil { report.used.insert(name) } else { report.unsupported.insert(name) }
            }
            for effect in layer.effects {
                switch effect.type {
                case 25: report.used.insert("drop shadow")
                case 29: report.used.insert("Gaussian blur")
                case 20: report.used.insert("tint")
                case 21: report.used.insert("fill effect")
                case 23: report.used.insert("tritone")
                case 24: report.used.insert("levels")
                case 22: report.used.insert(layer.masks.isEmpty ? "stroke effect (no masks to stroke)" : "stroke effect")
                case 28: report.used.insert("set matte")
                default: report.unsupported.insert("effect \(effect.type)")
                }
            }
        }
        return report
    }
}

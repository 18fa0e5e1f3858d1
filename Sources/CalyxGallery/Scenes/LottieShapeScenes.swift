import Foundation
import Lottie
import QuartzCore

/// Lottie's shape items and styles: strokes, dashes, trimmed fills, morphing paths, polygons, rounded corners,
/// pucker and bloat, merge paths, even-odd fills, gradient strokes and blend modes.
extension Gallery {
    static let lottieShapeScenes: [GalleryScene] = [
        GalleryScene("lottie-strokes", "Lottie", "strokes: zig-zags with butt, round and square caps and miter, round and bevel joins, their width easing",
                     duration: 2, probes: [.init(32, 26, rgb(0.9, 0.2, 0.3)), .init(57, 56, rgb(0.2, 0.4, 0.9)), .init(60, 110, white)], build: lottieStrokes),
        GalleryScene("lottie-dashes", "Lottie", "dashes: a dashed ring whose offset marches round, and a dashed line whose dashes grow",
                     duration: 2, probes: [.init(60, 60, white), .init(60, 15, rgb(0.2, 0.4, 0.9))], build: lottieDashes),
        GalleryScene("lottie-trim-fill", "Lottie", "a trimmed fill: a pie filled as the trim's end eases round, over a grey disc",
                     duration: 2, probes: [.init(90, 30, rgb(0.96, 0.55, 0.15)), .init(30, 80, rgb(0.85, 0.85, 0.85))], build: lottieTrimFill),
        GalleryScene("lottie-path-morph", "Lottie", "a path morph: a square's four vertices ease into a diamond and back",
                     duration: 2, probes: [.init(60, 60, rgb(0.2, 0.4, 0.9)), .init(4, 4, white)], build: lottiePathMorph),
        GalleryScene("lottie-polygon", "Lottie", "a polygon and pucker/bloat: a rounded hexagon turning, and a square that bloats then puckers",
                     duration: 2, probes: [.init(34, 60, rgb(0.1, 0.7, 0.3)), .init(90, 60, rgb(0.6, 0.2, 0.8))], build: lottiePolygon),
        GalleryScene("lottie-rounded-corners", "Lottie", "rounded corners: a star and a square whose corners round off as the radius grows",
                     duration: 2, probes: [.init(30, 60, rgb(0.96, 0.55, 0.15)), .init(90, 60, rgb(0.2, 0.4, 0.9))], build: lottieRoundedCorners),
        GalleryScene("lottie-even-odd", "Lottie", "fill rules: two nested squares filled even-odd (a frame with a hole) beside the same filled non-zero",
                     duration: 2, probes: [.init(30, 60, white), .init(30, 40, rgb(0.85, 0.15, 0.35)), .init(90, 60, rgb(0.85, 0.15, 0.35))],
                     build: lottieEvenOdd),
        GalleryScene("lottie-gradient-stroke", "Lottie", "a gradient stroke: a ring stroked with a linear gradient, turning, its width breathing",
                     duration: 2, probes: [.init(60, 60, white), .init(19, 60, rgb(0.96, 0.55, 0.15))], build: lottieGradientStroke),
        GalleryScene("lottie-blend-modes", "Lottie", "blend modes: three discs blended multiply, screen and difference over coloured bands, sliding across",
                     duration: 2, probes: [.init(110, 10, rgb(0.9, 0.3, 0.2)), .init(30, 22, rgb(0.27, 0.18, 0.19)),
                                           .init(30, 52, rgb(0.965, 0.92, 0.96)), .init(30, 100, rgb(0.1, 0.3, 0.15))], build: lottieBlendModes),
        GalleryScene("lottie-merge-paths", "Lottie", "merge paths: a crescent (subtract) waxing, a square with a pulsing hole (exclude intersections), a lens (intersect) and two rings outlined as one (add)",
                     duration: 2, probes: [.init(15, 45, rgb(0.96, 0.75, 0.1)), .init(45, 35, white), .init(85, 40, white), .init(70, 25, rgb(0.2, 0.4, 0.9)),
                                           .init(37, 95, rgb(0.1, 0.7, 0.3)), .init(14, 95, white), .init(95, 95, white), .init(65, 95, rgb(0.85, 0.15, 0.35))],
                     build: lottieMergePaths),
    ]

    static func lottieStrokes() -> CALayer {
        let zigzag = { (y: Double) in LottieJSON.path([(20, y + 10), (45, y - 8), (70, y + 10), (95, y - 8)], closed: false) }
        let width = LottieJSON.keyed([(0, 5), (30, 10), (60, 5)])
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([zigzag(25), LottieJSON.stroke([0.9, 0.2, 0.3], width: width, cap: 1, join: 1)])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([zigzag(55), LottieJSON.stroke([0.2, 0.4, 0.9], width: width, cap: 2, join: 2)])]),
            LottieJSON.shapeLayer(index: 3, items: [LottieJSON.group([zigzag(85), LottieJSON.stroke([0.1, 0.7, 0.3], width: width, cap: 3, join: 3)])]),
        ]))
    }

    static func lottieDashes() -> CALayer {
        let march = #"{"n":"d","v":{"a":0,"k":12}},{"n":"g","v":{"a":0,"k":6}},{"n":"o","v":"# + LottieJSON.linear(0, 72) + "}"
        let grow = #"{"n":"d","v":"# + LottieJSON.linear(2, 14) + #"},{"n":"g","v":{"a":0,"k":6}}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 60, cy: 50, diameter: 70),
                                                                       LottieJSON.stroke([0.2, 0.4, 0.9], width: "{\"a\":0,\"k\":6}", cap: 1, join: 2, dashes: march)])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([LottieJSON.path([(14, 104), (106, 104)], closed: false),
                                                                       LottieJSON.stroke([0.9, 0.2, 0.3], width: "{\"a\":0,\"k\":6}", cap: 1, join: 2, dashes: grow)])]),
        ]))
    }

    static func lottieTrimFill() -> CALayer {
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":"# + LottieJSON.keyed([(0, 30), (45, 100), (60, 100)]) + #","o":{"a":0,"k":0},"m":1}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 60, cy: 60, diameter: 90), trim,
                                                                       LottieJSON.fill([0.96, 0.55, 0.15])])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 60, cy: 60, diameter: 90),
                                                                       LottieJSON.fill([0.85, 0.85, 0.85])])]),
        ]))
    }

    static func lottiePathMorph() -> CALayer {
        let square = LottieJSON.pathValue([(30, 30), (90, 30), (90, 90), (30, 90)], closed: true)
        let diamond = LottieJSON.pathValue([(60, 15), (105, 60), (60, 105), (15, 60)], closed: true)
        let morph = #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(square)],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},"# +
            #"{"t":30,"s":[\#(diamond)],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":60,"s":[\#(square)]}]}}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([morph, LottieJSON.fill([0.2, 0.4, 0.9])])]),
        ]))
    }

    static func lottiePolygon() -> CALayer {
        let hexagon = #"{"ty":"sr","sy":2,"d":1,"p":{"a":0,"k":[34,60]},"pt":{"a":0,"k":6},"r":"# + LottieJSON.linear(0, 120)
            + #","or":{"a":0,"k":26},"os":{"a":0,"k":40}}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[90,60]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let bloat = #"{"ty":"pb","a":"# + LottieJSON.keyed([(0, 0), (20, 30), (45, -30), (60, 0)]) + "}"
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([hexagon, LottieJSON.fill([0.1, 0.7, 0.3])])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([square, bloat, LottieJSON.fill([0.6, 0.2, 0.8])])]),
        ]))
    }

    static func lottieRoundedCorners() -> CALayer {
        let star = #"{"ty":"sr","sy":1,"d":1,"p":{"a":0,"k":[30,60]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"# +
            #""or":{"a":0,"k":26},"os":{"a":0,"k":0},"ir":{"a":0,"k":12},"is":{"a":0,"k":0}}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[90,60]},"s":{"a":0,"k":[44,44]},"r":{"a":0,"k":0}}"#
        let rounding = #"{"ty":"rd","r":"# + LottieJSON.keyed([(0, 0), (40, 18), (60, 18)]) + "}"
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([star, rounding, LottieJSON.fill([0.96, 0.55, 0.15])])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([square, rounding, LottieJSON.fill([0.2, 0.4, 0.9])])]),
        ]))
    }

    static func lottieMergePaths() -> CALayer {
        func merge(_ mode: Int) -> String { #"{"ty":"mm","mm":\#(mode)}"# }
        let biting = #"{"ty":"el","p":"# + LottieJSON.moving(from: (50, 30), to: (38, 34)) + #","s":{"a":0,"k":[44,44]}}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[85,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let hole = #"{"ty":"el","p":{"a":0,"k":[85,40]},"s":"# + LottieJSON.keyed([(0, 24), (30, 36), (60, 24)]) + "}"
        let left = #"{"ty":"el","p":"# + LottieJSON.moving(from: (25, 95), to: (29, 95)) + #","s":{"a":0,"k":[36,36]}}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 35, cy: 40, diameter: 50), biting, merge(3),
                                                                       LottieJSON.fill([0.96, 0.75, 0.1])])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([square, hole, merge(5), LottieJSON.fill([0.2, 0.4, 0.9])])]),
            LottieJSON.shapeLayer(index: 3, items: [LottieJSON.group([left, LottieJSON.ellipseItem(cx: 50, cy: 95, diameter: 36), merge(4),
                                                                       LottieJSON.fill([0.1, 0.7, 0.3])])]),
            LottieJSON.shapeLayer(index: 4, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 80, cy: 95, diameter: 30),
                                                                       LottieJSON.ellipseItem(cx: 100, cy: 95, diameter: 30), merge(2),
                                                                       LottieJSON.stroke([0.85, 0.15, 0.35], width: #"{"a":0,"k":3}"#, cap: 2, join: 2)])]),
        ]))
    }

    static func lottieEvenOdd() -> CALayer {
        let squares = { (cx: Double) in [
            LottieJSON.path([(cx - 25, 35), (cx + 25, 35), (cx + 25, 85), (cx - 25, 85)], closed: true),
            LottieJSON.path([(cx - 12, 48), (cx + 12, 48), (cx + 12, 72), (cx - 12, 72)], closed: true),
        ] }
        let evenOdd = #"{"ty":"fl","c":{"a":0,"k":[0.85,0.15,0.35,1]},"o":{"a":0,"k":100},"r":2}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group(squares(30) + [evenOdd])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group(squares(90) + [LottieJSON.fill([0.85, 0.15, 0.35])])]),
        ]))
    }

    static func lottieGradientStroke() -> CALayer {
        let gradient = #"{"ty":"gs","t":1,"s":{"a":0,"k":[20,0]},"e":{"a":0,"k":[100,0]},"g":{"p":2,"k":{"a":0,"k":[0,0.96,0.55,0.15,1,0.2,0.3,0.9]}},"# +
            #""o":{"a":0,"k":100},"w":"# + LottieJSON.keyed([(0, 10), (30, 18), (60, 10)]) + #","lc":2,"lj":2}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 60, cy: 60, diameter: 76), gradient])],
                                  extra: #""ks":{"a":{"a":0,"k":[60,60]},"p":{"a":0,"k":[60,60]},"r":"# + LottieJSON.linear(0, 360) + "}"),
        ]))
    }

    static func lottieBlendModes() -> CALayer {
        let bands = [[0.9, 0.3, 0.2], [0.95, 0.8, 0.2], [0.2, 0.7, 0.4], [0.2, 0.3, 0.8]].enumerated().map { i, color in
            LottieJSON.rect(x: 0, y: Double(i) * 30, w: 120, h: 30, color: color)
        }
        let disc = { (index: Int, y: Double, mode: Int) in
            LottieJSON.shapeLayer(index: index, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: y, diameter: 34),
                                                                           LottieJSON.fill([0.3, 0.6, 0.95])])],
                                  extra: #""bm":\#(mode),"ks":{"p":"# + LottieJSON.moving(from: (30, 0), to: (90, 0)) + "}")
        }
        return lottiePlayer(LottieJSON.document(layers: [disc(1, 25, 1), disc(2, 60, 2), disc(3, 95, 10),
                                                         LottieJSON.shapeLayer(index: 4, items: bands)]))
    }
}

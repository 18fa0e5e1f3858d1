import Foundation
import Lottie
import QuartzCore

/// After Effects features as Lottie plays them: mattes, masks, motion paths, stars and repeaters, text, and
/// effects — each a small Bodymovin file written by the helpers below, played by `LottieAnimationLayer`.
extension Gallery {
    static let lottieFeatureScenes: [GalleryScene] = [
        GalleryScene("lottie-matte", "Lottie", "a track matte: a striped square seen through a circle that breathes (alpha matte)",
                     duration: 2, probes: [.init(60, 56, rgb(0.9, 0.2, 0.2)), .init(20, 20, white)], build: lottieMatte),
        GalleryScene("lottie-masks", "Lottie", "masks: a circle added, a bar subtracted that slides down, on an orange square",
                     duration: 2, probes: [.init(60, 30, rgb(0.96, 0.55, 0.15)), .init(60, 40, white), .init(14, 14, white)],
                     build: lottieMasks),
        GalleryScene("lottie-motion-path", "Lottie", "a motion path: an arrow eased along an S curve by distance, turning to face its way (auto-orient)",
                     duration: 2, probes: [.init(19, 101, rgb(0.15, 0.35, 0.9)), .init(100, 20, white)], build: lottieMotionPath),
        GalleryScene("lottie-repeater", "Lottie", "a star turning inside a repeater's ring of eight dots, fading round the ring as it spins",
                     duration: 2, probes: [.init(60, 60, rgb(0.98, 0.75, 0.1)), .init(60, 20, rgb(0.2, 0.4, 0.9))], build: lottieRepeater),
        GalleryScene("lottie-text", "Lottie", "a text layer: centred words that change at a keyframe, over a bar",
                     duration: 2, probes: [.init(60, 80, rgb(0.2, 0.2, 0.25)), .init(6, 6, white)], build: lottieText),
        GalleryScene("lottie-time", "Lottie", "one precomposition shown three times: as it is, stretched to half speed, and time-remapped to run backwards",
                     duration: 2, probes: [.init(20, 25, rgb(0.9, 0.2, 0.2)), .init(20, 60, rgb(0.9, 0.2, 0.2)),
                                           .init(100, 95, rgb(0.9, 0.2, 0.2)), .init(60, 60, white)], build: lottieTime),
        GalleryScene("lottie-gradients", "Lottie", "gradient fills: a radial glow whose centre drifts, over a linear band",
                     duration: 2, probes: [.init(40, 40, rgb(0.96, 0.55, 0.15)), .init(22, 95, rgb(0.1, 0.7, 0.3))], build: lottieGradients),
        GalleryScene("lottie-image", "Lottie", "an image layer: an embedded PNG drawn at one and a half times its size, turning about its centre",
                     duration: 2, probes: [.init(35, 35, rgb(220 / 255, 30 / 255, 30 / 255)), .init(65, 35, rgb(30 / 255, 180 / 255, 60 / 255)),
                                           .init(35, 65, rgb(30 / 255, 60 / 255, 220 / 255))], build: lottieImage),
        GalleryScene("lottie-value-providers", "Lottie", "value providers: a ball moved by a PointValueProvider and recoloured frame by frame by a ColorValueProvider block",
                     duration: 2, probes: [.init(60, 60, rgb(0.9, 0.2, 0.3)), .init(25, 25, white)], build: lottieValueProviders),
        GalleryScene("lottie-effects", "Lottie", "effects: a card with a drop shadow, and a dot under a Gaussian blur",
                     duration: 2, probes: [.init(40, 40, rgb(0.96, 0.55, 0.15)), .init(110, 10, white)], build: lottieEffects),
        GalleryScene("lottie-color-effects", "Lottie", "colour effects: a fill (blue), a tint (navy to yellow) and a tritone, each on a red square and a green bar",
                     duration: 2, probes: [.init(25, 40, rgb(0.2, 0.4, 0.9)), .init(60, 40, rgb(0.651, 0.59, 0.3)),
                                           .init(95, 40, rgb(0.9225, 0.38, 0.5676))], build: lottieColorEffects),
        GalleryScene("lottie-stroke-levels-matte", "Lottie", "more effects: a stroke writing itself round a disc's mask, a square through levels (a negative), stripes cut by Set Matte to a circle drawn below them",
                     duration: 2, probes: [.init(30, 35, rgb(0.95, 0.6, 0.1)), .init(56, 35, rgb(0.1, 0.3, 0.9)), .init(90, 35, rgb(0.8, 0.3, 0.6)),
                                           .init(60, 90, rgb(0.9, 0.2, 0.3)), .init(100, 90, white), .init(60, 100, rgb(0.2, 0.5, 0.9))],
                     build: lottieStrokeLevelsMatte),
    ]

    static func lottieMatte() -> CALayer {
        let stripes = (0..<5).map { LottieJSON.rect(x: 20, y: 20 + Double($0) * 16, w: 80, h: 8, color: [0.9, 0.2, 0.2]) }
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.ellipse(cx: 60, cy: 60, diameter: LottieJSON.keyed([(0, 70), (30, 95), (60, 70)]),
                                                                       color: [1, 1, 1])], extra: #""td":1"#),
            LottieJSON.shapeLayer(index: 2, items: stripes, extra: #""tt":1"#),
        ]))
    }

    static func lottieMasks() -> CALayer {
        let bar = { (y: Double) in LottieJSON.rectPath(x: 10, y: y, w: 100, h: 12) }
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.rect(x: 10, y: 10, w: 100, h: 100, color: [0.96, 0.55, 0.15])], extra: """
            "hasMask":true,"masksProperties":[{"inv":false,"mode":"a","pt":{"a":0,"k":\(LottieJSON.circlePath(cx: 60, cy: 60, r: 45))}},
            {"inv":false,"mode":"s","pt":{"a":1,"k":[{"t":0,"s":[\(bar(34))],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":60,"s":[\(bar(74))]}]}}]
            """),
        ]))
    }

    static func lottieMotionPath() -> CALayer {
        let arrow = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[10,0],[-8,-7],[-8,7]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([arrow, LottieJSON.fill([0.15, 0.35, 0.9])])], extra: """
            "ao":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[20,100],"to":[60,-10],"ti":[-60,10],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[100,20]}]}}
            """),
        ]))
    }

    static func lottieRepeater() -> CALayer {
        let star = #"{"ty":"sr","sy":1,"d":1,"p":{"a":0,"k":[60,60]},"pt":{"a":0,"k":5},"r":"# + LottieJSON.keyed([(0, 0), (60, 144)])
            + #","or":{"a":0,"k":22},"os":{"a":0,"k":0},"ir":{"a":0,"k":10},"is":{"a":0,"k":0}}"#
        let repeater = #"{"ty":"rp","c":{"a":0,"k":8},"o":"# + LottieJSON.keyed([(0, 0), (60, 8)]) + #","m":1,"tr":{"ty":"tr","# +
            #""a":{"a":0,"k":[60,60]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":45},"so":{"a":0,"k":100},"eo":{"a":0,"k":25}}}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([star, LottieJSON.fill([0.98, 0.75, 0.1])])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 60, cy: 20, diameter: 12),
                                                                       LottieJSON.fill([0.2, 0.4, 0.9]), repeater])]),
        ]))
    }

    static func lottieText() -> CALayer {
        let document = { (text: String, frame: Int) in
            #"{"s":{"s":24,"f":"DejaVuSans-Bold","t":"\#(text)","j":2,"tr":0,"lh":28,"fc":[0.15,0.3,0.85]},"t":\#(frame)}"#
        }
        return lottiePlayer(LottieJSON.document(layers: [
            #"{"ty":5,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[60,66]}},"t":{"d":{"k":["# +
                document("Calyx", 0) + "," + document("Lottie", 30) + "]}}}",
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.rect(x: 20, y: 76, w: 80, h: 8, color: [0.2, 0.2, 0.25])]),
        ]))
    }

    static func lottieEffects() -> CALayer {
        // (Each value's `ty` is its control's kind, as Bodymovin writes it: 2 colour, 1 angle, 0 slider, 7 menu.)
        let shadow = #"{"ty":25,"en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0.1,0.1,0.3,1]}},{"ty":0,"v":{"a":0,"k":140}},{"ty":1,"v":{"a":0,"k":135}},"# +
            #"{"ty":0,"v":{"a":0,"k":8}},{"ty":0,"v":{"a":0,"k":10}}]}"#
        let blur = #"{"ty":29,"en":1,"ef":[{"ty":0,"v":{"a":0,"k":12}},{"ty":7,"v":{"a":0,"k":1}}]}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.rect(x: 15, y: 15, w: 50, h: 50, color: [0.96, 0.55, 0.15])],
                                  extra: #""ef":[\#(shadow)]"#),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 88, cy: 88, diameter: 30),
                                                                       LottieJSON.fill([0.85, 0.15, 0.35])])],
                                  extra: #""ef":[\#(blur)]"#),
        ]))
    }

    static func lottieColorEffects() -> CALayer {
        let color = { (c: [Double]) in #"{"ty":2,"v":{"a":0,"k":[\#(c[0]),\#(c[1]),\#(c[2]),1]}}"# }
        let slider = { (v: Double) in #"{"ty":0,"v":{"a":0,"k":\#(v)}}"# }
        let fill = #"{"ty":21,"en":1,"ef":[{"ty":10,"v":{"a":0,"k":0}},{"ty":4,"v":{"a":0,"k":0}},"# + color([0.2, 0.4, 0.9])
            + #",{"ty":4,"v":{"a":0,"k":0}},"# + [slider(0), slider(0), slider(1)].joined(separator: ",") + "]}"
        let tint = #"{"ty":20,"en":1,"ef":["# + [color([0.1, 0.1, 0.3]), color([1, 0.9, 0.3]), slider(100)].joined(separator: ",") + "]}"
        let tritone = #"{"ty":23,"en":1,"ef":["# + [color([1, 1, 0.8]), color([0.9, 0.2, 0.5]), color([0.1, 0.1, 0.3]), slider(0)].joined(separator: ",") + "]}"
        // (Each layer's whole picture is recoloured: its square and its bar.)
        let square = { (index: Int, x: Double, effect: String) in
            LottieJSON.shapeLayer(index: index, items: [LottieJSON.rect(x: x, y: 25, w: 30, h: 30, color: [1, 0, 0]),
                                                        LottieJSON.rect(x: x + 5, y: 70, w: 20, h: 30, color: [0.2, 0.7, 0.3])],
                                  extra: #""ef":[\#(effect)]"#)
        }
        return lottiePlayer(LottieJSON.document(layers: [square(1, 10, fill), square(2, 45, tint), square(3, 80, tritone)]))
    }

    static func lottieStrokeLevelsMatte() -> CALayer {
        let control = { (value: String) in #"{"ty":0,"v":\#(value)}"# }
        let fixed = { (v: Double) in control(#"{"a":0,"k":\#(v)}"#) }
        // Stroke: mask 1, not all masks, not sequential, blue, brush 3, hardness, opacity 1, start 0, end easing
        // from 30 to 100 %, no spacing, painted on the layer.
        let stroke = #"{"ty":22,"en":1,"ef":["# + [fixed(1), fixed(0), fixed(0), control(#"{"a":0,"k":[0.1,0.3,0.9,1]}"#), fixed(3),
                                                  fixed(1), fixed(1), fixed(0), control(LottieJSON.keyed([(0, 30), (45, 100), (60, 100)])),
                                                  fixed(0), fixed(1)].joined(separator: ",") + "]}"
        let ring = #"{"inv":false,"mode":"n","pt":{"a":0,"k":"# + LottieJSON.circlePath(cx: 30, cy: 35, r: 26) + #"},"o":{"a":0,"k":100},"x":{"a":0,"k":0}}"#
        // Levels: the shared curve's input reversed (white at 0, black at 1), every other curve as it is.
        var curves = Array(repeating: fixed(1), count: 37)
        for first in [3, 10, 17, 24, 31] { for (k, v) in [0.0, 1, 1, 0, 1].enumerated() { curves[first + k] = fixed(v) } }
        (curves[3], curves[4]) = (fixed(1), fixed(0))
        let levels = #"{"ty":24,"en":1,"ef":["# + curves.joined(separator: ",") + "]}"
        let matte = #"{"ty":28,"en":1,"ef":["# + [fixed(4), fixed(4), fixed(0)].joined(separator: ",") + "]}"
        let stripes = (0..<3).map { LottieJSON.rect(x: 10, y: 65 + Double($0) * 20, w: 100, h: 10, color: [0.9, 0.2, 0.3]) }
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.ellipse(cx: 30, cy: 35, diameter: #"{"a":0,"k":[40,40]}"#, color: [0.95, 0.6, 0.1])],
                                  extra: #""hasMask":true,"masksProperties":[\#(ring)],"ef":[\#(stroke)]"#),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.rect(x: 70, y: 15, w: 40, h: 40, color: [0.2, 0.7, 0.4])], extra: #""ef":[\#(levels)]"#),
            LottieJSON.shapeLayer(index: 3, items: stripes, extra: #""ef":[\#(matte)]"#),
            LottieJSON.shapeLayer(index: 4, items: [LottieJSON.ellipse(cx: 60, cy: 90, diameter: LottieJSON.keyed([(0, 40), (30, 56), (60, 40)]),
                                                                       color: [0.2, 0.5, 0.9])]),
        ]))
    }

    static func lottieTime() -> CALayer {
        let slide = LottieJSON.shapeLayer(index: 1, items: [LottieJSON.rect(x: -7, y: -7, w: 14, h: 14, color: [0.9, 0.2, 0.2])], extra:
            #""ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[90,10]}]}}"#)
        let precomp = { (index: Int, y: Int, extra: String) in
            #"{"ty":0,"ind":\#(index),"refId":"slide","w":100,"h":20,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[10,\#(y)]}}\#(extra)}"#
        }
        let layers = [precomp(1, 15, ""), precomp(2, 50, #","sr":2"#),
                      precomp(3, 85, #","tm":{"a":1,"k":[{"t":0,"s":[1.3333333],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[0]}]}"#)]
        return lottiePlayer(#"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"assets":[{"id":"slide","w":100,"h":20,"layers":["#
            + slide + "]}],\"layers\":[" + layers.joined(separator: ",") + "]}")
    }

    static func lottieGradients() -> CALayer {
        let glow = #"{"ty":"gf","t":2,"s":{"a":1,"k":[{"t":0,"s":[40,40],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":30,"s":[80,50],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[40,40]}]},"# +
            #""e":{"a":0,"k":[90,40]},"g":{"p":2,"k":{"a":0,"k":[0,0.96,0.55,0.15,1,0.2,0.3,0.8]}},"o":{"a":0,"k":100},"r":1}"#
        let band = #"{"ty":"gf","t":1,"s":{"a":0,"k":[20,0]},"e":{"a":0,"k":[100,0]},"# +
            #""g":{"p":2,"k":{"a":0,"k":[0,0.1,0.7,0.3,1,0.9,0.2,0.5]}},"o":{"a":0,"k":100},"r":1}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 40, cy: 40, diameter: 60), glow])]),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([#"{"ty":"rc","p":{"a":0,"k":[60,95]},"s":{"a":0,"k":[80,30]},"r":{"a":0,"k":0}}"#, band])]),
        ]))
    }

    /// A 40 × 40 PNG of four quadrants (red, green, blue, half-transparent orange), embedded as a data URI.
    static let quadrantsPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAYAAACM/rhtAAAASElEQVR42u3OMREAIAgAQJKQxHCmMIlx7IIlmLgffv94mdUp72oVgoKCgoKCgoKCgoKjg7ledaoTu5OgoKCgoKCgoKCg4OjgB3zxLKRZiplmAAAAAElFTkSuQmCC"

    static func lottieImage() -> CALayer {
        lottiePlayer(#"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"assets":[{"id":"q","w":40,"h":40,"u":"","p":"\#(quadrantsPNG)","e":1}],"# +
            #""layers":[{"ty":2,"ind":1,"refId":"q","ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[20,20]},"p":{"a":0,"k":[50,50]},"# +
            #""s":{"a":0,"k":[150,150]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[360]}]}}}]}"#)
    }

    static func lottieValueProviders() -> CALayer {
        let ball = #"{"ty":4,"ind":1,"nm":"Ball","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[30,30]}},"shapes":["# +
            LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: 0, diameter: 50), #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#]) + "]}"
        let root = lottiePlayer(LottieJSON.document(layers: [ball]))
        guard let player = root.sublayers?.first as? LottieAnimationLayer else { return root }
        player.setValueProvider(PointValueProvider(CGPoint(x: 60, y: 60)), keypath: "Ball.Transform.Position")
        player.setValueProvider(ColorValueProvider { frame in
            LottieColor(r: 0.9, g: 0.2 + 0.6 * Double(frame) / 60, b: 0.3 + 0.5 * Double(frame) / 60, a: 1)
        }, keypath: "**.Fill 1.Color")
        return root
    }

    /// A layer playing `json` in a loop over the whole stage.
    static func lottiePlayer(_ json: String) -> CALayer {
        let root = stage()
        guard let animation = try? LottieAnimation.from(data: Data(json.utf8)) else { return root }
        let player = LottieAnimationLayer(animation: animation)
        player.frame = root.bounds
        player.loopMode = .loop
        root.addSublayer(player)
        player.play()
        return root
    }
}

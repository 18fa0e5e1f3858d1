import Foundation
import Lottie
import QuartzCore

/// Lottie's layers and time: parenting through a null, hold keyframes, solids shown between their in and out
/// points, luma mattes, intersecting and inverted masks, nested precompositions, and playback by markers and
/// with auto-reverse.
extension Gallery {
    static let lottieLayerScenes: [GalleryScene] = [
        GalleryScene("lottie-parenting", "Lottie", "parenting: a null layer turns, carrying a planet, which carries its own turning moon",
                     duration: 2, probes: [.init(60, 60, rgb(0.96, 0.55, 0.15)), .init(100, 60, rgb(0.2, 0.4, 0.9))], build: lottieParenting),
        GalleryScene("lottie-hold-keyframes", "Lottie", "hold keyframes: a square that jumps between three places beside one that eases through them",
                     duration: 2, probes: [.init(20, 35, rgb(0.9, 0.2, 0.3)), .init(20, 85, rgb(0.2, 0.4, 0.9))], build: lottieHoldKeyframes),
        GalleryScene("lottie-solids", "Lottie", "solid layers with in and out points: three coloured solids, each shown for its own part of the two seconds",
                     duration: 2, probes: [.init(25, 60, rgb(0.9, 0.2, 0.3)), .init(60, 60, white)], build: lottieSolids),
        GalleryScene("lottie-luma-matte", "Lottie", "a luma matte: a blue solid seen through a white-to-black gradient (covering by its luminance), the gradient sliding",
                     duration: 2, probes: [.init(20, 60, rgb(0.333, 0.5, 0.917)), .init(110, 60, rgb(0.933, 0.95, 0.992))], build: lottieLumaMatte),
        GalleryScene("lottie-mask-modes", "Lottie", "mask modes: a square cut to where two circles intersect, and a square with an inverted, growing hole",
                     duration: 2, probes: [.init(30, 60, rgb(0.1, 0.7, 0.3)), .init(30, 30, white), .init(90, 60, white), .init(72, 42, rgb(0.6, 0.2, 0.8))],
                     build: lottieMaskModes),
        GalleryScene("lottie-nested-precomps", "Lottie", "nested precompositions: a turning pair of dots, itself inside a precomposition shown twice, scaled and moved",
                     duration: 2, probes: [.init(20, 30, rgb(0.2, 0.4, 0.9)), .init(74, 86, rgb(0.2, 0.4, 0.9)), .init(60, 60, white)], build: lottieNestedPrecomps),
        GalleryScene("lottie-markers", "Lottie", "markers: play(fromMarker:toMarker:loopMode:) plays only the file's \"bounce\" segment, auto-reversing",
                     duration: 2, probes: [.init(60, 95, rgb(0.96, 0.55, 0.15)), .init(60, 20, white)], build: lottieMarkers),
    ]

    static func lottieParenting() -> CALayer {
        let spin = { (degrees: Double) in #""r":"# + LottieJSON.linear(0, degrees) }
        return lottiePlayer(LottieJSON.document(layers: [
            #"{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[60,60]},\#(spin(180))}}"#,
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: 0, diameter: 10), LottieJSON.fill([0.5, 0.5, 0.5])])],
                                  extra: #""parent":3,"ks":{"p":{"a":0,"k":[0,-16]}}"#),
            LottieJSON.shapeLayer(index: 3, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: 0, diameter: 18), LottieJSON.fill([0.2, 0.4, 0.9])])],
                                  extra: #""parent":1,"ks":{"p":{"a":0,"k":[40,0]},\#(spin(720))}"#),
            LottieJSON.shapeLayer(index: 4, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: 0, diameter: 30), LottieJSON.fill([0.96, 0.55, 0.15])])],
                                  extra: #""parent":1,"ks":{}"#),
        ]))
    }

    static func lottieHoldKeyframes() -> CALayer {
        let places = [(0, 20.0), (20, 60.0), (40, 100.0), (60, 100.0)]
        let keys = { (hold: Bool) in
            places.map { #"{"t":\#($0.0),"s":[\#($0.1),0]"# + (hold ? #","h":1}"# : #","o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}}"#) }
                .joined(separator: ",")
        }
        let square = { (index: Int, y: Double, color: [Double], hold: Bool) in
            LottieJSON.shapeLayer(index: index, items: [LottieJSON.rect(x: -12, y: y - 12, w: 24, h: 24, color: color)],
                                  extra: #""ks":{"p":{"a":1,"k":[\#(keys(hold))]}}"#)
        }
        return lottiePlayer(LottieJSON.document(layers: [square(1, 35, [0.9, 0.2, 0.3], true), square(2, 85, [0.2, 0.4, 0.9], false)]))
    }

    static func lottieSolids() -> CALayer {
        let solid = { (index: Int, x: Int, color: String, inPoint: Int, outPoint: Int) in
            #"{"ty":1,"ind":\#(index),"ip":\#(inPoint),"op":\#(outPoint),"st":0,"sc":"\#(color)","sw":30,"sh":60,"ks":{"p":{"a":0,"k":[\#(x),30]}}}"#
        }
        return lottiePlayer(LottieJSON.document(layers: [
            solid(1, 10, "#e6334d", 0, 30), solid(2, 45, "#33cc66", 15, 45), solid(3, 80, "#3366e6", 30, 60),
        ]))
    }

    static func lottieLumaMatte() -> CALayer {
        let gradient = #"{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[120,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}},"o":{"a":0,"k":100},"r":1}"#
        let slide = #""ks":{"p":"# + LottieJSON.moving(from: (0, 0), to: (-30, 0)) + "}"
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([#"{"ty":"rc","p":{"a":0,"k":[75,60]},"s":{"a":0,"k":[150,120]},"r":{"a":0,"k":0}}"#, gradient])],
                                  extra: #""td":1,"# + slide),
            ##"{"ty":1,"ind":2,"tt":3,"ip":0,"op":60,"st":0,"sc":"#3366e6","sw":120,"sh":120,"ks":{}}"##,
        ]))
    }

    static func lottieMaskModes() -> CALayer {
        let circle = LottieJSON.circlePath
        let growing = #"{"a":1,"k":[{"t":0,"s":[\#(circle(90, 60, 8))],"o":{"x":0.4,"y":0},"i":{"x":0.6,"y":1}},{"t":60,"s":[\#(circle(90, 60, 20))]}]}"#
        return lottiePlayer(LottieJSON.document(layers: [
            LottieJSON.shapeLayer(index: 1, items: [LottieJSON.rect(x: 5, y: 25, w: 50, h: 70, color: [0.1, 0.7, 0.3])], extra: """
            "hasMask":true,"masksProperties":[{"inv":false,"mode":"a","pt":{"a":0,"k":\(circle(30, 50, 24))}},
            {"inv":false,"mode":"i","pt":{"a":0,"k":\(circle(30, 70, 24))}}]
            """),
            LottieJSON.shapeLayer(index: 2, items: [LottieJSON.rect(x: 65, y: 35, w: 50, h: 50, color: [0.6, 0.2, 0.8])], extra: """
            "hasMask":true,"masksProperties":[{"inv":true,"mode":"a","pt":\(growing)}]
            """),
        ]))
    }

    static func lottieNestedPrecomps() -> CALayer {
        let dots = LottieJSON.shapeLayer(index: 1, items: [
            LottieJSON.group([LottieJSON.ellipseItem(cx: 10, cy: 20, diameter: 12), LottieJSON.fill([0.2, 0.4, 0.9])]),
            LottieJSON.group([LottieJSON.ellipseItem(cx: 30, cy: 20, diameter: 12), LottieJSON.fill([0.9, 0.2, 0.3])]),
        ], extra: #""ks":{"a":{"a":0,"k":[20,20]},"p":{"a":0,"k":[20,20]},"r":"# + LottieJSON.linear(0, 360) + "}")
        let pair = #"{"ty":0,"ind":1,"refId":"dots","w":40,"h":40,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[10,10]}}}"#
        let placed = { (index: Int, x: Int, y: Int, scale: Int) in
            #"{"ty":0,"ind":\#(index),"refId":"pair","w":60,"h":60,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[\#(x),\#(y)]},"s":{"a":0,"k":[\#(scale),\#(scale)]}}}"#
        }
        return lottiePlayer(#"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"assets":["#
            + #"{"id":"dots","w":40,"h":40,"layers":[\#(dots)]},{"id":"pair","w":60,"h":60,"layers":[\#(pair)]}],"#
            + #""layers":[\#(placed(1, 0, 0, 100)),\#(placed(2, 50, 50, 120))]}"#)
    }

    static func lottieMarkers() -> CALayer {
        let ease = #""o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}"#
        let ball = LottieJSON.shapeLayer(index: 1, items: [LottieJSON.group([LottieJSON.ellipseItem(cx: 0, cy: 0, diameter: 24),
                                                                              LottieJSON.fill([0.96, 0.55, 0.15])])],
                                         extra: #""ks":{"p":{"a":1,"k":[{"t":0,"s":[20,95],\#(ease)},{"t":30,"s":[60,95],\#(ease)},{"t":45,"s":[60,30],\#(ease)},{"t":60,"s":[60,95]}]}}"#)
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"markers":[{"cm":"bounce","tm":30,"dr":0},{"cm":"end","tm":60,"dr":0}],"layers":[\#(ball)]}"#
        let root = stage()
        guard let animation = try? LottieAnimation.from(data: Data(json.utf8)) else { return root }
        let player = LottieAnimationLayer(animation: animation)
        player.frame = root.bounds
        root.addSublayer(player)
        player.play(fromMarker: "bounce", toMarker: "end", loopMode: .autoReverse)
        return root
    }
}

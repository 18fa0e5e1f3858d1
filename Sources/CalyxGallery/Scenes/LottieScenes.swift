import Foundation
import Lottie
import QuartzCore

/// After Effects animations: a Lottie file played by `LottieAnimationLayer`, as an iOS app plays one.
extension Gallery {
    static let lottieScenes: [GalleryScene] = [
        GalleryScene("lottie-loader", "Lottie", "a Lottie loader (Bodymovin JSON): a ring drawn through eased trim paths while it turns, around a pulsing dot",
                     duration: 2, probes: [.init(4, 4, white), .init(60, 60, rgb(0.96, 0.55, 0.15))], build: lottieLoader),
    ]

    static func lottieLoader() -> CALayer { lottiePlayer(loaderJSON) }

    /// A 2-second loader at 30 fps: the ring's trim end eases round in the first second and its start follows in
    /// the second, the ring turning once meanwhile; the dot's scale pulses 60 % → 120 % → 60 %.
    static let loaderJSON = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"nm":"loader","layers":[
    {"ty":4,"ind":1,"nm":"dot","ip":0,"op":60,"st":0,
     "ks":{"a":{"a":0,"k":[60,60]},"p":{"a":0,"k":[60,60]},"s":{"a":1,"k":[
       {"t":0,"s":[60,60],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},
       {"t":30,"s":[120,120],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[60,60]}]}},
     "shapes":[{"ty":"el","p":{"a":0,"k":[60,60]},"s":{"a":0,"k":[18,18]}},{"ty":"fl","c":{"a":0,"k":[0.96,0.55,0.15,1]},"o":{"a":0,"k":100}}]},
    {"ty":4,"ind":2,"nm":"ring","ip":0,"op":60,"st":0,
     "ks":{"a":{"a":0,"k":[60,60]},"p":{"a":0,"k":[60,60]},"r":{"a":1,"k":[
       {"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[360]}]}},
     "shapes":[{"ty":"el","p":{"a":0,"k":[60,60]},"s":{"a":0,"k":[70,70]}},
       {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":30,"s":[0],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.3],"y":[1]}},{"t":60,"s":[100]}]},
        "e":{"a":1,"k":[{"t":0,"s":[2],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.3],"y":[1]}},{"t":30,"s":[100]}]},"o":{"a":0,"k":0}},
       {"ty":"st","c":{"a":0,"k":[0.2,0.4,0.95,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":9},"lc":2,"lj":2}]}
    ]}
    """#
}

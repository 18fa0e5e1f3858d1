import CoreGraphics
import CoreText
import ImageIO
import QuartzCore
import Lottie
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain mutation loop (the shape of libFuzzer's, without coverage feedback) over one parser: inputs grow
/// from a small seed corpus by byte flips, interesting values, insertions, deletions and splices. If an input
/// traps, the signal handler writes it to `crash-<target>.bin` before the process dies, so it can be replayed.
struct InputFuzzer {
    enum Target: String, CaseIterable {
        case png, jpeg, font, keypath, lottie
    }

    let target: Target
    var rng: SplitMix

    /// The seed corpus: small valid inputs made by Calyx's own encoders (so no binary is committed), plus the
    /// committed text corpora.
    func corpus() -> [[UInt8]] {
        switch target {
        case .png, .jpeg:
            let type = (target == .png ? "public.png" : "public.jpeg") as CFString
            let images = [(1, 1, true), (3, 2, false), (8, 8, true), (17, 5, false)].compactMap { w, h, alpha -> [UInt8]? in
                let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: (alpha ? CGImageAlphaInfo.premultipliedFirst : .noneSkipFirst).rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                ctx.setFillColor(CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: alpha ? 0.5 : 1)); ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
                let data = NSMutableData()
                guard let dest = CGImageDestinationCreateWithData(data as CFMutableData, type, 1, nil), let image = ctx.makeImage() else { return nil }
                CGImageDestinationAddImage(dest, image, nil)
                guard CGImageDestinationFinalize(dest) else { return nil }
                return [UInt8](data as Data)
            }
            // A JPEG with an EXIF segment (orientation 6), so mutants reach the EXIF reader.
            guard target == .jpeg, var exif = images.first else { return images }
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
            let payload = Array("Exif\0\0".utf8) + tiff
            exif.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload, at: 2)
            return images + [exif]
        case .font:
            return ["Helvetica|12|Hello", "Times New Roman|0.5|ﬁ ligature", "Courier-Bold|300|x", "DejaVu Sans|12|\u{202E}rtl",
                    "Helvetica-Oblique|12|e\u{301}\u{301}\u{301}"].map { Array($0.utf8) }
        case .keypath:
            return ProgramGenerator.keyPaths.map { Array($0.utf8) }
        case .lottie:
            return Self.lottieCorpus.map { Array($0.utf8) } + Self.dotLottieCorpus
        }
    }

    /// A `.lottie` archive (Tests/LottieTests/References/quadrants.lottie: a manifest, deflated JSON, a stored
    /// PNG), so mutations reach the ZIP reader, the inflater and the image decoder.
    static let dotLottieCorpus = [[UInt8](Data(base64Encoded: "UEsDBBQAAAAIAAAAIVipnH7WWQAAAG0AAAANAAAAbWFuaWZlc3QuanNvbhWKMQ6AIAwAv0I6u+joV4xDI9WQIGApBkP4u3S73F2Dlzi7GGA1MMNk4KJAjBJZzYH+q+Z0VQqTVgzuRhl/Hnlr4KxuT0HLGCTrkhOR2mWwjzENFC7U9/4DUEsDBBQAAAAIAAAAIVgK/H1rpQAAADMBAAAZAAAAYW5pbWF0aW9ucy9xdWFkcmFudHMuanNvbm3PTQ6CMBAF4KuQWZvS+h9u4BkMiyYUJEqFFjSk6d2d10Bc6IqPmc7rNNCLiowO4iQkbTKqHf/uJKvtWcATOEJvhpLQjXUGbIfxYdKV03b0iNDeG1aRXQO1VWrTMrxfZxMm9PK2043xOY70a5bobYOCwQqxZD30bNwSOs783WJFi3jFcqa+fK/6s7ofl9IdISFdFUivRQQrlpJlxBN+uwzuxVjGD1BLAwQUAAAAAAAAACFYc0p26YEAAACBAAAADwAAAGltYWdlcy9xdWFkLnBuZ4lQTkcNChoKAAAADUlIRFIAAAAoAAAAKAgGAAAAjP64bQAAAEhJREFUeNrtzjERACAIAECSkMRwpjCJceyCJZi4H37/eJnVKe9qFYKCgoKCgoKCgoKCo4O5XnWqE7uToKCgoKCgoKCgoODo4Ad88SykWYqZZgAAAABJRU5ErkJgglBLAQIUAxQAAAAIAAAAIVipnH7WWQAAAG0AAAANAAAAAAAAAAAAAACAAQAAAABtYW5pZmVzdC5qc29uUEsBAhQDFAAAAAgAAAAhWAr8fWulAAAAMwEAABkAAAAAAAAAAAAAAIABhAAAAGFuaW1hdGlvbnMvcXVhZHJhbnRzLmpzb25QSwECFAMUAAAAAAAAACFYc0p26YEAAACBAAAADwAAAAAAAAAAAAAAgAFgAQAAaW1hZ2VzL3F1YWQucG5nUEsFBgAAAAADAAMAvwAAAA4CAAAAAA==")!)]

    /// Small Bodymovin documents: shapes with static, linear, eased and held keyframes, a parent, a solid, masks
    /// in every mode, track mattes, motion paths, stars, rounded corners, pucker, trimmed fills, repeaters,
    /// stretched and remapped precompositions, embedded, missing and absurdly sized images, effects,
    /// text, dashes (moving, growing, all zero), blend modes, fill, tint and tritone (with values out of range and
    /// controls missing), merge paths in every mode (nested, after trims, before modifiers, on moving inputs),
    /// stroke effects on masks (every paint style, mask numbers out of range), levels (curves reversed, gamma
    /// zero) and Set Matte (naming itself, a missing layer, a null).
    static let lottieCorpus = [
        ##"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ind":1,"ks":{},"hasMask":true,"masksProperties":[{"mode":"n","pt":{"a":1,"k":[{"t":0,"s":[{"c":true,"v":[[10,10],[50,10],[30,50]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]},{"t":30,"s":[{"c":true,"v":[[5,5],[55,20],[20,55]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]}]},"o":{"a":0,"k":100},"x":{"a":0,"k":0}},{"mode":"a","inv":true,"pt":{"a":0,"k":{"c":false,"v":[[0,0],[60,60]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}},"o":{"a":0,"k":50}}],"ef":[{"ty":22,"en":1,"ef":[{"v":{"a":0,"k":2}},{"v":{"a":0,"k":1}},{"v":{"a":0,"k":0}},{"v":{"a":0,"k":[0,1,0,1]}},{"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[20]}]}},{"v":{"a":0,"k":1}},{"v":{"a":0,"k":0.5}},{"v":{"a":0,"k":80}},{"v":{"a":0,"k":10}},{"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[300]}]}},{"v":{"a":0,"k":3}}]},{"ty":22,"en":1,"ef":[{"v":{"a":0,"k":7}},{"v":{"a":0,"k":0}}]},{"ty":24,"en":1,"ef":[{"v":{"a":0,"k":1}},{"v":{"a":0,"k":0}},{"v":{"a":0,"k":0}},{"v":{"a":0,"k":1}},{"v":{"a":0,"k":0}},{"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[9]}]}},{"v":{"a":0,"k":-1}},{"v":{"a":0,"k":2}}]},{"ty":28,"en":1,"ef":[{"v":{"a":0,"k":1}},{"v":{"a":0,"k":5}},{"v":{"a":0,"k":1}}]}],"shapes":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]},{"ty":3,"ind":2,"ks":{}},{"ty":1,"ind":3,"sc":"#ff00ff","sw":60,"sh":60,"ks":{},"ef":[{"ty":28,"en":1,"ef":[{"v":{"a":0,"k":2}}]},{"ty":28,"en":1,"ef":[{"v":{"a":0,"k":99}}]}]}]}"##,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"gr","it":[{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[20,20]},{"t":30,"s":[40,30]}]},"s":{"a":0,"k":[30,30]}},{"ty":"sr","sy":1,"p":{"a":0,"k":[30,30]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":20},"os":{"a":0,"k":0},"ir":{"a":0,"k":8},"is":{"a":0,"k":0}},{"ty":"mm","mm":5},{"ty":"fl","c":{"a":0,"k":[0,1,0]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[2,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":10},"o":{"a":0,"k":100}}]},{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[50,20]},"r":{"a":0,"k":5}},{"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":80},"o":{"a":0,"k":0}},{"ty":"mm","mm":3},{"ty":"rd","r":{"a":0,"k":4}},{"ty":"mm","mm":2},{"ty":"st","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"d":[{"n":"d","v":{"a":0,"k":3}},{"n":"g","v":{"a":0,"k":2}}]},{"ty":"mm","mm":4},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}},{"ty":"mm","mm":1},{"ty":"mm"}]}]}]}"#,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"assets":[{"id":"p","layers":[{"ty":4,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[30,30]}},{"ty":"tm","s":{"a":0,"k":10},"e":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[100]}]},"o":{"a":0,"k":45},"m":2},{"ty":"gs","t":2,"s":{"a":0,"k":[20,20]},"e":{"a":0,"k":[40,20]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.2]}},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"h":{"a":1,"k":[{"t":0,"s":[-150]},{"t":30,"s":[150]}]},"a":{"a":0,"k":400}},{"ty":"gf","t":1,"s":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[60,60]}]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,1,1,1,1,0,0,0]},{"t":30,"s":[0,0,0,0,1,1,1,1]}]}},"o":{"a":0,"k":100}}]}]}],"layers":[{"ty":0,"refId":"p","w":60,"h":60,"st":5,"ks":{}},{"ty":0,"refId":"p","w":30,"h":30,"ks":{"s":{"a":0,"k":[50,50]}}}]}"#,
        #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":60,"s":[40,0]}]}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":2}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}"#,
        #"{"fr":24,"ip":0,"op":48,"w":64,"h":64,"markers":[{"cm":"a","tm":4,"dr":8}],"layers":[{"ty":3,"ind":2,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":24,"s":[90]}]}}},{"ty":4,"ind":3,"parent":2,"ks":{"o":{"a":0,"k":50}},"shapes":[{"ty":"el","p":{"a":0,"k":[32,32]},"s":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":48,"s":[60,60]}]}},{"ty":"st","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":1,"ml":4}]}]}"#,
        ##"{"fr":60,"ip":10,"op":70,"w":50,"h":50,"layers":[{"ty":1,"sc":"#33cc99","sw":50,"sh":50,"ip":20,"op":40,"ks":{"p":{"s":true,"x":{"a":0,"k":5},"y":{"a":1,"k":[{"t":0,"s":[0]},{"t":100,"s":[50]}]}}}},{"ty":4,"shapes":[{"ty":"sh","ks":{"a":1,"k":[{"t":10,"s":[{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]},{"t":70,"s":[{"c":true,"v":[[0,0],[40,0],[40,40]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]}]}},{"ty":"fl","c":{"a":0,"k":[0,1,0]},"o":{"a":0,"k":80},"r":2}]}]}"##,
        ##"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ind":1,"td":1,"ks":{},"shapes":[{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":30,"s":[50,50]}]},"s":{"a":0,"k":[30,30]}},{"ty":"fl","c":{"a":0,"k":[0.5,0.5,0.5]},"o":{"a":0,"k":100}}]},{"ty":1,"ind":2,"tt":3,"sc":"#ff0000","sw":60,"sh":60,"ks":{}},{"ty":1,"ind":3,"tt":2,"tp":1,"sc":"#0000ff","sw":40,"sh":40,"hasMask":true,"masksProperties":[{"inv":true,"mode":"s","pt":{"a":0,"k":{"c":true,"v":[[0,0],[20,0],[20,20]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":50},"x":{"a":0,"k":-3}},{"inv":false,"mode":"i","pt":{"a":1,"k":[{"t":0,"s":[{"c":true,"v":[[5,5],[35,5],[35,35]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]},{"t":30,"s":[{"c":true,"v":[[0,0],[40,0],[20,40]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}]}]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[0]}]},"x":{"a":0,"k":4}},{"mode":"f","pt":{"a":0,"k":{"c":false,"v":[[0,0],[10,30]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}],"ks":{}}]}"##,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ao":1,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10],"to":[20,0],"ti":[0,-20],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":[50,50]}]}},"shapes":[{"ty":"gr","it":[{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":1,"k":[{"t":0,"s":[3]},{"t":30,"s":[9]}]},"r":{"a":0,"k":10},"or":{"a":0,"k":12},"os":{"a":0,"k":40},"ir":{"a":0,"k":5},"is":{"a":0,"k":-20}},{"ty":"rd","r":{"a":0,"k":3}},{"ty":"pb","a":{"a":0,"k":-30}},{"ty":"zz","s":{"a":0,"k":-4},"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[40]}]},"pt":{"a":1,"k":[{"t":0,"s":[1]},{"t":30,"s":[2]}]}},{"ty":"tm","s":{"a":0,"k":20},"e":{"a":0,"k":95},"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[400]}]}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}},{"ty":"rp","c":{"a":0,"k":4},"o":{"a":0,"k":0.5},"m":2,"tr":{"p":{"a":0,"k":[5,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[90,90]},"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[45]}]},"so":{"a":0,"k":100},"eo":{"a":0,"k":30}}}]}]}]}"#,
        #"{"fr":30,"ip":0,"op":40,"w":60,"h":60,"assets":[{"id":"a","w":60,"h":60,"layers":[{"ty":4,"ip":10,"op":30,"sr":3,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":20,"s":[60,60]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[9,9]},"r":{"a":0,"k":0},"d":3},{"ty":"op","a":{"a":1,"k":[{"t":0,"s":[-20]},{"t":20,"s":[1e6]}]},"lj":2,"ml":{"a":0,"k":-3}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]},{"ty":0,"refId":"a","w":30,"h":30,"sr":0.25,"tm":{"a":1,"k":[{"t":0,"s":[2]},{"t":40,"s":[-1]}]},"ks":{}}]}],"layers":[{"ty":0,"refId":"a","w":60,"h":60,"st":-5,"sr":0.5,"ks":{}},{"ty":0,"refId":"a","w":60,"h":60,"tm":{"a":1,"k":[{"t":0,"s":[0.5],"h":1},{"t":20,"s":[1e9]}]},"ks":{}}]}"#,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"assets":[{"id":"i","w":30,"h":1e6,"u":"../../","p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8DwH4QZYAwAR8oH+WdZbrcAAAAASUVORK5CYII=","e":1},{"id":"j","w":-5,"h":20,"u":"images/","p":"missing.png","e":0}],"layers":[{"ty":2,"refId":"i","ks":{"s":{"a":0,"k":[50,50]}}},{"ty":2,"refId":"j","ks":{}},{"ty":2,"refId":"nope","ks":{}}]}"#,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ks":{},"ef":[{"ty":25,"en":1,"ef":[{"v":{"a":0,"k":[0,0,1,1]}},{"v":{"a":0,"k":300}},{"v":{"a":0,"k":-45}},{"v":{"a":0,"k":1e9}},{"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[40]}]}}]},{"ty":29,"en":1,"ef":[{"v":{"a":1,"k":[{"t":0,"s":[-5]},{"t":20,"s":[1e6]}]}},{"v":{"a":0,"k":2}}]},{"ty":21,"ef":[]},{"ty":20,"en":1,"ef":[{"v":{"a":0,"k":[0,0,0,1]}},{"v":{"a":1,"k":[{"t":0,"s":[1,1,1,1]},{"t":30,"s":[0,1,0,1]}]}},{"v":{"a":1,"k":[{"t":0,"s":[-50]},{"t":30,"s":[1e9]}]}}]},{"ty":29}],"shapes":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}]}"#,
        #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"fonts":{"list":[{"fName":"Nope-Bold","fFamily":"Nope"}]},"layers":[{"ty":5,"ks":{"p":{"a":0,"k":[30,30]}},"t":{"d":{"k":[{"s":{"s":1e9,"f":"Nope-Bold","t":"A\rB\u0003C","j":2,"lh":-5,"fc":[2,-1,0.5]},"t":0},{"s":{"s":12,"f":"","t":"","j":7},"t":-10},{"s":{"s":0,"t":"x","j":1},"t":15}]}}}]}"#,
        ##"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ind":1,"bm":10,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":4}},{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":1,"lj":1,"d":[{"n":"d","v":{"a":1,"k":[{"t":0,"s":[4]},{"t":30,"s":[12]}]}},{"n":"g","v":{"a":0,"k":3}},{"n":"o","v":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[20]}]}}]},{"ty":"gs","s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[60,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"d":[{"n":"d","v":{"a":0,"k":0}},{"n":"g","v":{"a":0,"k":0}}]}]},{"ty":1,"ind":2,"bm":17,"sc":"#00ff00","sw":60,"sh":60,"ks":{}},{"ty":1,"ind":3,"bm":3,"sc":"#808080","sw":30,"sh":30,"ks":{},"ef":[{"ty":23,"en":1,"ef":[{"ty":2,"v":{"a":0,"k":[1,1,1,1]}},{"ty":2,"v":{"a":0,"k":[2,-1,0.5,1]}},{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":0,"v":{"a":0,"k":150}}]},{"ty":20,"en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":2,"v":{"a":0,"k":[1,1,0,1]}},{"ty":0,"v":{"a":0,"k":50}}]},{"ty":21,"en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,1,1]}}]}]}]}"##,
    ]

    mutating func mutate(_ input: [UInt8], corpus: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0...6, using: &rng) {
            case 0 where !bytes.isEmpty: bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &rng)
            case 1 where !bytes.isEmpty: bytes[position] = [0, 1, 0x7f, 0x80, 0xff, 0x2e, 0x00][Int.random(in: 0...6, using: &rng)]
            case 2: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: position)
            case 3 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &rng)))
            case 4 where bytes.count > 4:
                let length = min(bytes.count - position, Int.random(in: 1...32, using: &rng))
                bytes.insert(contentsOf: bytes[position..<position + length], at: Int.random(in: 0...bytes.count, using: &rng))
            case 5:
                let other = corpus[Int.random(in: 0..<corpus.count, using: &rng)]
                if !other.isEmpty { bytes = Array(bytes[..<position]) + other[Int.random(in: 0..<other.count, using: &rng)...] }
            default:
                if bytes.count > 4 && !bytes.isEmpty { bytes[position] = bytes[position] &+ UInt8.random(in: 1...3, using: &rng) }
            }
        }
        if target == .png, Bool.random(using: &rng) { Self.fixPNGChecksums(&bytes) }
        return Array(bytes.prefix(1 << 16))
    }

    /// Recomputes every chunk's CRC, so mutations reach the decoder behind libpng's checksum test.
    static func fixPNGChecksums(_ bytes: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= bytes.count else { return }
            var crc: UInt32 = 0xFFFF_FFFF
            for b in bytes[(offset + 4)..<end] {
                crc ^= UInt32(b)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            bytes[end] = UInt8(crc >> 24); bytes[end + 1] = UInt8((crc >> 16) & 0xff)
            bytes[end + 2] = UInt8((crc >> 8) & 0xff); bytes[end + 3] = UInt8(crc & 0xff)
            offset = end + 4
        }
    }

    /// Feeds one input to the target; answers whether it was accepted (for the corpus to keep it).
    func execute(_ input: [UInt8]) -> Bool {
        switch target {
        case .png, .jpeg:
            guard let source = CGImageSourceCreateWithData(Data(input) as CFData, nil) else { return false }
            _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            return CGImageSourceCreateImageAtIndex(source, 0, nil) != nil
        case .font:
            let parts = String(decoding: input, as: UTF8.self).split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { return false }
            let size = CGFloat(Double(parts[1]) ?? 12)
            let font = CTFont(name: String(parts[0]), size: size)
            _ = CTFontGetAscent(font)
            let text = NSAttributedString(string: String(parts[2]), attributes: [NSAttributedString.Key(kCTFontAttributeName): font])
            let line = CTLineCreateWithAttributedString(text)
            _ = CTLineGetTypographicBounds(line, nil, nil, nil)
            return true
        case .keypath:
            let path = String(decoding: input, as: UTF8.self)
            let layer = CAEmitterLayer()
            layer.setValue(CGFloat(3), forKeyPath: path)
            _ = layer.value(forKeyPath: path)
            let animation = CABasicAnimation(keyPath: path); animation.toValue = 1; animation.duration = 1
            layer.add(animation, forKey: nil)
            _ = layer.presentation()
            return true
        case .lottie:
            // A `.lottie` archive (ZIP: "PK") or Bodymovin JSON.
            let animation: LottieAnimation, images: AnimationImageProvider?
            if input.starts(with: [0x50, 0x4B]) {
                guard let file = try? DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(data: Data(input), filename: "x").get(),
                      let entry = file.animation() else { return false }
                (animation, images) = (entry.animation, entry.configuration.imageProvider)
            } else {
                guard let decoded = try? LottieAnimation.from(data: Data(input)) else { return false }
                (animation, images) = (decoded, nil)
            }
            // Built, played part-way and drawn once: the whole path from file to pixels.
            let player = LottieAnimationLayer(animation: animation)
            if let images { player.imageProvider = images }
            player.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            player.currentProgress = 0.37
            CATransaction.flush()
            let ctx = CGContext(data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(context: ctx)
            renderer.layer = player
            renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil); renderer.render(); renderer.endFrame()
            return true
        }
    }
}

/// The input being tried, for the crash handler (a signal handler may only call async-signal-safe functions).
nonisolated(unsafe) var currentInput = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
nonisolated(unsafe) var currentInputCount = 0
nonisolated(unsafe) var crashPath: UnsafeMutablePointer<CChar>? = nil

/// Writes the current input to the crash file and re-raises the signal.
func installCrashHandler(target: String) {
    crashPath = strdup("crash-\(target).bin")
    for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            guard let path = crashPath else { return }
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0 { _ = write(fd, currentInput.baseAddress, currentInputCount); close(fd) }
            raise(sig)  // SA_RESETHAND restored the default action: the process ends as it would have
        }
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
        sigaction(signal, &action, nil)
    }
}

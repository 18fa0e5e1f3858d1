import Foundation

/// Small writers of Bodymovin JSON for the gallery's Lottie scenes (2 s at 30 fps on a 120-point stage).
enum LottieJSON {
    static func document(layers: [String]) -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":120,"h":120,"layers":["# + layers.joined(separator: ",") + "]}"
    }

    /// A shape layer of `items`, with more layer keys in `extra` (a transform given there replaces the default).
    static func shapeLayer(index: Int, items: [String], extra: String = "") -> String {
        let transform = extra.contains(#""ks":"#) ? "" : #""ks":{},"#
        return #"{"ty":4,"ind":\#(index),"ip":0,"op":60,"st":0,\#(transform)"# + (extra.isEmpty ? "" : extra + ",")
            + #""shapes":["# + items.joined(separator: ",") + "]}"
    }

    static func group(_ items: [String]) -> String {
        #"{"ty":"gr","it":["# + items.joined(separator: ",") + #",{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
    }

    static func fill(_ color: [Double]) -> String {
        #"{"ty":"fl","c":{"a":0,"k":[\#(color[0]),\#(color[1]),\#(color[2]),1]},"o":{"a":0,"k":100}}"#
    }

    static func rect(x: Double, y: Double, w: Double, h: Double, color: [Double]) -> String {
        group([#"{"ty":"rc","p":{"a":0,"k":[\#(x + w / 2),\#(y + h / 2)]},"s":{"a":0,"k":[\#(w),\#(h)]},"r":{"a":0,"k":0}}"#, fill(color)])
    }

    static func ellipseItem(cx: Double, cy: Double, diameter: Double) -> String {
        #"{"ty":"el","p":{"a":0,"k":[\#(cx),\#(cy)]},"s":{"a":0,"k":[\#(diameter),\#(diameter)]}}"#
    }

    /// A filled circle whose diameter is `diameter` (a property's JSON).
    static func ellipse(cx: Double, cy: Double, diameter: String, color: [Double]) -> String {
        group([#"{"ty":"el","p":{"a":0,"k":[\#(cx),\#(cy)]},"s":"# + diameter + "}", fill(color)])
    }

    /// A one-number property eased between `(frame, value)` keyframes, as JSON (a two-number value for sizes).
    static func keyed(_ frames: [(Int, Double)]) -> String {
        let keys = frames.enumerated().map { i, f in
            let ease = i + 1 < frames.count ? #","o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}"# : ""
            return #"{"t":\#(f.0),"s":[\#(f.1),\#(f.1)]\#(ease)}"#
        }
        return #"{"a":1,"k":["# + keys.joined(separator: ",") + "]}"
    }

    static func rectPath(x: Double, y: Double, w: Double, h: Double) -> String {
        #"{"c":true,"v":[[\#(x),\#(y)],[\#(x + w),\#(y)],[\#(x + w),\#(y + h)],[\#(x),\#(y + h)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }

    static func circlePath(cx: Double, cy: Double, r: Double) -> String {
        let k = 0.5519150244935105 * r
        return #"{"c":true,"v":[[\#(cx),\#(cy - r)],[\#(cx + r),\#(cy)],[\#(cx),\#(cy + r)],[\#(cx - r),\#(cy)]],"# +
            #""o":[[\#(k),0],[0,\#(k)],[\#(-k),0],[0,\#(-k)]],"i":[[\#(-k),0],[0,\#(-k)],[\#(k),0],[0,\#(k)]]}"#
    }

    /// A path item through `points` (straight segments).
    static func path(_ points: [(Double, Double)], closed: Bool) -> String {
        #"{"ty":"sh","ks":{"a":0,"k":"# + pathValue(points, closed: closed) + "}}"
    }

    /// A path's value (vertices with zero tangents), as JSON.
    static func pathValue(_ points: [(Double, Double)], closed: Bool) -> String {
        let vertices = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: points.count).joined(separator: ",")
        return #"{"c":\#(closed),"v":[\#(vertices)],"i":[\#(zeros)],"o":[\#(zeros)]}"#
    }

    /// A stroke of `color` whose width is `width` (a property's JSON), Lottie's cap and join codes, and dashes
    /// (the entries of its `d` list, as JSON).
    static func stroke(_ color: [Double], width: String, cap: Int, join: Int, dashes: String? = nil) -> String {
        #"{"ty":"st","c":{"a":0,"k":[\#(color[0]),\#(color[1]),\#(color[2]),1]},"o":{"a":0,"k":100},"w":"# + width
            + #","lc":\#(cap),"lj":\#(join),"ml":4"# + (dashes.map { #","d":[\#($0)]"# } ?? "") + "}"
    }

    /// A one-number property moving linearly from `from` at frame 0 to `to` at frame 60.
    static func linear(_ from: Double, _ to: Double) -> String {
        #"{"a":1,"k":[{"t":0,"s":[\#(from)],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[\#(to)]}]}"#
    }

    /// A position easing from `from` at frame 0 to `to` at frame 30 and back at frame 60.
    static func moving(from: (Double, Double), to: (Double, Double)) -> String {
        let ease = #""o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}"#
        return #"{"a":1,"k":[{"t":0,"s":[\#(from.0),\#(from.1)],\#(ease)},{"t":30,"s":[\#(to.0),\#(to.1)],\#(ease)},"#
            + #"{"t":60,"s":[\#(from.0),\#(from.1)]}]}"#
    }
}

import QuartzCore

/// One scene of the gallery: a layer tree built at media time 0 with its animations, the changes made at later
/// times (a transition starts from what is on screen, so its change follows the first frame), how long one
/// pass lasts, and colours its first frame must show (checked in a browser against the exported files).
public struct GalleryScene: Sendable {
    /// A change made to the tree just before the first frame at or after `time` is drawn.
    public struct Change: Sendable {
        public let time: CFTimeInterval
        public let apply: @Sendable (CALayer) -> Void
    }

    /// A colour the first frame has at a point (in points from the top left), each channel 0…255.
    public struct Probe: Sendable, Codable {
        public let x: Int, y: Int
        public let r: Int, g: Int, b: Int
    }

    /// The name `calyx render`, `calyx view` and the gallery page use.
    public let name: String
    /// The book chapter the scene comes from.
    public let chapter: String
    /// What the scene demonstrates, in a sentence.
    public let summary: String
    /// Seconds in one pass.
    public let duration: CFTimeInterval
    public let build: @Sendable () -> CALayer
    public var changes: [Change] = []
    public var probes: [Probe] = []

    public init(_ name: String, _ chapter: String, _ summary: String, duration: CFTimeInterval,
                probes: [Probe] = [], changes: [Change] = [], build: @escaping @Sendable () -> CALayer) {
        self.name = name; self.chapter = chapter; self.summary = summary; self.duration = duration
        self.probes = probes; self.changes = changes; self.build = build
    }
}

extension GalleryScene.Probe {
    /// A probe at (x, y) expecting `color`'s sRGB components.
    public init(_ x: Int, _ y: Int, _ color: CGColor) {
        let c = color.components ?? [0, 0, 0, 1]
        let rgb = c.count >= 3 ? Array(c.prefix(3)) : [c[0], c[0], c[0]]
        self.init(x: x, y: y, r: Int((rgb[0] * 255).rounded()), g: Int((rgb[1] * 255).rounded()), b: Int((rgb[2] * 255).rounded()))
    }
}

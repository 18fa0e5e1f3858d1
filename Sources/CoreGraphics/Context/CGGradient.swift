/// Colours at locations along a gradient, interpolated in extended sRGB.
public final class CGGradient: @unchecked Sendable {
    /// (location, colour) pairs sorted by location, locations clamped to [0, 1].
    package let stops: [(location: CGFloat, color: RGBA)]

    /// A gradient from `colors` (an array of `CGColor`) at `locations` (nil: evenly spaced). Answers nil when
    /// `colors` is empty or holds something other than `CGColor`s.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let colorList = colors.compactMap { $0 as? CGColor }
        guard !colorList.isEmpty, colorList.count == colors.count else { return nil }
        let n = colorList.count
        stops = CGGradient.sorted((0..<n).map { i in
            (locations?[i] ?? (n == 1 ? 0 : CGFloat(i) / CGFloat(n - 1)), colorList[i].rgba)
        })
    }

    /// A gradient from `count` colours given as components of `space` (colour then alpha each).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        let per = space.numberOfComponents + 1
        guard count > 0, per > 1 else { return nil }
        stops = CGGradient.sorted((0..<count).map { i in
            let values = (0..<per).map { components[i * per + $0] }
            return (locations?[i] ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1)), RGBA(space: space, components: values))
        })
    }

    private static func sorted(_ stops: [(CGFloat, RGBA)]) -> [(location: CGFloat, color: RGBA)] {
        stops.map { (clampUnit($0.0), $0.1) }.enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map { ($0.element.0, $0.element.1) }
    }

    /// The colour at `t` ∈ [0, 1]: unpremultiplied components interpolated linearly between the nearest stops.
    package func color(at t: CGFloat) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        let i = stops.firstIndex { $0.location > t }!
        let a = stops[i - 1], b = stops[i]
        let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
        return RGBA(r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
                    b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
    }
}

/// Whether a gradient extends past its first and last locations.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: UInt32
    /// A value from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extends the first colour before the start.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extends the last colour past the end.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

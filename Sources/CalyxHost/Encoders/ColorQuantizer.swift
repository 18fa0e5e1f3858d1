/// Chooses a palette for true-colour frames and maps pixels onto it with error diffusion: what a GIF needs and
/// giflib does not do well (its quantizer has no dithering). Median cut (Heckbert, "Color Image Quantization
/// for Frame Buffer Display", 1982) over a sample of the opaque pixels, then Floyd–Steinberg dithering.
struct ColorQuantizer {
    /// Straight (unpremultiplied) 8-bit colour.
    struct RGB: Hashable { var r, g, b: UInt8 }

    /// A palette of at most `maximumColors` colours for the opaque pixels of `frames` (each a top-down RGBA
    /// buffer of straight colour), sampling at most `sampleLimit` pixels.
    static func palette(for frames: [StraightPixels], maximumColors: Int, sampleLimit: Int = 1 << 14) -> [RGB] {
        var samples: [RGB] = []
        let total = frames.reduce(0) { $0 + $1.width * $1.height }
        let stride = max(1, total / sampleLimit)
        var index = 0
        for frame in frames {
            for i in Swift.stride(from: 0, to: frame.width * frame.height, by: 1) {
                defer { index += 1 }
                guard index % stride == 0 else { continue }
                let p = frame.pixel(i)
                if p.a >= 128 { samples.append(RGB(r: p.r, g: p.g, b: p.b)) }
            }
        }
        guard !samples.isEmpty else { return [RGB(r: 0, g: 0, b: 0)] }
        // Few distinct colours: use them as they are (no box averaging, exact colours stay exact).
        let distinct = Set(samples)
        if distinct.count <= maximumColors { return distinct.sorted { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) } }
        var boxes: [ArraySlice<RGB>] = [samples[...]]
        while boxes.count < maximumColors {
            // Split the box with the widest channel range at its median along that channel.
            guard let (i, channel) = widestBox(boxes), boxes[i].count > 1 else { break }
            let sorted = boxes[i].sorted { channelValue($0, channel) < channelValue($1, channel) }
            let middle = sorted.count / 2
            boxes[i] = sorted[..<middle]
            boxes.append(sorted[middle...])
        }
        return boxes.map(average)
    }

    private static func channelValue(_ c: RGB, _ channel: Int) -> UInt8 { channel == 0 ? c.r : channel == 1 ? c.g : c.b }

    private static func widestBox(_ boxes: [ArraySlice<RGB>]) -> (Int, Int)? {
        var best: (index: Int, channel: Int, range: Int)?
        for (i, box) in boxes.enumerated() where box.count > 1 {
            var lo = (255, 255, 255), hi = (0, 0, 0)
            for c in box {
                lo = (min(lo.0, Int(c.r)), min(lo.1, Int(c.g)), min(lo.2, Int(c.b)))
                hi = (max(hi.0, Int(c.r)), max(hi.1, Int(c.g)), max(hi.2, Int(c.b)))
            }
            let ranges = [hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2]
            let channel = ranges.firstIndex(of: ranges.max()!)!
            if ranges[channel] > (best?.range ?? 0) { best = (i, channel, ranges[channel]) }
        }
        return best.map { ($0.index, $0.channel) }
    }

    private static func average(_ box: ArraySlice<RGB>) -> RGB {
        var r = 0, g = 0, b = 0
        for c in box { r += Int(c.r); g += Int(c.g); b += Int(c.b) }
        let n = max(box.count, 1)
        return RGB(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n))
    }

    /// Maps `frame` onto `palette` (whose indices start at `paletteOffset` in the output), with Floyd–Steinberg
    /// error diffusion when `dithers`; pixels with alpha below 128 become `transparentIndex` when given.
    static func indices(of frame: StraightPixels, palette: [RGB], paletteOffset: Int, transparentIndex: UInt8?,
                        dithers: Bool) -> [UInt8] {
        let w = frame.width, h = frame.height
        var out = [UInt8](repeating: 0, count: w * h)
        var nearest = NearestColor(palette: palette)
        // Error carried to this row and the next, per channel, in 1/16ths.
        var current = [Int32](repeating: 0, count: (w + 2) * 3), next = current
        for y in 0..<h {
            for x in 0..<w {
                let p = frame.pixel(y * w + x)
                if p.a < 128, let transparent = transparentIndex { out[y * w + x] = transparent; continue }
                let e = (x + 1) * 3
                func channel(_ v: UInt8, _ k: Int) -> Int { dithers ? min(max(Int(v) + Int(current[e + k]) / 16, 0), 255) : Int(v) }
                let want = (channel(p.r, 0), channel(p.g, 1), channel(p.b, 2))
                let index = nearest.index(of: want)
                out[y * w + x] = UInt8(index + paletteOffset)
                guard dithers else { continue }
                let got = palette[index]
                let error = [want.0 - Int(got.r), want.1 - Int(got.g), want.2 - Int(got.b)]
                for k in 0..<3 {
                    let err = Int32(error[k])
                    current[e + 3 + k] += err * 7
                    next[e - 3 + k] += err * 3
                    next[e + k] += err * 5
                    next[e + 3 + k] += err * 1
                }
            }
            swap(&current, &next)
            for i in next.indices { next[i] = 0 }
        }
        return out
    }
}

/// The nearest palette entry to a colour: exact for the palette's own colours, else the nearest to the first
/// colour met in its 5-bit cell of colour space (searched once per cell; dithering absorbs the difference).
struct NearestColor {
    let palette: [ColorQuantizer.RGB]
    private let exact: [ColorQuantizer.RGB: Int]
    private var cells = [Int16](repeating: -1, count: 1 << 15)

    init(palette: [ColorQuantizer.RGB]) {
        self.palette = palette
        exact = Dictionary(palette.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func index(of c: (Int, Int, Int)) -> Int {
        if let i = exact[ColorQuantizer.RGB(r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2))] { return i }
        let cell = (c.0 >> 3) << 10 | (c.1 >> 3) << 5 | (c.2 >> 3)
        if cells[cell] >= 0 { return Int(cells[cell]) }
        var best = 0, bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = Int(p.r) - c.0, dg = Int(p.g) - c.1, db = Int(p.b) - c.2
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db   // weighted toward green, as the eye is
            if d < bestDistance { bestDistance = d; best = i }
        }
        cells[cell] = Int16(best)
        return best
    }
}

/// A frame's pixels as straight 8-bit RGBA, rows top first.
struct StraightPixels {
    let width: Int, height: Int
    let rgba: [UInt8]
    func pixel(_ i: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3])
    }
}

import Foundation

/// What a layer's `backgroundFilters` do to the pixels behind it (or its `filters` to its own), as numbers: a
/// Gaussian blur (`CIGaussianBlur`, `inputRadius` as the standard deviation in points) and colour controls
/// (`CIColorControls`: saturation, brightness, contrast). Filters Calyx does not apply are skipped; nil when
/// nothing applies.
struct BackdropRecipe: Hashable {
    var blurRadius = 0.0
    var saturation = 1.0
    var brightness = 0.0
    var contrast = 1.0

    /// The largest blur radius in points (a bigger one spreads past any screen: it is clamped, not refused).
    static let maximumBlurRadius = 512.0

    init?(_ layer: CALayer) { self.init(filters: layer.backgroundFilters) }

    init?(filters: [Any]?) {
        guard let filters, !filters.isEmpty else { return nil }
        for case let filter as CIFilter in filters {
            switch filter.attributes[kCIAttributeFilterName] as? String {
            case "CIGaussianBlur":
                blurRadius += max(0, min(filter.number(forKey: kCIInputRadiusKey) ?? 0, Self.maximumBlurRadius))
            case "CIColorControls":
                saturation *= filter.number(forKey: kCIInputSaturationKey) ?? 1
                brightness += filter.number(forKey: kCIInputBrightnessKey) ?? 0
                contrast *= filter.number(forKey: kCIInputContrastKey) ?? 1
            default: continue
            }
        }
        guard blurRadius > 0 || saturation != 1 || brightness != 0 || contrast != 1 else { return nil }
    }

    /// Colour controls on one premultiplied pixel (channels 0…255, alpha `a`), as Core Image's
    /// `CIColorControls` does: saturation about Rec. 709 luma, then brightness added, then contrast about mid-grey.
    @inline(__always)
    func adjust(_ r: inout Double, _ g: inout Double, _ b: inout Double, alpha a: Double) {
        if saturation != 1 {
            let luma = 0.2125 * r + 0.7154 * g + 0.0721 * b
            r = luma + saturation * (r - luma); g = luma + saturation * (g - luma); b = luma + saturation * (b - luma)
        }
        if brightness != 0 { r += brightness * a; g += brightness * a; b += brightness * a }
        if contrast != 1 {
            let mid = 0.5 * a
            r = (r - mid) * contrast + mid; g = (g - mid) * contrast + mid; b = (b - mid) * contrast + mid
        }
        r = min(max(r, 0), a); g = min(max(g, 0), a); b = min(max(b, 0), a)
    }

    /// The blur radius (points) of a layer's own `filters`: what the compositor blurs its group picture by.
    /// (Colour controls in `filters` are not applied.)
    static func contentBlurRadius(of layer: CALayer) -> Double {
        guard layer.filters != nil else { return 0 }
        return BackdropRecipe(filters: layer.filters)?.blurRadius ?? 0
    }
}

/// A Gaussian blur of premultiplied BGRA pixels as three box blurs each way (the approximation the W3C
/// Filter Effects spec gives for `feGaussianBlur`: box size d = ⌊σ·3·√(2π)/4 + 0.5⌋; for an even d, two boxes
/// off-centre by half a pixel each way and one of d + 1 centred). Edges repeat their outermost pixels.
enum GaussianBlur {
    /// The three boxes for a standard deviation of `sigma` pixels, as (pixels left, pixels right) of centre.
    static func boxes(sigma: Double) -> [(left: Int, right: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d / 2, d / 2), count: 3) }
        return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// Blurs `pixels` (`width` × `height`, `bytesPerRow`) in place by `sigma` pixels.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, sigma: Double) {
        let boxes = boxes(sigma: sigma)
        guard !boxes.isEmpty, width > 0, height > 0 else { return }
        let target = SharedPixels(pointer: pixels)
        let cores = ProcessInfo.processInfo.activeProcessorCount * 2
        // Rows, then columns; lines are independent, so they run across the cores.
        let rowChunks = min(cores, height), columnChunks = min(cores, width)
        DispatchQueue.concurrentPerform(iterations: rowChunks) { chunk in
            var scratch = [Int32](repeating: 0, count: width * 4)
            for y in stride(from: chunk, to: height, by: rowChunks) {
                for box in boxes {
                    boxLine(target.pointer + y * bytesPerRow, count: width, step: 4, box: box, scratch: &scratch)
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: columnChunks) { chunk in
            var scratch = [Int32](repeating: 0, count: height * 4)
            for x in stride(from: chunk, to: width, by: columnChunks) {
                for box in boxes {
                    boxLine(target.pointer + x * 4, count: height, step: bytesPerRow, box: box, scratch: &scratch)
                }
            }
        }
    }

    private struct SharedPixels: @unchecked Sendable { let pointer: UnsafeMutablePointer<UInt8> }

    /// One box blur along a line of `count` pixels `step` bytes apart: each becomes the mean of the pixels from
    /// `left` before it to `right` after it, with the ends repeated. A running sum makes it O(1) a pixel; the
    /// mean divides by multiplying with a 40-bit reciprocal, which equals the division for every sum of boxes up
    /// to 8,192 pixels (checked exhaustively; a larger box divides).
    private static func boxLine(_ line: UnsafeMutablePointer<UInt8>, count: Int, step: Int, box: (left: Int, right: Int),
                                scratch: inout [Int32]) {
        let size = Int64(box.left + box.right + 1), half = size / 2
        let reciprocal = ((Int64(1) << 40) + size - 1) / size
        scratch.withUnsafeMutableBufferPointer { buffer in
            let copy = buffer.baseAddress!
            for i in 0..<count {
                let p = line + i * step
                copy[i * 4] = Int32(p[0]); copy[i * 4 + 1] = Int32(p[1]); copy[i * 4 + 2] = Int32(p[2]); copy[i * 4 + 3] = Int32(p[3])
            }
            @inline(__always) func at(_ i: Int) -> Int { min(max(i, 0), count - 1) * 4 }
            var sums: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
            for i in -box.left...box.right {
                let j = at(i)
                sums.0 += Int64(copy[j]); sums.1 += Int64(copy[j + 1]); sums.2 += Int64(copy[j + 2]); sums.3 += Int64(copy[j + 3])
            }
            let exact = size <= 8192
            @inline(__always) func mean(_ sum: Int64) -> UInt8 {
                UInt8(truncatingIfNeeded: exact ? ((sum + half) &* reciprocal) >> 40 : (sum + half) / size)
            }
            for i in 0..<count {
                let p = line + i * step
                p[0] = mean(sums.0); p[1] = mean(sums.1); p[2] = mean(sums.2); p[3] = mean(sums.3)
                let entering = at(i + box.right + 1), leaving = at(i - box.left)
                sums.0 += Int64(copy[entering] - copy[leaving]); sums.1 += Int64(copy[entering + 1] - copy[leaving + 1])
                sums.2 += Int64(copy[entering + 2] - copy[leaving + 2]); sums.3 += Int64(copy[entering + 3] - copy[leaving + 3])
            }
        }
    }
}

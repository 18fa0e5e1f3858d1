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
        let rowChunks = min(cores, height)
        DispatchQueue.concurrentPerform(iterations: rowChunks) { chunk in
            var scratch = [UInt32](repeating: 0, count: width)
            for y in stride(from: chunk, to: height, by: rowChunks) {
                for box in boxes {
                    boxRow(target.pointer + y * bytesPerRow, count: width, box: box, scratch: &scratch)
                }
            }
        }
        // Columns a band of neighbours at a time, walking down the rows (a column alone touches a cache line a
        // pixel: that was most of a blur's time).
        let bands = min(cores, max(1, width / 16))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let columns = width * band / bands..<width * (band + 1) / bands
            var sums = [Int32](repeating: 0, count: columns.count * 4)
            var copy = [UInt8](repeating: 0, count: columns.count * 4 * height)
            for box in boxes {
                boxColumns(target.pointer + columns.lowerBound * 4, width: columns.count, height: height, bytesPerRow: bytesPerRow,
                           box: box, sums: &sums, copy: &copy)
            }
        }
    }

    private struct SharedPixels: @unchecked Sendable { let pointer: UnsafeMutablePointer<UInt8> }

    /// The rounded mean of a box of `size` pixels from a channel's sum, ⌊(sum + ⌊size/2⌋)/size⌋, by multiplying
    /// with a 40-bit reciprocal: the same result as the division for every sum of boxes up to 8,192 pixels
    /// (checked exhaustively; a larger box divides).
    private struct BoxMean {
        let size: Int64, half: Int64, reciprocal: Int64, exact: Bool
        init(_ box: (left: Int, right: Int)) {
            size = Int64(box.left + box.right + 1)
            half = size / 2
            reciprocal = ((Int64(1) << 40) + size - 1) / size
            exact = size <= 8192
        }
        @inline(__always) func callAsFunction(_ sum: Int32) -> UInt8 {
            let n = Int64(sum) &+ half
            return UInt8(truncatingIfNeeded: exact ? (n &* reciprocal) >> 40 : n / size)
        }
        /// The four channels of a pixel at once, packed as they lie in memory.
        @inline(__always) func callAsFunction(_ sums: SIMD4<Int32>) -> UInt32 {
            UInt32(self(sums[0])) | UInt32(self(sums[1])) << 8 | UInt32(self(sums[2])) << 16 | UInt32(self(sums[3])) << 24
        }
    }

    /// One box blur down every column of a band `width` pixels wide, row after row: each column's running sum is
    /// kept in `sums`, and the band's rows as they were in `copy` (the pixels are overwritten as the box moves).
    private static func boxColumns(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int,
                                   box: (left: Int, right: Int), sums: inout [Int32], copy: inout [UInt8]) {
        let mean = BoxMean(box), lane = width * 4
        sums.withUnsafeMutableBufferPointer { sumsBuffer in
            copy.withUnsafeMutableBufferPointer { copyBuffer in
                let sums = sumsBuffer.baseAddress!, copy = copyBuffer.baseAddress!
                for y in 0..<height { (copy + y * lane).update(from: pixels + y * bytesPerRow, count: lane) }
                @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { copy + min(max(y, 0), height - 1) * lane }
                for k in 0..<lane { sums[k] = 0 }
                for y in -box.left...box.right {
                    let r = row(y)
                    for k in 0..<lane { sums[k] &+= Int32(r[k]) }
                }
                for y in 0..<height {
                    let out = pixels + y * bytesPerRow
                    for k in 0..<lane { out[k] = mean(sums[k]) }
                    let entering = row(y + box.right + 1), leaving = row(y - box.left)
                    for k in 0..<lane { sums[k] &+= Int32(entering[k]) &- Int32(leaving[k]) }
                }
            }
        }
    }

    /// One box blur along a row of `count` pixels: each becomes the mean of the pixels from `left` before it to
    /// `right` after it, with the ends repeated. A running sum (the four channels at once) makes it O(1) a pixel.
    private static func boxRow(_ row: UnsafeMutablePointer<UInt8>, count: Int, box: (left: Int, right: Int),
                               scratch: inout [UInt32]) {
        let mean = BoxMean(box)
        scratch.withUnsafeMutableBufferPointer { buffer in
            let copy = buffer.baseAddress!
            UnsafeMutableRawPointer(copy).copyMemory(from: row, byteCount: count * 4)
            @inline(__always) func pixel(_ i: Int) -> SIMD4<Int32> {
                let v = copy[min(max(i, 0), count - 1)]
                return SIMD4<Int32>(Int32(v & 0xFF), Int32(v >> 8 & 0xFF), Int32(v >> 16 & 0xFF), Int32(v >> 24))
            }
            var sum = SIMD4<Int32>(repeating: 0)
            for i in -box.left...box.right { sum &+= pixel(i) }
            let out = UnsafeMutableRawPointer(row)
            for i in 0..<count {
                out.storeBytes(of: mean(sum), toByteOffset: i * 4, as: UInt32.self)
                sum &+= pixel(i + box.right + 1) &- pixel(i - box.left)
            }
        }
    }
}

@_implementationOnly import CCoverage
import CoreGraphics

/// Lays a band holding a finished picture onto the frame by a blend mode: the separable modes that need no
/// division (multiply, screen, overlay, darken, lighten, hard light, difference, exclusion) through Calyx's own
/// kernel (`blend_modes.c`, two pixels a step on 16-bit lanes), the others through pixman, whose general
/// combiners work a pixel at a time.
enum BandBlend {
    /// Blends the band (rows `rows` of the frame, `bytesPerRow` apart, its first row the band's first) onto
    /// `target` over `columns` by `mode`.
    static func blend(band: UnsafeMutableRawPointer, into target: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int,
                      height: Int, rows: Range<Int>, columns: Range<Int>, mode: CGBlendMode) {
        guard let kernel = kernelMode(mode) else {
            PixmanBlit.blend(band: band, into: target, bytesPerRow: bytesPerRow, width: width, height: height, rows: rows,
                             columns: columns, mode: mode)
            return
        }
        for (index, y) in rows.enumerated() {
            let source = (band + index * bytesPerRow + columns.lowerBound * 4).assumingMemoryBound(to: UInt32.self)
            let pixels = (target + y * bytesPerRow + columns.lowerBound * 4).assumingMemoryBound(to: UInt32.self)
            calyx_blend_row(kernel, source, pixels, Int64(columns.count))
        }
    }

    /// The kernel's name for `mode`; nil for the modes left to pixman.
    static func kernelMode(_ mode: CGBlendMode) -> calyx_blend_mode? {
        var kernel = CALYX_BLEND_MULTIPLY
        return calyx_blend_mode_of_cg(mode.rawValue, &kernel) != 0 ? kernel : nil
    }
}

import Testing
import CoreGraphics
@testable import QuartzCore

/// Calyx's blend-mode kernel (`blend_modes.c`, through `BandBlend`) against pixman's combiners for the same
/// modes, on random premultiplied pixels — transparent, translucent and opaque sources over the same kinds of
/// targets — and the PDF formulas on a few hand-worked pixels.
@Suite struct BandBlendTests {
    static let modes: [CGBlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference, .exclusion]

    /// A random premultiplied pixel (0xAARRGGBB): alpha 0, 255 or anything, each channel at most alpha.
    static func randomPixel(_ generator: inout some RandomNumberGenerator) -> UInt32 {
        let alpha: UInt32 = [0, 255, UInt32.random(in: 1...254, using: &generator)].randomElement(using: &generator)!
        func channel() -> UInt32 { UInt32.random(in: 0...alpha, using: &generator) }
        return alpha << 24 | channel() << 16 | channel() << 8 | channel()
    }

    /// `source` blended onto `target` by `mode`, by the kernel (`calyx`) and by pixman.
    static func blended(_ source: [UInt32], onto target: [UInt32], mode: CGBlendMode) -> (calyx: [UInt32], pixman: [UInt32]) {
        var band = source, calyx = target, pixman = target
        let count = source.count
        band.withUnsafeMutableBytes { band in
            calyx.withUnsafeMutableBytes {
                BandBlend.blend(band: band.baseAddress!, into: $0.baseAddress!, bytesPerRow: count * 4, width: count, height: 1,
                                rows: 0..<1, columns: 0..<count, mode: mode)
            }
            pixman.withUnsafeMutableBytes {
                PixmanBlit.blend(band: band.baseAddress!, into: $0.baseAddress!, bytesPerRow: count * 4, width: count, height: 1,
                                 rows: 0..<1, columns: 0..<count, mode: mode)
            }
        }
        return (calyx, pixman)
    }

    /// Within one level of pixman on every channel of 4,099 pixel pairs a mode (pixman rounds each product on
    /// its own before adding; the kernel rounds the sum once).
    @Test(arguments: modes) func matchesPixman(mode: CGBlendMode) {
        var generator = SystemRandomNumberGenerator()
        let count = 4099  // (not a multiple of four: the kernel's last pixels go one at a time)
        let source = (0..<count).map { _ in Self.randomPixel(&generator) }
        let target = (0..<count).map { _ in Self.randomPixel(&generator) }
        let (calyx, pixman) = Self.blended(source, onto: target, mode: mode)
        var worst = 0
        for i in 0..<count {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int(calyx[i] >> UInt32(shift) & 0xFF) - Int(pixman[i] >> UInt32(shift) & 0xFF)))
            }
        }
        #expect(worst <= 1, "\(mode): worst channel difference \(worst)")
    }

    /// Hand-worked pixels: opaque red (255, 0, 0) onto opaque (128, 128, 255): multiply (128, 0, 0), screen
    /// (255, 128, 255), darken (128, 0, 0), difference (127, 128, 255), exclusion (127, 128, 255); half-transparent
    /// white (premultiplied 128) onto opaque black by screen: 128 grey, opaque. A transparent source changes nothing.
    @Test func handWorkedPixels() {
        let red: UInt32 = 0xFFFF_0000, blueish: UInt32 = 0xFF80_80FF
        let expected: [(CGBlendMode, UInt32)] = [(.multiply, 0xFF80_0000), (.screen, 0xFFFF_80FF), (.darken, 0xFF80_0000),
                                                 (.difference, 0xFF7F_80FF), (.exclusion, 0xFF7F_80FF)]
        for (mode, value) in expected {
            #expect(Self.blended([red, 0, red, red, red], onto: [blueish, blueish, blueish, blueish, blueish], mode: mode).calyx
                    == [value, blueish, value, value, value], "\(mode)")
        }
        #expect(Self.blended([0x8080_8080], onto: [0xFF00_0000], mode: .screen).calyx == [0xFF80_8080])
    }
}

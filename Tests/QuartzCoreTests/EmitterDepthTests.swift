import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Emission out of the layer's plane: latitude, depth, `preservesDepth`, and the cells' sampling filters.
/// Expectations are hand-computed from the geometry.
@Suite struct EmitterDepthTests {
    func square(_ size: Int, checker: Bool = false) -> CGImage {
        testBitmap(width: size, height: size) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: size, height: size))
            if checker {
                ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.fill(CGRect(x: size / 2, y: 0, width: size - size / 2, height: size))
            }
        }
    }

    /// One particle born at t = 0 from the centre of a 100 × 100 emitter inside a root whose sublayerTransform
    /// gives perspective with eye distance 100 (m34 = −1/100), drawn at `t`.
    func frame(at t: Double, preservesDepth: Bool, _ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> TestCanvas {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            var eye = CATransform3DIdentity; eye.m34 = -1.0 / 100
            root.sublayerTransform = eye
            let emitter = CAEmitterLayer(); emitter.frame = root.bounds; emitter.emitterPosition = CGPoint(x: 50, y: 50)
            emitter.preservesDepth = preservesDepth
            let cell = CAEmitterCell(); cell.contents = square(4); cell.birthRate = 0.5; cell.lifetime = 10
            configure(emitter, cell)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            return renderedFrame(root, at: t)
        }
    }

    /// Latitude tilts the direction out of the plane: the in-plane speed is v·cos(latitude). With v = 40 and
    /// latitude π/3 the particle has moved 20·t along x (flattened: its z does not show).
    @Test func latitudeTiltsTheDirectionOutOfThePlane() {
        let c = frame(at: 1, preservesDepth: false) { _, cell in cell.velocity = 40; cell.emissionLatitude = .pi / 3 }
        #expect(c.pixel(topDown: 70, 50) == .red)
        #expect(c.pixel(topDown: 50, 50) == .white && c.pixel(topDown: 90, 50) == .white)
    }

    /// With perspective m34 = −1/d (d = 100) a point at depth z is magnified d / (d − z) about the perspective
    /// centre: a 4-point particle at z = 50 covers 8 pixels (46…54, the outer pixel of each side blended by the
    /// bilinear edge). Flattened, it covers 4 (48…52).
    @Test func preservedDepthPlacesParticlesInPerspective() {
        let deep = frame(at: 0.1, preservesDepth: true) { emitter, _ in emitter.emitterZPosition = 50 }
        #expect(deep.pixel(topDown: 52, 50) == .red && deep.pixel(topDown: 47, 50) == .red)
        #expect(deep.pixel(topDown: 56, 50) == .white && deep.pixel(topDown: 50, 56) == .white)
        let flat = frame(at: 0.1, preservesDepth: false) { emitter, _ in emitter.emitterZPosition = 50 }
        #expect(flat.pixel(topDown: 51, 50) == .red && flat.pixel(topDown: 52, 50) == .white && flat.pixel(topDown: 47, 50) == .white)
        // Moving toward the eye along z (latitude π/2, speed 50): at t = 1 it is at z = 50, magnified 2×.
        let rising = frame(at: 1, preservesDepth: true) { _, cell in cell.velocity = 50; cell.emissionLatitude = .pi / 2 }
        #expect(rising.pixel(topDown: 52, 50) == .red && rising.pixel(topDown: 47, 50) == .red && rising.pixel(topDown: 56, 50) == .white)
    }

    /// A 2-texel red|blue particle magnified 16×: `nearest` keeps the seam sharp (a pixel 2 px left of it is
    /// pure red), the default linear filter blends across it.
    @Test func magnificationFilterOfTheCell() {
        func seamProbe(_ filter: CALayerContentsFilter) -> Pixel {
            let c = frame(at: 0.1, preservesDepth: false) { _, cell in
                cell.contents = square(2, checker: true); cell.scale = 16; cell.magnificationFilter = filter.rawValue
            }
            return c.pixel(topDown: 48, 50)
        }
        let nearest = seamProbe(.nearest), linear = seamProbe(.linear)
        #expect(nearest == .red, "nearest \(nearest)")
        #expect(linear.b > 20, "linear \(linear)")
    }

    /// A 64-texel image of one-texel red and blue stripes shown 16× smaller: the default (linear) minification
    /// samples a prefiltered level, so each screen pixel is the stripes' mean, purple (128, 0, 128) within the
    /// rounding of four halvings.
    @Test func minificationFilterOfTheCell() {
        let stripes = testBitmap(width: 64, height: 64) { ctx in
            for x in 0..<64 {
                ctx.setFillColor(x % 2 == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.fill(CGRect(x: x, y: 0, width: 1, height: 64))
            }
        }
        // An offset of half a texel (1/32 px) puts unfiltered samples on texel centres, where they are pure red or blue.
        let c = frame(at: 0.1, preservesDepth: false) { emitter, cell in
            cell.contents = stripes; cell.scale = 1.0 / 16; emitter.emitterPosition = CGPoint(x: 50 + 1.0 / 32, y: 50)
        }
        for x in 49...50 {
            let p = c.pixel(topDown: x, 50)
            #expect(abs(p.r - 128) < 24 && abs(p.b - 128) < 24 && p.g < 10, "\(x): \(p)")
        }
    }
}

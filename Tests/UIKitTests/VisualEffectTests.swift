import Testing
import Foundation
@testable import UIKit

/// `UIVisualEffectView`: a real backdrop blur under the style's tint, `effect` animating in blocks, vibrancy.
/// Expectations are analytic: behind the view a black | white step at x = 100 (a "photo" with one sharp edge); a
/// Gaussian of σ turns it into 255·Φ(x/σ), saturation leaves greys alone, and the tint lays white at its alpha
/// over that.
@Suite struct VisualEffectTests {
    final class Screen {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        let ctx = CGContext(data: nil, width: 200, height: 120, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer: CARenderer

        init(background: UIColor? = nil) {
            window.backgroundColor = background ?? .white
            if background == nil {
                let dark = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 120))
                dark.backgroundColor = .black
                window.addSubview(dark)
            }
            renderer = CARenderer(context: ctx)
            renderer.layer = window.layer
        }

        func draw(at t: CFTimeInterval) {
            CATransaction.flush()
            renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
        }

        /// (r, g, b) at (x, y), y down.
        func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let image = ctx.makeImage()!
            let bytes = image.dataProvider!.data! as Data
            let i = y * image.bytesPerRow + x * 4
            return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
        }
    }

    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    /// The step blurred by σ, then white at `tint` alpha laid over it.
    func expected(dx: Int, sigma: Double, tint: Double) -> Double {
        let blurred = sigma > 0 ? 255 * phi((Double(dx) + 0.5) / sigma) : (dx < 0 ? 0 : 255)
        return blurred * (1 - tint) + 255 * tint
    }

    /// The seed's example: a blur fading in over a photo. Half-way (linear, 1 s) the light style's σ of 30 is at
    /// 15 and its white tint's alpha of 0.3 at 0.15; at the end, the whole of both.
    @Test func blurFadesInOverAPhoto() {
        withClock { clock in
            let screen = Screen()
            let effectView = UIVisualEffectView(effect: nil)
            effectView.frame = CGRect(x: 40, y: 10, width: 120, height: 100)
            screen.window.addSubview(effectView)
            screen.draw(at: 0)
            #expect(screen.rgb(99, 60) == (0, 0, 0) && screen.rgb(100, 60) == (255, 255, 255))  // no effect: sharp
            var finished: Bool?
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                effectView.effect = UIBlurEffect(style: .light)
            }, completion: { finished = $0 })
            advance(clock, to: 0.5)
            screen.draw(at: 0.5)
            for dx in [-20, -10, -3, 0, 3, 10, 20] {
                let p = screen.rgb(100 + dx, 60), e = expected(dx: dx, sigma: 15, tint: 0.15)
                #expect(abs(Double(p.r) - e) <= 5 && p.r == p.g && p.g == p.b, "dx \(dx): \(p) vs \(e)")
            }
            advance(clock, to: 1.1)
            screen.draw(at: 1.1)
            #expect(finished == true)
            for dx in [-20, 0, 20] {
                let p = screen.rgb(100 + dx, 60), e = expected(dx: dx, sigma: 30, tint: 0.3)
                #expect(abs(Double(p.r) - e) <= 5, "dx \(dx): \(p) vs \(e)")
            }
        }
    }

    /// Back to nil inside a block: the same values in reverse, and no effect at the end.
    @Test func blurFadesOut() {
        withClock { clock in
            let screen = Screen()
            let effectView = UIVisualEffectView(effect: UIBlurEffect(style: .light))
            effectView.frame = CGRect(x: 40, y: 10, width: 120, height: 100)
            screen.window.addSubview(effectView)
            screen.draw(at: 0)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { effectView.effect = nil })
            advance(clock, to: 0.5)
            screen.draw(at: 0.5)
            let p = screen.rgb(110, 60), e = expected(dx: 10, sigma: 15, tint: 0.15)
            #expect(abs(Double(p.r) - e) <= 5, "\(p) vs \(e)")
            advance(clock, to: 1.1)
            screen.draw(at: 1.1)
            #expect(screen.rgb(99, 60) == (0, 0, 0) && screen.rgb(100, 60) == (255, 255, 255))
        }
    }

    /// Outside blocks a new effect shows at once.
    @Test func settingTheEffectOutsideABlockIsImmediate() {
        withClock { _ in
            let screen = Screen()
            let effectView = UIVisualEffectView(effect: nil)
            effectView.frame = CGRect(x: 40, y: 10, width: 120, height: 100)
            screen.window.addSubview(effectView)
            effectView.effect = UIBlurEffect(style: .dark)
            screen.draw(at: 0)
            // Dark: σ 20, tint white 0.11 at 0.73.
            let blurred = 255 * phi(10.5 / 20)
            let e = blurred * 0.27 + 0.11 * 255 * 0.73
            #expect(abs(Double(screen.rgb(110, 60).r) - e) <= 5, "\(screen.rgb(110, 60)) vs \(e)")
        }
    }

    /// Alpha below 1 breaks the effect (as on iOS): the view is drawn faded without the blur, so the step stays
    /// sharp under the faded tint.
    @Test func alphaBelowOneDrawsWithoutTheBlur() {
        withClock { _ in
            let screen = Screen()
            let effectView = UIVisualEffectView(effect: UIBlurEffect(style: .light))
            effectView.frame = CGRect(x: 40, y: 10, width: 120, height: 100)
            effectView.alpha = 0.5
            screen.window.addSubview(effectView)
            screen.draw(at: 0)
            // White at 0.3 × 0.5 over black: 38; over white: 255.
            let left = screen.rgb(98, 60)
            #expect(abs(left.r - 38) <= 2 && screen.rgb(101, 60).r == 255, "\(left)")
        }
    }

    /// Vibrancy over a dark blur adds 0.35 of white where its content draws: on a uniform grey backdrop, the
    /// content's square is the blurred, tinted grey plus 89.
    @Test func vibrancyLightensTheBackdropWhereItsContentIs() {
        withClock { _ in
            let screen = Screen(background: UIColor(white: 128 / 255, alpha: 1))
            let blur = UIBlurEffect(style: .dark)
            let effectView = UIVisualEffectView(effect: blur)
            effectView.frame = CGRect(x: 20, y: 10, width: 160, height: 100)
            let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur))
            vibrancy.frame = effectView.bounds
            let square = UIView(frame: CGRect(x: 40, y: 30, width: 40, height: 40))
            square.backgroundColor = .white
            vibrancy.contentView.addSubview(square)
            effectView.contentView.addSubview(vibrancy)
            screen.window.addSubview(effectView)
            screen.draw(at: 0)
            let base = 128 * 0.27 + 0.11 * 255 * 0.73   // 55.0
            let outside = screen.rgb(150, 60), inside = screen.rgb(80, 60)
            #expect(abs(Double(outside.r) - base) <= 3, "\(outside)")
            #expect(abs(Double(inside.r) - (base + 0.35 * 255)) <= 3, "\(inside)")
        }
    }

    /// Every style's recipe, and the raw values iOS gives them.
    @Test func stylesAndRawValues() {
        #expect(UIBlurEffect.Style.extraLight.rawValue == 0 && UIBlurEffect.Style.prominent.rawValue == 5)
        #expect(UIBlurEffect.Style.systemUltraThinMaterial.rawValue == 6 && UIBlurEffect.Style.systemChromeMaterialDark.rawValue == 20)
        let light = UIBlurEffect(style: .light).recipe
        #expect(light.radius == 30 && light.alpha == 0.3 && light.white == 1)
        let thick = UIBlurEffect(style: .systemThickMaterialDark).recipe
        #expect(thick.radius == 25 && thick.white == 0 && thick.alpha == 0.55)
        for raw in 0...20 { #expect(UIBlurEffect.Style(rawValue: raw) != nil) }
    }

    /// As iOS code writes it: a blur view with a corner radius, its content in `contentView`.
    @Test func iOSStyleSetup() {
        withClock { _ in
            let screen = Screen()
            let blurView = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
            blurView.frame = CGRect(x: 40, y: 10, width: 120, height: 100)
            blurView.layer.cornerRadius = 30
            blurView.clipsToBounds = true
            let label = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            label.backgroundColor = .red
            blurView.contentView.addSubview(label)
            screen.window.addSubview(blurView)
            screen.draw(at: 0)
            #expect(screen.rgb(55, 25) == (255, 0, 0))        // content above the blur
            #expect(blurView.contentView.clipsToBounds && !blurView.layer.masksToBounds)
            #expect(screen.rgb(41, 11) == (0, 0, 0))          // the rounded corner leaves the photo sharp
            #expect(screen.rgb(100, 60).r > 60 && screen.rgb(100, 60).r < 230)
        }
    }
}

import QuartzCore
import UIKit
import Foundation

/// Issue 11's figures: what UIKit's view animation costs over the same layer animations added directly, and
/// what a full-screen backdrop blur costs a frame.
enum ViewAnimationBenchmark {
    static func run(into report: inout BenchReport) {
        twoHundredViews(into: &report)
        blurBehindACard(into: &report)
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
    static func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

    /// 200 views on a 1280 × 720 screen, each given a position, alpha and transform animation by `UIView.animate`;
    /// against 200 plain layers given the same three animations with `CABasicAnimation`s. Both screens are drawn
    /// whole by a render server on one core, alternately, frame by frame; the figure is the median paired ratio.
    /// Also: the cost of starting the animations (the block, its actions and the adds) over adding them directly.
    static func twoHundredViews(into report: inout BenchReport) {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            func place(_ i: Int) -> CGRect { CGRect(x: CGFloat(i % 20) * 62 + 10, y: CGFloat(i / 20) * 70 + 10, width: 50, height: 50) }
            func colour(_ i: Int) -> UIColor { UIColor(hue: CGFloat(i % 17) / 17, saturation: 0.7, brightness: 0.9, alpha: 1) }
            let ticks = ContinuousClock()
            // UIKit.
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 720))
            window.backgroundColor = .white
            let views = (0..<200).map { i -> UIView in
                let v = UIView(frame: place(i)); v.backgroundColor = colour(i); v.layer.cornerRadius = 8; window.addSubview(v); return v
            }
            CATransaction.flush()
            let viewStart = seconds(ticks.measure {
                for (i, v) in views.enumerated() {
                    UIView.animate(withDuration: 4, delay: 0, options: [.repeat, .autoreverse], animations: {
                        v.center.y += 300
                        v.alpha = 0.4
                        v.transform = CGAffineTransform(rotationAngle: .pi / 2 + CGFloat(i % 3))
                    })
                }
                CATransaction.flush()
            })
            // The same animations on plain layers.
            let root = CALayer()
            root.frame = window.bounds; root.backgroundColor = CGColor.white
            let layers = (0..<200).map { i -> CALayer in
                let l = CALayer(); l.frame = place(i); l.backgroundColor = colour(i).cgColor; l.cornerRadius = 8; root.addSublayer(l); return l
            }
            CATransaction.flush()
            let layerStart = seconds(ticks.measure {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                for (i, l) in layers.enumerated() {
                    let from = l.position
                    l.position.y += 300; l.opacity = 0.4
                    l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2 + CGFloat(i % 3)))
                    for (key, fromValue, toValue) in [("position", NSValue(cgPoint: from) as Any, NSValue(cgPoint: l.position) as Any),
                                                      ("opacity", 1.0 as Any, 0.4 as Any),
                                                      ("transform", NSValue(caTransform3D: CATransform3DIdentity) as Any, NSValue(caTransform3D: l.transform) as Any)] {
                        let a = CABasicAnimation(keyPath: key)
                        a.fromValue = fromValue; a.toValue = toValue; a.duration = 4
                        a.autoreverses = true; a.repeatCount = .greatestFiniteMagnitude
                        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); a.fillMode = .both
                        l.add(a, forKey: key)
                    }
                }
                CATransaction.commit()
            })
            guard let viewServer = CARenderServer(layer: window.layer, pixelWidth: 1280, pixelHeight: 720),
                  let layerServer = CARenderServer(layer: root, pixelWidth: 1280, pixelHeight: 720) else { return }
            viewServer.threads = 1; layerServer.threads = 1
            viewServer.push(); layerServer.push()
            var ratios: [Double] = [], viewTimes: [Double] = []
            var time = 0.5
            for round in 0..<23 {
                time += 1.0 / 60
                let a = seconds(ticks.measure { layerServer.drawFrame(at: time, wholeFrame: true) })
                let b = seconds(ticks.measure { viewServer.drawFrame(at: time, wholeFrame: true) })
                guard round >= 3 else { continue }
                ratios.append(b / a); viewTimes.append(b)
            }
            report.add("uikit.animate_200.frame", median(viewTimes) * 1e3, "ms",
                       note: "200 views animated by UIView.animate (position, alpha, transform), 1280×720 drawn whole, one core")
            report.add("uikit.animate_200.vs_layers", median(ratios), "x",
                       note: "that frame over the same three animations added to plain layers directly, paired (target ≤ 1.2)")
            report.add("uikit.animate_200.start_vs_layers", viewStart / layerStart, "x",
                       note: "starting the 200 views' animations (blocks, actions, additive keys) over adding the layer animations")
        }
    }

    /// A 1280 × 720 "photo" (bands and discs of colour) under a full-screen light blur, with a card moving over
    /// the blur; against the same frames without the blur. Frames are drawn as a window draws them (the damage
    /// only), alternately, paired. Also the worst case: the photo itself moving, so every frame blurs anew.
    static func blurBehindACard(into report: inout BenchReport) {
        func screen(blur: Bool, photoMoves: Bool) -> (CARenderServer, UIView, UIView)? {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 720))
            window.backgroundColor = UIColor(red: 0.95, green: 0.85, blue: 0.4, alpha: 1)
            let photo = UIView(frame: window.bounds)
            for i in 0..<12 {
                let disc = UIView(frame: CGRect(x: CGFloat(i % 4) * 320 + 20, y: CGFloat(i / 4) * 240 + 20, width: 200, height: 200))
                disc.backgroundColor = UIColor(hue: CGFloat(i) / 12, saturation: 0.8, brightness: 0.85, alpha: 1)
                disc.layer.cornerRadius = 100
                photo.addSubview(disc)
            }
            window.addSubview(photo)
            if blur {
                let effect = UIVisualEffectView(effect: UIBlurEffect(style: .light))
                effect.frame = window.bounds
                window.addSubview(effect)
            }
            let card = UIView(frame: CGRect(x: 100, y: 260, width: 300, height: 200))
            card.backgroundColor = .white
            card.layer.cornerRadius = 20
            window.addSubview(card)
            CATransaction.flush()
            guard let server = CARenderServer(layer: window.layer, pixelWidth: 1280, pixelHeight: 720) else { return nil }
            server.push()
            _ = photoMoves
            return (server, card, photo)
        }
        for photoMoves in [false, true] {
            let clock = CAMediaClock(manualTime: 0)
            CAMediaClock.$current.withValue(clock) {
                guard let (plain, plainCard, plainPhoto) = screen(blur: false, photoMoves: photoMoves),
                      let (blurred, blurCard, blurPhoto) = screen(blur: true, photoMoves: photoMoves) else { return }
                let ticks = ContinuousClock()
                var ratios: [Double] = [], times: [Double] = []
                for round in 0..<23 {
                    let t = 1 + Double(round) / 60
                    clock.setManualTime(t)
                    for (card, photo) in [(plainCard, plainPhoto), (blurCard, blurPhoto)] {
                        UIView.performWithoutAnimation {
                            card.center.x = 250 + CGFloat(round * 20)
                            if photoMoves { photo.center.x = 640 + CGFloat(round % 2 == 0 ? 3 : -3) }
                        }
                    }
                    CATransaction.flush()
                    plain.push(); blurred.push()
                    let a = seconds(ticks.measure { plain.drawFrame(at: t) })
                    let b = seconds(ticks.measure { blurred.drawFrame(at: t) })
                    guard round >= 3 else { continue }
                    ratios.append(b / a); times.append(b)
                }
                let name = photoMoves ? "uikit.blur_refiltered" : "uikit.blur_behind_card"
                report.add("\(name).frame", median(times) * 1e3, "ms",
                           note: photoMoves ? "full-screen light blur over a moving photo (refiltered every frame), 1280×720"
                                            : "full-screen light blur behind a moving card, 1280×720, damage redrawn")
                report.add("\(name).vs_plain", median(ratios), "x",
                           note: photoMoves ? "that frame over the same without the blur (no target: the worst case)"
                                            : "that frame over the same frame without the blur, paired (target ≤ 2)")
            }
        }
    }
}

import QuartzCore
import Foundation

/// Issue 4's scenes, measured through `CARenderer` at 1280×720 on one core.
/// A: 500 distinct 64×64 layers, random rotation, scale 0.5–2 and opacity (targets: < 10 ms, ≥ 6× pixman's
/// general path). B: one small layer moving over A's static layers (target < 1 ms: cost should follow
/// damage). C: A's layers with perspective (m34 = −1/500, rotation about y) (target < 12 ms).
enum CompositorBenchmark {
    static func scene(perspective: Bool, seed: UInt64, count: Int = 500) -> CALayer {
        var random = SplitMix(seed: seed)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        root.backgroundColor = CGColor.white
        for i in 0..<count {
            // Distinct content per layer: a 64×64 image with its own colour.
            let ctx = CGContext.canonicalBitmap(width: 64, height: 64)!
            ctx.setFillColor(CGColor(red: unit(), green: unit(), blue: unit(), alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
            ctx.setFillColor(CGColor(gray: Double(i % 7) / 7, alpha: 1))
            ctx.fillEllipse(in: CGRect(x: 16, y: 16, width: 32, height: 32))
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            layer.position = CGPoint(x: unit() * 1280, y: unit() * 720)
            layer.contents = ctx.makeImage()
            layer.opacity = Float(0.3 + 0.7 * unit())
            let scale = 0.5 + 1.5 * unit()
            if perspective {
                var t = CATransform3DIdentity
                t.m34 = -1.0 / 500
                layer.transform = CATransform3DRotate(CATransform3DScale(t, scale, scale, 1), (unit() - 0.5) * 2, 0, 1, 0)
            } else {
                layer.transform = CATransform3DScale(CATransform3DMakeRotation(unit() * 2 * .pi, 0, 0, 1), scale, scale, 1)
            }
            root.addSublayer(layer)
        }
        return root
    }

    /// Scene M: clips and masks that move. A rounded clipping container (`masksToBounds`, corner radius 32) of
    /// 120 of scene A's layers, masked by a soft-edged circle (a radial gradient) that slides across it every frame;
    /// beside it a clipping container whose `bounds.origin` scrolls 120 more layers. Nothing inside either changes.
    static func maskedScene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        root.backgroundColor = CGColor.white
        let content = scene(perspective: false, seed: 2, count: 240).sublayers ?? []
        let masked = CALayer()
        masked.frame = CGRect(x: 40, y: 60, width: 640, height: 600)
        masked.masksToBounds = true
        masked.cornerRadius = 32
        masked.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 1, alpha: 1)
        for layer in content.prefix(120) {
            layer.position = CGPoint(x: layer.position.x / 2, y: layer.position.y * 600 / 720)
            masked.addSublayer(layer)
        }
        let spot = CAGradientLayer()
        spot.type = .radial
        spot.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
        spot.locations = [0, 0.7, 1]
        spot.startPoint = CGPoint(x: 0.5, y: 0.5)
        spot.endPoint = CGPoint(x: 1, y: 1)
        spot.frame = CGRect(x: 0, y: 100, width: 400, height: 400)
        masked.mask = spot
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0; slide.toValue = 640; slide.duration = 4; slide.autoreverses = true
        slide.repeatCount = .infinity; slide.beginTime = 1e-9
        spot.add(slide, forKey: "slide")
        root.addSublayer(masked)
        let scroller = CALayer()
        scroller.frame = CGRect(x: 720, y: 60, width: 520, height: 600)
        scroller.masksToBounds = true
        scroller.backgroundColor = CGColor(red: 1, green: 0.95, blue: 0.9, alpha: 1)
        for layer in content.dropFirst(120) {
            layer.position = CGPoint(x: layer.position.x * 520 / 1280, y: layer.position.y * 2)
            scroller.addSublayer(layer)
        }
        let scroll = CABasicAnimation(keyPath: "bounds.origin.y")
        scroll.fromValue = 0; scroll.toValue = 840; scroll.duration = 4; scroll.autoreverses = true
        scroll.repeatCount = .infinity; scroll.beginTime = 1e-9
        scroller.add(scroll, forKey: "scroll")
        root.addSublayer(scroller)
        return root
    }

    static func run(into report: inout BenchReport) {
        let clock = CAMediaClock(manualTime: 0)
        CAMediaClock.$current.withValue(clock) {
            let bitmap = CGContext.canonicalBitmap(width: 1280, height: 720)!
            var time = 1.0
            /// Median frame time; `whole` redraws everything (A, C), else only the damage (B).
            func frames(_ root: CALayer, threads: Int = 1, whole: Bool = true, pixman: Bool = false) -> Double {
                let renderer = CARenderer(context: bitmap)
                renderer.threads = threads
                renderer.usesPixmanForEveryBlit = pixman
                renderer.layer = root
                return medianSeconds(warmup: 2, runs: 9) {
                    time += 1.0 / 60
                    renderer.beginFrame(atTime: time, timeStamp: nil)
                    if whole { renderer.addUpdate(root.bounds) }  // a whole frame even when nothing changed
                    renderer.render()
                    renderer.endFrame()
                }
            }
            let a = scene(perspective: false, seed: 1)
            CATransaction.flush()
            let sceneA = frames(a)
            let sceneA2 = frames(a, threads: 2)
            let sceneAPixman = frames(a, pixman: true)

            let b = scene(perspective: false, seed: 1)
            let mover = CALayer(); mover.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); mover.backgroundColor = CGColor.black
            b.addSublayer(mover)
            let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 1280; move.duration = 10
            move.repeatCount = .infinity; move.beginTime = 0.5
            mover.add(move, forKey: "move")
            CATransaction.flush()
            let sceneB = frames(b, whole: false)

            let c = scene(perspective: true, seed: 1)
            CATransaction.flush()
            let sceneC = frames(c)
            let sceneCPixman = frames(c, pixman: true)

            let m = maskedScene()
            CATransaction.flush()
            let sceneM = frames(m, whole: false)

            report.add("sceneA.1core", sceneA * 1e3, "ms", note: "500 rotated/scaled/translucent 64×64 layers at 1280×720 (target < 10 ms)")
            report.add("sceneA.2cores", sceneA2 * 1e3, "ms", note: "scene A split across both cores (target < 6 ms)")
            report.add("sceneA.vs_pixman", sceneAPixman / sceneA, "x", note: "pixman's general transformed path on scene A ÷ ours, same frame, one core (target ≥ 6×)")
            report.add("sceneB.1core", sceneB * 1e3, "ms", note: "one moving layer over scene A, redrawing the damage only (target < 1 ms)")
            report.add("sceneC.1core", sceneC * 1e3, "ms", note: "scene A with perspective (target < 12 ms)")
            report.add("sceneC.vs_pixman", sceneCPixman / sceneC, "x", note: "pixman's general path on scene C ÷ ours, one core")
            report.add("sceneM.1core", sceneM * 1e3, "ms", note: "a moving soft mask over a rounded clip of 120 layers and a scrolling clip of 120 more, damage only")
        }
    }
}

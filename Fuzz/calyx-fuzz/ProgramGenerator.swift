import CoreGraphics
import QuartzCore
import UIKit

/// One call of a random program: the Swift it stands for, and the code that performs it.
struct ProgramCall {
    let source: String
    let run: (ProgramWorld) -> Void
}

/// Generates a program of 50–300 calls from a seed: layers of every class, tree edits (including ones that would
/// make cycles), every property set through its setter or KVC to ordinary and hostile values, string key paths
/// (malformed ones too), animations of every class with odd timing, nested and unbalanced transactions, the
/// clock moved both ways, frames through `CARenderer` and `render(in:)`, and queries (`presentation()`,
/// `hitTest`, `convert`). The same seed gives the same program on every machine.
struct ProgramGenerator {
    var values: HostileValues

    init(seed: UInt64) { values = HostileValues(rng: SplitMix(seed: seed)) }

    nonisolated(unsafe) static let layerClasses: [(String, () -> CALayer)] = [
        ("CALayer", { CALayer() }), ("CAShapeLayer", { CAShapeLayer() }), ("CATextLayer", { CATextLayer() }),
        ("CAGradientLayer", { CAGradientLayer() }), ("CAReplicatorLayer", { CAReplicatorLayer() }),
        ("CATransformLayer", { CATransformLayer() }), ("CAScrollLayer", { CAScrollLayer() }),
        ("CATiledLayer", { CATiledLayer() }), ("CAEmitterLayer", { ProgramGenerator.emitter() }),
    ]

    /// Every key any layer class declares, in a fixed order (the tables' own order, deduplicated).
    static let keys: [String] = {
        let tables = [CALayer.propertyTable, CAShapeLayer.propertyTable, CATextLayer.propertyTable,
                      CAGradientLayer.propertyTable, CAReplicatorLayer.propertyTable, CAEmitterLayer.propertyTable]
        var seen = Set<String>(), ordered: [String] = []
        for table in tables { for p in table.ordered where seen.insert(p.name).inserted { ordered.append(p.name) } }
        return ordered + ["frame", "notAKey"]
    }()

    static let keyPaths = [
        "transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x", "transform.translation.y",
        "position.x", "position.y", "bounds.size.width", "bounds.origin", "shadowOffset.height", "anchorPoint.x",
        "sublayerTransform.rotation.y", "sublayers.kid.opacity", "sublayers.kid.position", "emitterCells.spark.birthRate",
        "emitterCells.spark.emitterCells.spark.velocity", "", ".", "..", "transform.", ".position", "position..x",
        "transform.rotation.w", "bounds.size.width.height", "sublayers..opacity", "sublayers.kid", "𝄞.x", "opacity",
    ]

    static func emitter() -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell(); cell.name = "spark"; cell.birthRate = 20; cell.lifetime = 1; cell.velocity = 30
        cell.emissionRange = .pi
        let ctx = ProgramWorld.makeCanvas(); ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        cell.contents = ctx.makeImage()
        let child = CAEmitterCell(); child.name = "spark"; child.birthRate = 5; child.lifetime = 0.5
        cell.emitterCells = [child]
        layer.emitterCells = [cell]
        layer.emitterPosition = CGPoint(x: 24, y: 24)
        return layer
    }

    mutating func program() -> [ProgramCall] {
        let count = values.int(50...300)
        return (0..<count).map { _ in call() }
    }

    mutating func index() -> Int { values.int(0...11) }

    private mutating func call() -> ProgramCall {
        switch values.int(0...99) {
        case 0..<12: return makeLayer()
        case 12..<24: return treeEdit()
        case 24..<44: return setProperty()
        case 44..<50: return setKeyPath()
        case 50..<64: return addAnimation()
        case 64..<67: return removeAnimation()
        case 67..<74: return transaction()
        case 74..<80: return moveClock()
        case 80..<86: return render()
        case 86..<93: return viewCall()
        case 93..<97: return callbackSetup()
        default: return query()
        }
    }

    private mutating func makeLayer() -> ProgramCall {
        let (name, make) = values.pick(Self.layerClasses)
        let named = values.chance(0.3)
        let frame = values.rect()
        return ProgramCall(source: "L.append(\(name)()); L.last!.frame = \(frame.source)\(named ? "; L.last!.name = \"kid\"" : "")") { w in
            let layer = make()
            layer.frame = frame.value
            layer.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.8)
            if named { layer.name = "kid" }
            w.layers.append(layer)
        }
    }

    private mutating func treeEdit() -> ProgramCall {
        let a = index(), b = index(), at = values.pick([0, 1, 2, -1, 1000])
        switch values.int(0...6) {
        case 0: return ProgramCall(source: "L[\(a)].addSublayer(L[\(b)])") { w in w.layer(a).addSublayer(w.layer(b)) }
        case 1:
            // UInt32 on Apple; an out-of-range index is clamped here rather than trapping the program.
            return ProgramCall(source: "L[\(a)].insertSublayer(L[\(b)], at: \(max(at, 0)))") { w in
                w.layer(a).insertSublayer(w.layer(b), at: UInt32(max(at, 0)))
            }
        case 2: return ProgramCall(source: "L[\(a)].removeFromSuperlayer()") { w in w.layer(a).removeFromSuperlayer() }
        case 3: return ProgramCall(source: "L[\(a)].mask = L[\(b)]") { w in w.layer(a).mask = w.layer(b) }
        case 4: return ProgramCall(source: "L[\(a)].mask = nil") { w in w.layer(a).mask = nil }
        case 5:
            let c = index()
            return ProgramCall(source: "L[\(a)].sublayers = [L[\(b)], L[\(c)]]") { w in w.layer(a).sublayers = [w.layer(b), w.layer(c)] }
        default:
            return ProgramCall(source: "renderer.layer = L[\(a)]") { w in w.renderer.layer = w.layer(a) }
        }
    }

    private mutating func setProperty() -> ProgramCall {
        let a = index(), key = values.pick(Self.keys), value = values.value(forKey: key)
        return ProgramCall(source: "L[\(a)].setValue(\(value.source), forKey: \"\(key)\")") { w in
            w.layer(a).setValue(value.value, forKey: key)
        }
    }

    private mutating func setKeyPath() -> ProgramCall {
        let a = index(), path = values.pick(Self.keyPaths), value = values.anyValue()
        let read = values.chance(0.3)
        if read {
            return ProgramCall(source: "_ = L[\(a)].value(forKeyPath: \"\(path)\")") { w in w.observe(w.layer(a).value(forKeyPath: path)) }
        }
        return ProgramCall(source: "L[\(a)].setValue(\(value.source), forKeyPath: \"\(path)\")") { w in
            w.layer(a).setValue(value.value, forKeyPath: path)
        }
    }

    private mutating func timing(_ animation: CAAnimation) -> String {
        var lines: [String] = []
        let d = values.number(0, 3); animation.duration = d.value; lines.append("a.duration = \(d.source)")
        if values.chance(0.3) { let b = values.number(-2, 2); animation.beginTime = b.value; lines.append("a.beginTime = \(b.source)") }
        if values.chance(0.2) { let s = values.number(-2, 3); animation.speed = Float(s.value); lines.append("a.speed = \(s.source)") }
        if values.chance(0.2) { let o = values.number(-2, 2); animation.timeOffset = o.value; lines.append("a.timeOffset = \(o.source)") }
        if values.chance(0.3) { let r = values.number(0, 4); animation.repeatCount = Float(r.value); lines.append("a.repeatCount = \(r.source)") }
        if values.chance(0.1) { let r = values.number(0, 4); animation.repeatDuration = r.value; lines.append("a.repeatDuration = \(r.source)") }
        if values.chance(0.3) { animation.autoreverses = true; lines.append("a.autoreverses = true") }
        if values.chance(0.4) {
            let mode = values.pick([CAMediaTimingFillMode.forwards, .backwards, .both, .removed])
            animation.fillMode = mode; lines.append("a.fillMode = .\(mode.rawValue)")
        }
        if values.chance(0.3) { animation.isRemovedOnCompletion = false; lines.append("a.isRemovedOnCompletion = false") }
        if values.chance(0.3) {
            let p = (0..<4).map { _ in values.number(-1, 2) }
            animation.timingFunction = CAMediaTimingFunction(controlPoints: Float(p[0].value), Float(p[1].value), Float(p[2].value), Float(p[3].value))
            lines.append("a.timingFunction = CAMediaTimingFunction(controlPoints: \(p.map(\.source).joined(separator: ", ")))")
        }
        return lines.joined(separator: "; ")
    }

    mutating func animation(depth: Int = 0) -> Generated<CAAnimation> {
        let key = values.chance(0.7) ? values.pick(Self.keys) : values.pick(Self.keyPaths)
        switch values.int(0...(depth == 0 ? 5 : 3)) {
        case 0, 1:
            let a = CABasicAnimation(keyPath: key)
            var lines = ["let a = CABasicAnimation(keyPath: \"\(key)\")"]
            if values.chance(0.8) { let v = values.value(forKey: key); a.fromValue = v.value; lines.append("a.fromValue = \(v.source)") }
            if values.chance(0.8) { let v = values.value(forKey: key); a.toValue = v.value; lines.append("a.toValue = \(v.source)") }
            if values.chance(0.3) { let v = values.value(forKey: key); a.byValue = v.value; lines.append("a.byValue = \(v.source)") }
            if values.chance(0.2) { a.isAdditive = true; lines.append("a.isAdditive = true") }
            if values.chance(0.2) { a.isCumulative = true; lines.append("a.isCumulative = true") }
            lines.append(timing(a))
            return Generated(value: a, source: lines.joined(separator: "; "))
        case 2:
            let a = CAKeyframeAnimation(keyPath: key)
            var lines = ["let a = CAKeyframeAnimation(keyPath: \"\(key)\")"]
            let vs = (0..<values.int(0...5)).map { _ in values.value(forKey: key) }
            a.values = vs.map { $0.value as Any }; lines.append("a.values = [" + vs.map(\.source).joined(separator: ", ") + "]")
            if values.chance(0.5) {
                let ts = (0..<values.int(0...6)).map { _ in values.number(-0.2, 1.2) }
                a.keyTimes = ts.map { NSNumber(value: $0.value) }; lines.append("a.keyTimes = [" + ts.map(\.source).joined(separator: ", ") + "]")
            }
            if values.chance(0.3) {
                let n = values.int(0...5)
                a.timingFunctions = (0..<n).map { _ in CAMediaTimingFunction(name: .easeIn) }
                lines.append("a.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeIn), count: \(n))")
            }
            if values.chance(0.3) { let p = values.path(); a.path = p.value; lines.append("a.path = \(p.source)") }
            let mode = values.pick([CAAnimationCalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced])
            a.calculationMode = mode; lines.append("a.calculationMode = .\(mode.rawValue)")
            if values.chance(0.2) { a.rotationMode = .rotateAuto; lines.append("a.rotationMode = .rotateAuto") }
            if values.chance(0.2) { a.isAdditive = true; lines.append("a.isAdditive = true") }
            lines.append(timing(a))
            return Generated(value: a, source: lines.joined(separator: "; "))
        case 3:
            let a = CASpringAnimation(keyPath: key)
            var lines = ["let a = CASpringAnimation(keyPath: \"\(key)\")"]
            let v = values.value(forKey: key); a.toValue = v.value; lines.append("a.toValue = \(v.source)")
            let m = values.number(0, 5), k = values.number(0, 500), c = values.number(0, 30), iv = values.number(-10, 10)
            a.mass = CGFloat(m.value); a.stiffness = CGFloat(k.value); a.damping = CGFloat(c.value); a.initialVelocity = CGFloat(iv.value)
            lines.append("a.mass = \(m.source); a.stiffness = \(k.source); a.damping = \(c.source); a.initialVelocity = \(iv.source)")
            lines.append(timing(a))
            return Generated(value: a, source: lines.joined(separator: "; "))
        case 4:
            let g = CAAnimationGroup()
            let children = (0..<values.int(0...3)).map { _ in animation(depth: depth + 1) }
            g.animations = children.map(\.value)
            let t = timing(g)
            return Generated(value: g, source: "let a = CAAnimationGroup(); a.animations = [" +
                             children.map { "{ \($0.source); return a }()" }.joined(separator: ", ") + "]; " + t)
        default:
            let a = CATransition()
            // (UIKit's flips and curls use the private types by name.)
            let type = values.pick([CATransitionType.fade, .moveIn, .push, .reveal,
                                    CATransitionType(rawValue: "oglFlip"), CATransitionType(rawValue: "pageCurl"),
                                    CATransitionType(rawValue: "pageUnCurl")])
            let subtype = values.pick([CATransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom])
            a.type = type; a.subtype = subtype
            let s = values.number(0, 1), e = values.number(0, 1)
            a.startProgress = Float(s.value); a.endProgress = Float(e.value)
            let t = timing(a)
            return Generated(value: a, source: "let a = CATransition(); a.type = CATransitionType(rawValue: \"\(type.rawValue)\"); a.subtype = .\(subtype.rawValue); " +
                             "a.startProgress = \(s.source); a.endProgress = \(e.source); \(t)")
        }
    }

    private mutating func addAnimation() -> ProgramCall {
        let a = index(), anim = animation(), key = values.pick(["k1", "k2", "transition", nil] as [String?])
        let delegateMoves: (Int, Int)? = values.chance(0.15) ? (index(), index()) : nil
        if let (x, y) = delegateMoves { anim.value.delegate = nil; _ = (x, y) }
        let keySource = key.map { "\"\($0)\"" } ?? "nil"
        let delegateSource = delegateMoves.map { " // delegate: on stop, L[\($0.1)].addSublayer(L[\($0.0)])" } ?? ""
        return ProgramCall(source: "L[\(a)].add({ \(anim.source); return a }(), forKey: \(keySource))\(delegateSource)") { w in
            if let (x, y) = delegateMoves { anim.value.delegate = ReparentingDelegate(world: w, child: x, parent: y) }
            w.layer(a).add(anim.value, forKey: key)
        }
    }

    private mutating func removeAnimation() -> ProgramCall {
        let a = index()
        if values.chance(0.5) { return ProgramCall(source: "L[\(a)].removeAllAnimations()") { w in w.layer(a).removeAllAnimations() } }
        let key = values.pick(["k1", "k2", "transition", "nothing"])
        return ProgramCall(source: "L[\(a)].removeAnimation(forKey: \"\(key)\")") { w in w.layer(a).removeAnimation(forKey: key) }
    }

    private mutating func transaction() -> ProgramCall {
        switch values.int(0...6) {
        case 0, 1: return ProgramCall(source: "CATransaction.begin()") { w in CATransaction.begin(); w.openTransactions += 1 }
        case 2:
            return ProgramCall(source: "CATransaction.commit()") { w in
                guard w.openTransactions > 0 else { return }
                CATransaction.commit(); w.openTransactions -= 1
            }
        case 3: return ProgramCall(source: "CATransaction.flush()") { _ in CATransaction.flush() }
        case 4:
            let off = values.chance(0.5)
            return ProgramCall(source: "CATransaction.setDisableActions(\(off))") { _ in CATransaction.setDisableActions(off) }
        case 5:
            let d = values.number(0, 2)
            return ProgramCall(source: "CATransaction.setAnimationDuration(\(d.source))") { _ in CATransaction.setAnimationDuration(d.value) }
        default:
            let x = index(), y = index()
            return ProgramCall(source: "CATransaction.setCompletionBlock { L[\(y)].addSublayer(L[\(x)]) }") { w in
                CATransaction.setCompletionBlock { [unowned w] in w.layer(y).addSublayer(w.layer(x)) }
            }
        }
    }

    private mutating func moveClock() -> ProgramCall {
        if values.chance(0.15) {
            return ProgramCall(source: "CAProcessAnimationEvents()") { _ in CAProcessAnimationEvents() }
        }
        let dt = values.chance(0.8) ? values.number(-0.5, 2) : values.number(-1e6, 1e6)
        return ProgramCall(source: "clock.advance(by: \(dt.source))") { w in
            let next = w.clock.currentTime + dt.value
            if next.isFinite { w.clock.setManualTime(next) }
        }
    }

    private mutating func render() -> ProgramCall {
        switch values.int(0...3) {
        case 0, 1:
            let update = values.chance(0.3) ? values.rect() : nil
            return ProgramCall(source: "renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)" +
                               (update.map { "; renderer.addUpdate(\($0.source))" } ?? "") + "; renderer.render(); renderer.endFrame()") { w in
                w.renderer.beginFrame(atTime: w.clock.currentTime, timeStamp: nil)
                if let update { w.renderer.addUpdate(update.value) }
                w.renderer.render()
                w.observe(w.renderer.nextFrameTime())
                w.renderer.endFrame()
                w.observe(w.rendererCanvas)
            }
        default:
            let a = index()
            return ProgramCall(source: "L[\(a)].render(in: snapshotContext)") { w in
                w.snapshotCanvas.clear(CGRect(x: 0, y: 0, width: ProgramWorld.canvasSize, height: ProgramWorld.canvasSize))
                w.layer(a).render(in: w.snapshotCanvas)
                w.observe(w.snapshotCanvas)
            }
        }
    }

    private mutating func query() -> ProgramCall {
        let a = index(), b = index(), p = values.point(), r = values.rect()
        switch values.int(0...6) {
        case 0:
            return ProgramCall(source: "_ = L[\(a)].presentation()") { w in
                let pr = w.layer(a).presentation()
                w.observe(pr.map { [$0.position, $0.bounds, $0.opacity, $0.transform] as [Any] })
            }
        case 1: return ProgramCall(source: "_ = L[\(a)].hitTest(\(p.source))") { w in w.observe(w.layer(a).hitTest(p.value)?.name) }
        case 2: return ProgramCall(source: "_ = L[\(a)].convert(\(p.source), from: L[\(b)])") { w in w.observe(w.layer(a).convert(p.value, from: w.layer(b))) }
        case 3: return ProgramCall(source: "_ = L[\(a)].convert(\(r.source), to: L[\(b)])") { w in w.observe(w.layer(a).convert(r.value, to: w.layer(b))) }
        case 4:
            return ProgramCall(source: "_ = (L[\(a)].frame, L[\(a)].visibleRect, L[\(a)].preferredFrameSize())") { w in
                let l = w.layer(a); w.observe([l.frame, l.visibleRect, l.preferredFrameSize()] as [Any])
            }
        case 5:
            return ProgramCall(source: "L[\(a)].setNeedsDisplay(); L[\(a)].displayIfNeeded(); L[\(a)].layoutIfNeeded()") { w in
                let l = w.layer(a); l.setNeedsDisplay(); l.displayIfNeeded(); l.layoutIfNeeded()
            }
        default:
            return ProgramCall(source: "L[\(a)].frame = \(r.source)") { w in w.layer(a).frame = r.value }
        }
    }
}

/// An animation delegate that, when the animation stops, moves one layer under another: the route by which a
/// renderer's root could end up under its own descendant.
final class ReparentingDelegate: NSObject, CAAnimationDelegate {
    unowned let world: ProgramWorld
    let child: Int, parent: Int
    init(world: ProgramWorld, child: Int, parent: Int) { self.world = world; self.child = child; self.parent = parent }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        world.layer(parent).addSublayer(world.layer(child))
    }
}

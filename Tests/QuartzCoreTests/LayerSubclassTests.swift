import Testing
@testable import QuartzCore

/// Defaults and behaviour of the specialised layers as models (semantics §9.2–9.7; APPLE-MEASURED
/// gnustep/libs-quartzcore CAShapeLayer/shapelayer.m, CATextLayer/text.m, CAGradientLayer/gradient.m,
/// CAReplicatorLayer/replicator.m, CAEmitterLayer/emitter.m, CATiledLayer/tiled.m, CAScrollLayer/scroll.m).
@Suite struct LayerSubclassTests {
    @Test func shapeLayer() throws {
        let s = CAShapeLayer()
        #expect(s.path == nil && s.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && s.fillRule == .nonZero && s.strokeColor == nil)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1 && s.lineWidth == 1 && s.miterLimit == 10)
        #expect(s.lineCap == .butt && s.lineJoin == .miter && s.lineDashPhase == 0 && s.lineDashPattern == nil)
        try withClock { clock in
            let shape = CAShapeLayer(); CATransaction.flush()
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
            #expect(shape.animation(forKey: "path") == nil)  // no implicit animation for path
            shape.strokeEnd = 0.5
            #expect(shape.animation(forKey: "strokeEnd") != nil)
            CATransaction.flush()
            clock.advance(by: 1)
            let settled = try #require(shape.presentation())
            #expect(settled.strokeEnd == 0.5)
            // An explicit path animation morphs element-wise.
            let morph = CABasicAnimation(keyPath: "path"); morph.duration = 1
            morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            morph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 30), transform: nil)
            shape.add(morph, forKey: "morph")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let morphing = try #require(shape.presentation())
            #expect(morphing.path?.boundingBox == CGRect(x: 0, y: 0, width: 15, height: 20))
            shape.lineDashPattern = [4, 2]
            #expect(shape.value(forKey: "lineDashPattern") as? [NSNumber] == [4, 2])
        }
    }

    @Test func textGradientReplicator() {
        let t = CATextLayer()
        #expect(t.string == nil && (t.font as? String) == "Helvetica" && t.fontSize == 36 && t.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(!t.isWrapped && t.truncationMode == .none && t.alignmentMode == .natural && !t.allowsFontSubpixelQuantization)
        t.alignmentMode = CATextLayerAlignmentMode(rawValue: "diagonal")
        #expect(t.alignmentMode.rawValue == "diagonal")  // unknown strings are kept
        let g = CAGradientLayer()
        #expect(g.colors == nil && g.locations == nil && g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1) && g.type == .axial)
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && CATransform3DIsIdentity(r.instanceTransform))
        #expect(r.instanceColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1) && r.instanceRedOffset == 0 && !r.preservesDepth)
        r.setValue(5, forKey: "instanceCount")
        #expect(r.instanceCount == 5)
    }

    @Test func emitter() {
        let e = CAEmitterLayer()
        #expect(e.emitterCells == nil && e.birthRate == 1 && e.lifetime == 1 && e.emitterPosition == .zero && e.emitterZPosition == 0)
        #expect(e.emitterSize == .zero && e.emitterDepth == 0 && e.emitterShape == .point && e.emitterMode == .volume)
        #expect(e.renderMode == .unordered && !e.preservesDepth && e.velocity == 1 && e.scale == 1 && e.spin == 1 && e.seed == 0)
        let c = CAEmitterCell()
        #expect(c.isEnabled && c.birthRate == 0 && c.lifetime == 0 && c.scale == 1 && c.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1) && c.contentsScale == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
        c.name = "spark"
        e.emitterCells = [c]
        e.setValue(20, forKeyPath: "emitterCells.spark.birthRate")
        #expect(c.birthRate == 20)
    }

    @Test func tiledScrollTransform() {
        let t = CATiledLayer()
        #expect(CATiledLayer.fadeDuration() == 0.25 && t.levelsOfDetail == 1 && t.levelsOfDetailBias == 0 && t.tileSize == CGSize(width: 256, height: 256))
        let s = CAScrollLayer()
        s.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(s.scrollMode == .both)
        s.scroll(to: CGRect(x: 10, y: 10, width: 20, height: 20))  // visible: no movement
        #expect(s.bounds.origin == .zero)
        s.scroll(to: CGRect(x: 150, y: 0, width: 20, height: 20))  // minimal: right edge to 170
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0))
        s.scroll(to: CGRect(x: 300, y: 300, width: 500, height: 20))  // larger than the view: its origin (x)
        #expect(s.bounds.origin.x == 300)
        s.scrollMode = .vertically
        s.scroll(to: CGPoint(x: 1, y: 2))
        #expect(s.bounds.origin == CGPoint(x: 300, y: 2))
        let transformLayer = CATransformLayer()
        transformLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(transformLayer.hitTest(CGPoint(x: 0, y: 0)) == nil)  // passes through to sublayers only
    }

    @Test func presentationKeepsTheSubclassAndItsProperties() throws {
        try withClock { _ in
            let shape = CAShapeLayer(); shape.fillColor = nil; shape.strokeColor = nil
            CATransaction.flush()
            let copy = try #require(shape.presentation())
            #expect(copy.fillColor == nil && copy.strokeColor == nil)  // nil survives the copy
            #expect(shape.value(forKey: "fillColor") == nil)
            let g = CAGradientLayer(); g.colors = [CGColor.black, CGColor.white]; g.startPoint = .zero
            CATransaction.flush()
            let p = try #require(g.presentation())
            #expect(p.startPoint == .zero && p.colors?.count == 2)
            #expect(p.model() === g)
        }
    }
}

/// A subclass as iOS libraries write them (a pulse layer on a replicator, a layer that tracks its tree): every
/// method Apple's subclasses may override compiles as an override and is called.
final class PulseLayer: CAReplicatorLayer, @unchecked Sendable {
    var calls: [String] = []
    override init() { super.init() }
    required init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func removeFromSuperlayer() { calls.append("removeFromSuperlayer"); super.removeFromSuperlayer() }
    override func addSublayer(_ layer: CALayer) { calls.append("addSublayer"); super.addSublayer(layer) }
    override func insertSublayer(_ layer: CALayer, at idx: UInt32) { calls.append("insertAt"); super.insertSublayer(layer, at: idx) }
    override func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { calls.append("insertBelow"); super.insertSublayer(layer, below: sibling) }
    override func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { calls.append("insertAbove"); super.insertSublayer(layer, above: sibling) }
    override func replaceSublayer(_ old: CALayer, with new: CALayer) { calls.append("replace"); super.replaceSublayer(old, with: new) }
    override func layoutSublayers() { calls.append("layoutSublayers"); super.layoutSublayers() }
    override func preferredFrameSize() -> CGSize { CGSize(width: 7, height: 7) }
    override func action(forKey event: String) -> CAAction? { calls.append("action:\(event)"); return super.action(forKey: event) }
    override func add(_ anim: CAAnimation, forKey key: String?) { calls.append("add"); super.add(anim, forKey: key) }
    override func removeAllAnimations() { calls.append("removeAllAnimations"); super.removeAllAnimations() }
    override func setNeedsDisplay() { calls.append("setNeedsDisplay"); super.setNeedsDisplay() }
    override func setNeedsLayout() { calls.append("setNeedsLayout"); super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func hitTest(_ p: CGPoint) -> CALayer? { super.hitTest(p) }
    override func contains(_ p: CGPoint) -> Bool { super.contains(p) }
    override func render(in ctx: CGContext) { super.render(in: ctx) }
    override func display() { super.display() }
    override func draw(in ctx: CGContext) { super.draw(in: ctx) }
    override func value(forKeyPath keyPath: String) -> Any? { super.value(forKeyPath: keyPath) }
    override func setValue(_ value: Any?, forKeyPath keyPath: String) { super.setValue(value, forKeyPath: keyPath) }
    override func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { super.convert(p, to: l) }
    override func presentation() -> Self? { super.presentation() }
}

@Suite struct OverridableMethodTests {
    @Test func overridesAreCalled() {
        withClock(at: 0) { _ in
            let pulse = PulseLayer(), parent = CALayer()
            parent.addSublayer(pulse)
            let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
            pulse.addSublayer(a); pulse.insertSublayer(b, at: 0); pulse.insertSublayer(c, below: a)
            pulse.insertSublayer(d, above: a); pulse.replaceSublayer(d, with: CALayer())
            pulse.layoutIfNeeded()
            pulse.add(CABasicAnimation(keyPath: "opacity"), forKey: "pulse")
            pulse.removeAllAnimations()
            pulse.removeFromSuperlayer()
            for call in ["addSublayer", "insertAt", "insertBelow", "insertAbove", "replace", "layoutSublayers", "add",
                         "removeAllAnimations", "removeFromSuperlayer", "setNeedsLayout"] {
                #expect(pulse.calls.contains(call), "\(call) was not called")
            }
            #expect(pulse.preferredFrameSize() == CGSize(width: 7, height: 7))
        }
    }
}

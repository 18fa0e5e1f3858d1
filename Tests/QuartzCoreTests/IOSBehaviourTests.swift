import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Behaviours real iOS code relies on, written as an iOS developer would write them.
@Suite struct IOSBehaviourTests {
    /// NVActivityIndicatorView's ball-rotate-chase gives five balls groups that differ only in their timing
    /// function; on iOS they follow the circle apart. The children run in the group's eased time.
    @Test func groupTimingFunctionEasesItsChildren() {
        withClock(at: 0) { clock in
            let layer = CALayer()
            layer.position = .zero
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0; move.toValue = 100; move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            let group = CAAnimationGroup()
            group.animations = [move]
            group.duration = 1
            group.timingFunction = CAMediaTimingFunction(name: .easeOut)
            layer.add(group, forKey: "chase")
            CATransaction.flush()
            clock.setManualTime(0.5)
            // Apple's easeOut at 0.5 is 0.684643 (measured values, semantics §2.2).
            let x = layer.presentation()!.position.x
            #expect(abs(x - 68.4643) < 0.01, "x = \(x)")
        }
    }

    /// An additive animation of a value that cannot be added (a path) animates as if not additive, instead of
    /// freezing on the model value.
    @Test func additivePathAnimationAnimatesAsNotAdditive() {
        withClock(at: 0) { clock in
            let shape = CAShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            CATransaction.flush()
            let target = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
            let a = CAKeyframeAnimation(keyPath: "path")
            a.values = [target, target]
            a.isAdditive = true
            a.duration = 1
            shape.add(a, forKey: "morph")
            CATransaction.flush()
            clock.setManualTime(0.5)
            #expect(shape.presentation()!.path == target)
        }
    }

    /// A transition is stored under "transition" whatever key it is added with: a layer has at most one.
    @Test func transitionsAreKeyedTransition() {
        withClock(at: 0) { _ in
            let layer = CALayer()
            let fade = CATransition(); fade.type = .fade
            layer.add(fade, forKey: "myFade")
            let push = CATransition(); push.type = .push
            layer.add(push, forKey: nil)
            #expect(layer.animationKeys() == ["transition"])
            #expect((layer.animation(forKey: "transition") as? CATransition)?.type == .push)
        }
    }
}

extension IOSBehaviourTests {
    /// Layers of different trees, or without a superlayer, convert as if both roots shared one space.
    @Test func convertingBetweenTreesUsesOneSharedRootSpace() {
        let rootA = CALayer(); rootA.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        let childA = CALayer(); childA.frame = CGRect(x: 5, y: 5, width: 10, height: 10); rootA.addSublayer(childA)
        let rootB = CALayer(); rootB.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let childB = CALayer(); childB.frame = CGRect(x: 30, y: 40, width: 10, height: 10); rootB.addSublayer(childB)
        // childA's origin is (15, 25) in the shared root space; childB's is (30, 40).
        #expect(childB.convert(CGPoint.zero, from: childA) == CGPoint(x: -15, y: -15))
        #expect(childA.convert(CGPoint.zero, to: childB) == CGPoint(x: -15, y: -15))
        let lone = CALayer(); lone.frame = CGRect(x: 7, y: 8, width: 1, height: 1)
        #expect(lone.convert(CGPoint.zero, to: childB) == CGPoint(x: -23, y: -32))
        #expect(lone.convert(CGRect(x: 0, y: 0, width: 2, height: 2), to: nil) == CGRect(x: 7, y: 8, width: 2, height: 2))
    }

    /// Apple's `CATransform3DGetAffineTransform` answers identity for a transform that is not affine.
    @Test func affinePartOfAThreeDimensionalTransformIsIdentity() {
        var t = CATransform3DMakeRotation(0.5, 0, 1, 0); t.m34 = -1 / 500
        #expect(CATransform3DGetAffineTransform(t) == .identity)
        let affine = CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
        #expect(CATransform3DGetAffineTransform(affine) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
    }

    /// Darwin names iOS code uses without importing Darwin.
    @Test func darwinNamesAreThere() {
        let delay = DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        _ = delay
        #expect(NSEC_PER_MSEC * 1000 == NSEC_PER_SEC && MAXFLOAT == HUGE && CGFloat(M_PI) == .pi)
    }
}

extension IOSBehaviourTests {
    /// Key-value coding answers string-valued properties as strings and option sets as numbers, as Apple's
    /// does; `defaultValue(forKey:)` answers nil for keys whose default is zero and the default otherwise.
    @Test func keyValueCodingAnswersAsApplesDoes() {
        let layer = CALayer()
        #expect(layer.value(forKey: "contentsGravity") as? String == "resize")
        #expect(layer.value(forKey: "fillMode") as? String == "removed")
        #expect(layer.value(forKey: "cornerCurve") as? String == "circular")
        #expect((layer.value(forKey: "maskedCorners") as? NSNumber)?.intValue == 15)
        layer.setValue(layer.value(forKey: "contentsGravity"), forKey: "contentsGravity")
        #expect(layer.contentsGravity == .resize)
        #expect(CALayer.defaultValue(forKey: "bounds") == nil && CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect((CALayer.defaultValue(forKey: "edgeAntialiasingMask") as? NSNumber)?.intValue == 15)
        #expect(CALayer.defaultValue(forKey: "drawsAsynchronously") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? String == "resize")
    }

    /// Swift 3 code names timing functions by the old constants; they name the same curves.
    @available(*, deprecated)
    @Test func oldTimingFunctionConstantsNameTheSameCurves() {
        let old = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn), new = CAMediaTimingFunction(name: .easeIn)
        var a = [Float](repeating: 0, count: 2), b = a
        for i in 0..<4 { old.getControlPoint(at: i, values: &a); new.getControlPoint(at: i, values: &b); #expect(a == b) }
        #expect(kCAMediaTimingFunctionEaseInEaseOut.rawValue == "easeInEaseOut")
    }

    /// A layer subclass written the common iOS way, force-casting the layer `init(layer:)` copies from.
    final class ForceCastingLayer: CALayer, @unchecked Sendable {
        var tint = 0
        override init() { super.init() }
        required init(layer: Any) {
            super.init(layer: layer)
            tint = (layer as! ForceCastingLayer).tint
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    /// `defaultValue(forKey:)` on such a class answers its framework ancestor's defaults without making an
    /// instance of it (which would trap in its `init(layer:)`).
    @Test func defaultValuesOfAnApplicationSubclassNeedNoInstanceOfIt() {
        #expect(ForceCastingLayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(ForceCastingLayer.defaultValue(forKey: "contentsGravity") as? String == "resize")
        #expect(ForceCastingLayer.defaultValue(forKey: "opacity") as? Float == 1)
    }

    /// `maskedCorners` keeps only the four corner bits; an unknown `contentsFormat` reads back as RGBA8Uint.
    @Test func maskedCornersAndContentsFormatNormalise() {
        let layer = CALayer()
        layer.maskedCorners = CACornerMask(rawValue: 0xFF)
        #expect(layer.maskedCorners.rawValue == 15)
        layer.contentsFormat = CALayerContentsFormat(rawValue: "bogus")
        #expect(layer.contentsFormat == .RGBA8Uint)
    }
}

extension IOSBehaviourTests {
    /// Apple's defaults are RGB colours with four components.
    @Test func defaultColoursAreRGB() {
        for color in [CAShapeLayer().fillColor, CATextLayer().foregroundColor, CAReplicatorLayer().instanceColor, CAEmitterCell().color] {
            #expect(color?.numberOfComponents == 4 && color?.colorSpace?.model == .rgb)
        }
        #expect(CAShapeLayer().fillColor?.components == [0, 0, 0, 1])
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        // A key never set is not archived; one set is.
        let cell = CAEmitterCell()
        #expect(!cell.shouldArchiveValue(forKey: "scale"))
        cell.scale = 2
        #expect(cell.shouldArchiveValue(forKey: "scale"))
    }
}

extension IOSBehaviourTests {
    /// Values boxed in `NSValue`, as iOS code writes them, animate like the bare values.
    @Test func boxedValuesAnimate() {
        withClock(at: 0) { clock in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            let spin = CABasicAnimation(keyPath: "transform")
            spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
            spin.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
            spin.duration = 1
            let move = CAKeyframeAnimation(keyPath: "position")
            move.values = [NSValue(point: .zero), NSValue(point: CGPoint(x: 100, y: 40))]
            move.duration = 1
            let grow = CABasicAnimation(keyPath: "bounds")
            grow.toValue = NSValue(rect: CGRect(x: 0, y: 0, width: 30, height: 50))
            grow.duration = 1
            let shadow = CABasicAnimation(keyPath: "shadowOffset")
            shadow.fromValue = NSValue(size: .zero); shadow.toValue = NSValue(size: CGSize(width: 8, height: 6)); shadow.duration = 1
            for (a, key) in [(spin, "spin"), (move, "move"), (grow, "grow"), (shadow, "shadow")] as [(CAAnimation, String)] {
                layer.add(a, forKey: key)
            }
            CATransaction.flush()
            clock.setManualTime(0.5)
            let p = layer.presentation()!
            #expect(abs(p.transform.m11 - 2) < 1e-9)
            #expect(p.position == CGPoint(x: 50, y: 20))
            #expect(p.bounds.size == CGSize(width: 20, height: 30))
            #expect(p.shadowOffset == CGSize(width: 4, height: 3))
            // Round trip and key-value writes.
            let t = CATransform3DMakeRotation(0.3, 0, 0, 1)
            #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
            layer.setValue(NSValue(point: CGPoint(x: 7, y: 9)), forKey: "position")
            #expect(layer.position == CGPoint(x: 7, y: 9))
        }
    }
}

extension IOSBehaviourTests {
    /// "transform.scale.xy" (used by pulse-animation libraries) scales x and y together, leaving z.
    @Test func scaleXYKeyPathScalesBothAxes() {
        withClock(at: 0) { clock in
            let layer = CALayer()
            CATransaction.flush()
            let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
            pulse.fromValue = 0; pulse.toValue = 1; pulse.duration = 2
            layer.add(pulse, forKey: "pulse")
            CATransaction.flush()
            clock.setManualTime(0.5)
            let t = layer.presentation()!.transform
            #expect(abs(t.m11 - 0.25) < 1e-9 && abs(t.m22 - 0.25) < 1e-9 && abs(t.m33 - 1) < 1e-9)
            layer.setValue(3, forKeyPath: "transform.scale.xy")
            #expect(abs(layer.transform.m11 - 3) < 1e-9 && abs(layer.transform.m22 - 3) < 1e-9)
            #expect((layer.value(forKeyPath: "transform.scale.xy") as? Double).map { abs($0 - 3) < 1e-9 } == true)
        }
    }
}

extension IOSBehaviourTests {
    /// Animations answer key-value coding by their Objective-C property names, strings as `String`; other keys
    /// tag the animation. Defaults: a keyframe animation's calculationMode, an emitter cell's scale and enabled.
    @Test func animationsAndCellsAnswerKeyValueCoding() {
        let a = CAKeyframeAnimation(keyPath: "position")
        #expect(a.value(forKey: "calculationMode") as? String == "linear")
        a.setValue("paced", forKey: "calculationMode")
        a.setValue(2.5, forKey: "duration")
        a.setValue(false, forKey: "removedOnCompletion")
        a.setValue("tag", forKey: "myTag")
        #expect(a.calculationMode == .paced && a.duration == 2.5 && !a.isRemovedOnCompletion)
        #expect(a.value(forKey: "keyPath") as? String == "position" && a.value(forKey: "myTag") as? String == "tag")
        #expect(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? String == "linear")
        #expect(CABasicAnimation.defaultValue(forKey: "calculationMode") == nil && CAAnimation.defaultValue(forKey: "duration") == nil)
        let b = CABasicAnimation(keyPath: "opacity"); b.setValue(0.3, forKey: "toValue")
        #expect(b.toValue as? Double == 0.3)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat == 1 && CAEmitterCell.defaultValue(forKey: "enabled") as? Bool == true)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
    }
}

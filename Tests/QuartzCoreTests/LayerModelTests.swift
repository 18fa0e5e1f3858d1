import Testing
@testable import QuartzCore

/// Defaults of semantics §9.1 (DOC: CALayer.h; APPLE-MEASURED: gnustep/libs-quartzcore Tests/quartzcore/CALayer
/// geometry.m, state.m, properties.m, modern.m, run against macOS).
@Suite struct LayerDefaultsTests {
    @Test func defaults() {
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0 && l.anchorPointZ == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CATransform3DIsIdentity(l.transform) && CATransform3DIsIdentity(l.sublayerTransform))
        #expect(!l.isHidden && !l.isGeometryFlipped && !l.masksToBounds && !l.isOpaque && l.isDoubleSided)
        #expect(l.sublayers == nil && l.mask == nil && l.contents == nil && l.backgroundColor == nil)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsGravity == .resize && l.contentsScale == 1 && l.rasterizationScale == 1 && l.opacity == 1)
        #expect(l.contentsFormat == .RGBA8Uint && l.minificationFilter == .linear && l.magnificationFilter == .linear)
        #expect(l.minificationFilterBias == 0 && !l.needsDisplayOnBoundsChange && !l.shouldRasterize)
        #expect(l.edgeAntialiasingMask.rawValue == 15 && !l.allowsEdgeAntialiasing && l.allowsGroupOpacity)
        #expect(l.cornerRadius == 0 && l.borderWidth == 0 && l.maskedCorners.rawValue == 15 && l.cornerCurve == .circular)
        #expect(l.borderColor == CGColor.black && l.shadowColor == CGColor.black)
        #expect(l.shadowOpacity == 0 && l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
        #expect(l.name == nil && l.delegate == nil && l.actions == nil && l.style == nil)
        #expect(l.beginTime == 0 && l.duration == .infinity && l.speed == 1 && l.timeOffset == 0 && l.fillMode == .removed)
        #expect(CALayer.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect((CALayer.defaultValue(forKey: "shadowOffset") as? CGSize) == CGSize(width: 0, height: -3))
    }

    @Test func normalisations() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: -100, height: -50)
        #expect(l.bounds == CGRect(x: -100, y: -50, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 2, y: -1)
        #expect(l.anchorPoint == CGPoint(x: 2, y: -1))  // not clamped
        l.cornerCurve = CALayerCornerCurve(rawValue: "squircle")
        #expect(l.cornerCurve == .circular)
        l.sublayers = []
        #expect(l.sublayers == nil)
    }
}

/// Frame vectors of semantics §9.8 (APPLE-MEASURED, GS CALayer/geometry.m).
@Suite struct FrameTests {
    func layer(_ anchor: CGPoint = CGPoint(x: 0.5, y: 0.5), transform: CATransform3D = CATransform3DIdentity) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 300)
        l.anchorPoint = anchor
        l.transform = transform
        return l
    }

    @Test func identityFrames() {
        #expect(layer().frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        #expect(layer(.zero).frame == CGRect(x: 200, y: 300, width: 100, height: 50))
        #expect(layer(CGPoint(x: 1, y: 1)).frame == CGRect(x: 100, y: 250, width: 100, height: 50))
        let odd = layer(CGPoint(x: 2, y: -1)); odd.position = .zero
        #expect(odd.frame == CGRect(x: -200, y: 50, width: 100, height: 50))
        let moved = layer(); moved.bounds.origin = CGPoint(x: 7, y: 9); moved.zPosition = 4; moved.anchorPointZ = 3
        #expect(moved.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        let empty = CALayer(); empty.position = CGPoint(x: 5, y: 6)
        #expect(empty.frame == CGRect(x: 5, y: 6, width: 0, height: 0))
    }

    @Test func transformedFrames() {
        #expect(close(layer(transform: CATransform3DMakeScale(2, 4, 1)).frame, CGRect(x: 100, y: 200, width: 200, height: 200)))
        #expect(close(layer(transform: CATransform3DMakeTranslation(10, 20, 0)).frame, CGRect(x: 160, y: 295, width: 100, height: 50)))
        let square = CALayer(); square.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let r = 50 * 2.0.squareRoot()
        #expect(close(square.frame, CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), 1e-9))
    }

    @Test func settingFrame() {
        let l = CALayer()
        l.bounds.origin = CGPoint(x: 3, y: 4)
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(l.bounds == CGRect(x: 3, y: 4, width: 100, height: 50) && l.position == CGPoint(x: 60, y: 45))
        let scaled = CALayer(); scaled.transform = CATransform3DMakeScale(2, 4, 1)
        scaled.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(scaled.bounds == CGRect(x: 0, y: 0, width: 50, height: 12.5) && scaled.position == CGPoint(x: 60, y: 45))
        let translated = CALayer(); translated.transform = CATransform3DMakeTranslation(10, 20, 0)
        translated.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(translated.position == CGPoint(x: 50, y: 25))
        let p = layer(); p.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(p.position == CGPoint(x: 200, y: 300) && p.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    }
}

@Suite struct TreeTests {
    @Test func insertionOrderAndRemoval() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a); root.addSublayer(c)
        root.insertSublayer(b, above: a)
        root.insertSublayer(d, below: a)
        #expect(root.sublayers!.map { ObjectIdentifier($0) } == [d, a, b, c].map { ObjectIdentifier($0) })
        #expect(a.superlayer === root)
        root.replaceSublayer(b, with: CALayer())
        #expect(b.superlayer == nil && root.sublayers!.count == 4)
        let other = CALayer()
        other.addSublayer(a)  // moves
        #expect(root.sublayers!.count == 3 && a.superlayer === other)
        for l in root.sublayers! { l.removeFromSuperlayer() }
        #expect(root.sublayers == nil)
        root.insertSublayer(c, at: 99)
        #expect(root.sublayers!.count == 1)
    }

    @Test func maskStaysOutOfTheTreeButNamesItsHost() {
        let l = CALayer(), m = CALayer()
        l.mask = m
        // Apple: a mask's superlayer is the layer it masks, though it is not among its sublayers.
        #expect(l.sublayers == nil && m.superlayer === l && l.mask === m)
        m.removeFromSuperlayer()
        #expect(l.mask == nil && m.superlayer == nil)
    }

    @Test func cyclesAreRefusedWithADiagnostic() {
        let reports = DiagnosticLog()
        CALayerTreeDiagnostics.$handler.withValue({ reports.append("\($0)") }) {
            let a = CALayer(), b = CALayer(), c = CALayer()
            a.addSublayer(b); b.addSublayer(c)
            c.addSublayer(a)
            a.addSublayer(a)
            c.mask = a
            #expect(a.superlayer == nil && c.sublayers == nil && c.mask == nil)
        }
        #expect(reports.entries.count == 3 && reports.entries[0].contains("cycle"))
    }
}

@Suite struct KeyValueTests {
    @Test func propertiesByKeyAndVirtualKeyPaths() {
        let l = CALayer()
        l.setValue(0.5, forKey: "opacity")
        #expect(l.opacity == 0.5)
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        l.setValue(10, forKeyPath: "position.x")
        #expect(l.position == CGPoint(x: 10, y: 4))
        l.setValue(80, forKeyPath: "bounds.size.width")
        #expect(l.bounds.width == 80 && (l.value(forKeyPath: "bounds.size.width") as? Double) == 80)
        l.setValue(Double.pi / 3, forKeyPath: "transform.rotation.z")
        #expect(close(CGFloat(l.value(forKeyPath: "transform.rotation.z") as! Double), .pi / 3, 1e-12))
        #expect(close(l.transform.m12, sin(.pi / 3), 1e-12))
        l.setValue(2, forKeyPath: "transform.scale")
        #expect(close(CGFloat(l.value(forKeyPath: "transform.scale.x") as! Double), 2, 1e-12))
        #expect(close(CGFloat(l.value(forKeyPath: "transform.rotation") as! Double), .pi / 3, 1e-12))
        l.setValue(CGSize(width: 0, height: 5), forKeyPath: "shadowOffset")
        #expect(l.shadowOffset.height == 5)
    }

    @Test func anyKeyIsAcceptedAndWrongTypesAreIgnored() {
        let l = CALayer()
        l.setValue("tag", forKey: "myCustomKey")
        #expect(l.value(forKey: "myCustomKey") as? String == "tag")
        l.setValue("not a number", forKey: "opacity")
        #expect(l.opacity == 1)
        #expect(l.value(forKeyPath: "transform.nonsense") == nil)
        let child = CALayer(); child.name = "dot"
        l.addSublayer(child)
        l.setValue(0.25, forKeyPath: "sublayers.dot.opacity")
        #expect(child.opacity == 0.25 && (l.value(forKeyPath: "sublayers.dot.opacity") as? Float) == 0.25)
    }
}

@Suite struct LayerTimeTests {
    @Test func convertTimeVectors() {
        // Semantics §1.2 (APPLE-MEASURED, GS CAMediaTiming/timing.m): root → mid (2, 3, 0.25) → leaf (1, 2, 0.5).
        let root = CALayer(), mid = CALayer(), leaf = CALayer()
        root.addSublayer(mid); mid.addSublayer(leaf)
        mid.beginTime = 2; mid.speed = 3; mid.timeOffset = 0.25
        leaf.beginTime = 1; leaf.speed = 2; leaf.timeOffset = 0.5
        #expect(leaf.convertTime(10, from: mid) == 18.5)
        #expect(leaf.convertTime(10, from: root) == 47)
        #expect(leaf.convertTime(10, to: mid) == 5.75)
        #expect(abs(leaf.convertTime(10, to: root) - 23.0 / 6.0) < 1e-5)
        #expect(leaf.convertTime(10, from: nil) == leaf.convertTime(10, from: root))
    }

    @Test func pointConversionAndHitTesting() {
        let root = CALayer(); root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200); root.position = CGPoint(x: 100, y: 100)
        let child = CALayer(); child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50); child.position = CGPoint(x: 50, y: 50)
        root.addSublayer(child)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 25, y: 25))
        #expect(root.convert(CGPoint(x: 30, y: 30), to: child) == CGPoint(x: 5, y: 5))
        child.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 0, y: 0))
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === child)    // root's superlayer space = its position frame
        #expect(root.hitTest(CGPoint(x: 190, y: 190)) === root)
        #expect(root.hitTest(CGPoint(x: 500, y: 500)) == nil)
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === root)
    }
}

/// Diagnostics collected by a test (a task-local handler is `@Sendable`, so it appends under a lock).
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ entry: String) { lock.lock(); stored.append(entry); lock.unlock() }
    var entries: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}

import Testing
import CalyxTestSupport
@testable import QuartzCore

/// Each property's role decides what the compositor keeps when it animates: a placement or compositing key
/// moves or recomposites the layer's raster without drawing it again; a raster key draws it again each frame.
@Suite struct PropertyRoleTests {
    /// The keys that only place or fade a layer, as Core Animation's render server treats them.
    @Test func placementKeysAreTheSix() {
        #expect(Set(CALayer.layerProperties.names(withRole: .placement))
                == ["position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "opacity"])
        #expect(AnimatedRoles(keys: ["position", "transform", "opacity"], of: CALayer()).onlyPlaces)
        #expect(!AnimatedRoles(keys: ["position", "bounds"], of: CALayer()).onlyPlaces)
        #expect(AnimatedRoles(keys: ["filters.blur.inputRadius", "myCustomKey"], of: CALayer()) == .undeclared)
    }

    /// Every key a drawing of the layer reads is a raster key (a key missing here would leave a stale raster
    /// when it animates).
    @Test func contentKeysAreRasterKeys() {
        func contentKeys(of layer: CALayer) -> Set<String> { Set(ContentSignature.rasterProperties(of: layer).map(\.name)) }
        let keys = contentKeys(of: CALayer())
        for key in ["bounds", "backgroundColor", "cornerRadius", "contents", "contentsRect", "contentsCenter",
                    "contentsGravity", "contentsScale", "borderWidth", "borderColor", "magnificationFilter",
                    "minificationFilter", "masksToBounds", "maskedCorners", "cornerCurve"] {
            #expect(keys.contains(key), "\(key)")
        }
        #expect(contentKeys(of: CAShapeLayer()).isSuperset(of: ["path", "strokeEnd", "fillColor", "lineWidth"]))
        #expect(!keys.contains("opacity") && !keys.contains("shadowOpacity") && !keys.contains("beginTime"))
    }

    /// Animated for 30 frames, each key's layer is rastered as its role says: once for placement and
    /// compositing keys (a replicator's instance colour tints its instances, not its own background), every
    /// frame for raster keys.
    @Test(arguments: [("position", false), ("sublayerTransform", false), ("instanceColor", false),
                      ("backgroundColor", true), ("cornerRadius", true)])
    func animatedKeysRedrawAsTheirRoleSays(key: String, redraws: Bool) {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let layer = CAReplicatorLayer(); layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(layer)
            let animation = CABasicAnimation(keyPath: key)
            switch key {
            case "position": animation.toValue = CGPoint(x: 60, y: 60)
            case "sublayerTransform": animation.toValue = CATransform3DMakeScale(2, 2, 1)
            case "instanceColor", "backgroundColor": animation.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            default: animation.toValue = 15
            }
            animation.duration = 1
            layer.add(animation, forKey: "a")
            CATransaction.flush()
            let canvas = TestCanvas(width: 100, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            for frame in 0..<30 {
                renderer.beginFrame(atTime: Double(frame) / 30, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
            }
            if redraws { #expect(renderer.rasterizations >= 30, "\(key): \(renderer.rasterizations)") }
            else { #expect(renderer.rasterizations == 1, "\(key): \(renderer.rasterizations)") }
        }
    }
}

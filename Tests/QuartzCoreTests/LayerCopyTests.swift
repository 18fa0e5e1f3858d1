import Testing
import Foundation
@testable import QuartzCore

/// `init(layer:)` copies CALayer's own keys by direct assignment (fast), so a key added to the property table
/// but not to the copier would silently vanish from presentation and render-tree copies. This sets every key
/// of the table to a value other than its default and checks the copy carries it.
@Suite struct LayerCopyTests {
    /// A non-default value for every key of CALayer's table, by kind (discrete keys by name).
    private func sample(for p: LayerProperty) -> Any? {
        switch p.kind {
        case .number: return 0.37
        case .point: return CGPoint(x: 3, y: 4)
        case .size: return CGSize(width: 5, height: 6)
        case .rect: return CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        case .transform: return CATransform3DMakeScale(2, 3, 4)
        case .color: return CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        case .path: return CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        default:
            let discrete: [String: Any] = [
                "compositingFilter": "multiplyBlendMode", "filters": ["f"], "backgroundFilters": ["b"], "contents": "c",
                "contentsGravity": "center", "contentsFormat": "RGBAh", "minificationFilter": "nearest",
                "magnificationFilter": "trilinear", "cornerCurve": "continuous", "name": "n", "fillMode": "both",
                CALayer.pictureRecolorKey: PictureRecolor(.fill(PictureRecolor.RGB(0, 0, 1)), amount: 0.5),
            ]
            if let value = discrete[p.name] { return value }
            return !(p.read(CALayer()) as? Bool ?? false)
        }
    }

    @Test func everyLayerKeySurvivesTheCopy() {
        let source = CALayer()
        let fresh = CALayer()
        for p in CALayer.layerProperties.ordered {
            #expect(p.write(source, sample(for: p)), "sample for \(p.name) was refused")
            #expect(String(describing: p.read(source)) != String(describing: p.read(fresh)), "sample for \(p.name) is the default")
        }
        for copy in [CALayer(layer: source), source.engineCopy()] {
            for p in CALayer.layerProperties.ordered {
                #expect(String(describing: p.read(copy)) == String(describing: p.read(source)), "\(p.name) was not copied")
            }
        }
    }

    /// iOS code also calls `init(layer:)` itself (`CAShapeLayer(layer: view.layer)`, as LiquidLoader does): the
    /// result is a new model layer with the source's values, outside any tree, that animates like any other —
    /// not a presentation copy, which would ignore its animations and actions.
    @Test func aCopyTheApplicationMakesIsAModelLayer() {
        withClock(at: 0) { clock in
            let root = CALayer(), source = CALayer(), child = CALayer()
            source.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            source.addSublayer(child)
            root.addSublayer(source)
            let shape = CAShapeLayer(layer: source)
            #expect(shape.frame == source.frame && shape.sublayers == nil && shape.superlayer == nil)
            #expect(child.superlayer === source && source.sublayers?.count == 1)
            root.addSublayer(shape)
            let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
            shape.add(fade, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(shape.animationKeys() == ["fade"])
            #expect(abs((shape.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            shape.position = CGPoint(x: 30, y: 30)   // an implicit animation, as for any committed layer
            #expect(shape.animation(forKey: "position") != nil)
            #expect(shape.presentation() !== shape)
        }
    }

    /// Every key each specialised layer class adds survives the copy (each class's values, copied whole).
    @Test(arguments: [CAShapeLayer.self, CAGradientLayer.self, CATextLayer.self, CAReplicatorLayer.self,
                      CAEmitterLayer.self] as [CALayer.Type])
    func everySubclassKeySurvivesTheCopy(_ cls: CALayer.Type) {
        let source = cls.init(layer: CALayer()), fresh = cls.init(layer: CALayer())
        let added = cls.propertyTable.ordered.filter { CALayer.layerProperties[$0.name] == nil }
        #expect(!added.isEmpty)
        for p in added {
            #expect(p.write(source, subclassSample(for: p)), "sample for \(p.name) was refused")
            #expect(String(describing: p.read(source)) != String(describing: p.read(fresh)), "sample for \(p.name) is the default")
        }
        let copy = cls.init(layer: source)
        for p in added {
            #expect(comparable(p.read(copy)) == comparable(p.read(source)), "\(p.name) was not copied")
        }
    }

    /// A value as text, emitter cells by name and birth rate (a copy's cells are copies, not the same objects).
    private func comparable(_ value: Any?) -> String {
        if let cells = value as? [CAEmitterCell] { return cells.map { "\($0.name ?? "") \($0.birthRate)" }.joined(separator: ", ") }
        return String(describing: value)
    }

    private func subclassSample(for p: LayerProperty) -> Any? {
        let discrete: [String: Any] = [
            "fillRule": "even-odd", "lineCap": "round", "lineJoin": "round", "lineDashPattern": [1, 2],
            "colors": [CGColor(red: 1, green: 0, blue: 0, alpha: 1)], "locations": [0.25], "type": "radial",
            "string": "s", "font": "Serif", "alignmentMode": "center", "truncationMode": "end",
            "emitterCells": [CAEmitterCell()], "emitterShape": "line", "emitterMode": "outline", "renderMode": "additive", "seed": 7,
        ]
        if let value = discrete[p.name] { return value }
        switch p.kind {
        case .number: return 0.625
        case .point: return CGPoint(x: 0.25, y: 0.75)
        case .size: return CGSize(width: 5, height: 6)
        case .transform: return CATransform3DMakeScale(2, 3, 4)
        case .color: return CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        case .path: return CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        default: return !(p.read(p.name == "preservesDepth" ? CAReplicatorLayer() : CATextLayer()) as? Bool ?? false)
        }
    }

    /// The table entry and the accessor are the two places a property is declared: each accessor must report
    /// its change under the entry's own name (a typo there would give the wrong key's action, or none).
    final class LookupLog: NSObject, CALayerDelegate, @unchecked Sendable {
        var keys: [String] = []
        func action(for layer: CALayer, forKey event: String) -> CAAction? { keys.append(event); return NSNull() }
    }

    @Test(arguments: [CALayer.self, CAShapeLayer.self, CAGradientLayer.self, CATextLayer.self, CAReplicatorLayer.self,
                      CAEmitterLayer.self] as [CALayer.Type])
    func everyAccessorReportsItsChangeUnderItsTableName(_ cls: CALayer.Type) {
        let layer = cls.init(layer: CALayer())
        let log = LookupLog()
        layer.delegate = log
        let ownKeys = cls == CALayer.self ? CALayer.layerProperties.ordered
            : cls.propertyTable.ordered.filter { CALayer.layerProperties[$0.name] == nil }
        for p in ownKeys {
            log.keys = []
            _ = p.write(layer, cls == CALayer.self ? sample(for: p) : subclassSample(for: p))
            // (Keys that draw nothing — `name`, drawing hints — are plain stored values here: no action.)
            let expected = p.role == .behaviour && log.keys.isEmpty ? [] : [p.name]
            #expect(log.keys == expected, "writing \(p.name) reported \(log.keys)")
        }
        layer.delegate = nil
    }

    @Test func subclassKeysSurviveTheCopy() {
        let shape = CAShapeLayer()
        shape.lineWidth = 7; shape.strokeEnd = 0.4; shape.position = CGPoint(x: 9, y: 8)
        let copy = CAShapeLayer(layer: shape)
        #expect(copy.lineWidth == 7 && copy.strokeEnd == 0.4 && copy.position == CGPoint(x: 9, y: 8))
    }
}

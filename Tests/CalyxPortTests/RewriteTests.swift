import CalyxPort
import Testing

/// Each rewrite on the small shapes iOS code writes it in, and the cases it must leave alone or report.
@Suite struct RewriteTests {
    func port(_ text: String) -> PortedFile { SourcePorter.port(text, path: "F.swift") }

    @Test func objectiveCAttributesGoAndCommentsStay() {
        let source = """
            @objc(CLXSpinner) class Spinner: NSObject {
                @objc dynamic var progress: CGFloat = 0 // animated
                @nonobjc func reset() {}
                @objc
                func start() {}
            }

            """
        #expect(port(source).ported == """
            class Spinner: NSObject {
                var progress: CGFloat = 0 // animated
                func reset() {}
                func start() {}
            }

            """)
    }

    @Test func objcProtocolsStayClassBound() {
        #expect(port("@objc protocol A {}\n").ported == "protocol A: AnyObject {}\n")
        #expect(port("@objc protocol B: Equatable {}\n").ported == "protocol B: Equatable, AnyObject {}\n")
        #expect(port("@objc public protocol C: NSObjectProtocol {}\n").ported == "public protocol C: NSObjectProtocol {}\n")
    }

    @Test func keyPathsBecomeStrings() {
        let source = "let a = #keyPath(CALayer.position)\nlet b = #keyPath(self.angle)\nlet c = #keyPath(transform.rotation)\n"
        #expect(port(source).ported == "let a = \"position\"\nlet b = \"angle\"\nlet c = \"transform.rotation\"\n")
    }

    @Test func layerInitializersBecomeRequired() {
        #expect(port("class L: CALayer {\n    required override init(layer: Any) { super.init(layer: layer) }\n}\n").ported
                == "class L: CALayer {\n    required init(layer: Any) { super.init(layer: layer) }\n}\n")
        let shared = port("class L: CALayer {\n    override init(layer: Any) { let l = layer as! L; super.init(layer: l) }\n}\n")
        #expect(shared.ported.contains("required init(layer: Any) { let l = layer as! L; super.init(layer: l) }"))
        #expect(shared.findings.count == 1)
    }

    @Test func cellInitializersBecomeRequired() {
        let source = "class Cell: UITableViewCell {\n    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {\n        super.init(style: style, reuseIdentifier: reuseIdentifier)\n    }\n}\n"
        let ported = port(source).ported
        #expect(ported.contains("    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {") && !ported.contains("override"))
        #expect(port(ported).ported == ported)
        #expect(port("class C { init(style: Int, reuseIdentifier: String?) {} }\n").ported == "class C { init(style: Int, reuseIdentifier: String?) {} }\n")
    }

    @Test func collectionCellFrameInitializersBecomeRequiredButViewOnesStay() {
        let source = """
            class Cell: UICollectionViewCell {
                override init(frame: CGRect) { super.init(frame: frame) }
            }
            class Badge: Cell {
                override init(frame: CGRect) { super.init(frame: frame) }
            }
            class Header: UICollectionReusableView {
                required override init(frame: CGRect) { super.init(frame: frame) }
            }
            class Plain: UIView {
                override init(frame: CGRect) { super.init(frame: frame) }
            }

            """
        let ported = port(source).ported
        #expect(ported.components(separatedBy: "required init(frame: CGRect)").count == 4)
        #expect(ported.contains("class Plain: UIView {\n    override init(frame: CGRect)"))
        #expect(port(ported).ported == ported)
    }

    @Test func aCastUsedByNothingIsDropped() {
        let source = "class L: CALayer {\n    override init(layer: Any) {\n        let unused = layer as! L\n        super.init(layer: layer)\n    }\n}\n"
        #expect(port(source).ported == "class L: CALayer {\n    required init(layer: Any) {\n        super.init(layer: layer)\n    }\n}\n")
    }

    @Test func platformConditionsAroundOtherCodeStay() {
        let source = "#if os(iOS)\nlet haptics = true\n#endif\n#if os(iOS) && DEBUG\nlet v = UIView()\n#endif\n"
        #expect(port(source).ported == "#if os(iOS)\nlet haptics = true\n#endif\n#if canImport(UIKit) && DEBUG\nlet v = UIView()\n#endif\n")
    }

    @Test func selectorsWithoutAClosureFormAreReported() {
        let source = """
            final class T: NSObject {
                func go() {
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(fire(_:)), userInfo: ["k": 1], repeats: false)
                    button.addTarget(self, action: #selector(missing), for: .touchUpInside)
                    model.addTarget(delegate.handler, action: #selector(fire(_:)), for: .valueChanged)
                    if responds(to: #selector(fire(_:))) {}
                }
                @objc func fire(_ t: Timer) {}
            }

            """
        let result = port(source)
        #expect(result.findings.map(\.line) == [3, 4, 5, 6])
        #expect(result.ported.contains("#selector(fire(_:)), userInfo"))
        #expect(!result.ported.contains("@objc"))
    }

    @Test func optionalRequirementsWithoutADefaultAreLeftAndReported() {
        let source = "@objc protocol P {\n    @objc optional func count() -> Int\n}\n"
        let result = port(source)
        #expect(result.ported == "protocol P: AnyObject {\n    optional func count() -> Int\n}\n")
        #expect(result.findings.count == 1 && result.findings[0].line == 2)
    }

    @Test func publicProtocolsGetPublicDefaults() {
        let source = "@objc public protocol P {\n    @objc optional func didFinish()\n}\n"
        #expect(port(source).ported == "public protocol P: AnyObject {\n    func didFinish()\n}\n\nextension P {\n    public func didFinish() {}\n}\n")
    }
}

/// Layer subclasses with initializers of their own gain the `init(layer:)` Linux requires.
@Suite struct MissingLayerInitTests {
    @Test func copiesStoredPropertiesFromTheLayerItCopies() {
        let source = """
            class Ring: CAShapeLayer {
                let colors: [UIColor]
                var width: CGFloat = 2
                var label: String?
                @NSManaged var progress: CGFloat
                var area: CGFloat { width * width }
                init(colors: [UIColor]) {
                    self.colors = colors
                    super.init()
                }
                required init?(coder: NSCoder) { nil }
            }

            """
        #expect(SourcePorter.port(source).ported == """
            class Ring: CAShapeLayer {
                let colors: [UIColor]
                var width: CGFloat = 2
                var label: String?
                @Managed var progress: CGFloat
                var area: CGFloat { width * width }
                init(colors: [UIColor]) {
                    self.colors = colors
                    super.init()
                }
                required init?(coder: NSCoder) { nil }

                required init(layer: Any) {
                    let other = layer as? Ring
                    colors = other?.colors ?? []
                    label = other?.label
                    if let other {
                        width = other.width
                    }
                    super.init(layer: layer)
                }
            }

            """)
    }

    @Test func subclassesOfPortedLayersCountAndOtherClassesDoNot() {
        let files = SourcePorter.port([
            ("A.swift", "class Base: CALayer {}\nclass Wave: Base {\n    init(n: Int) { super.init() }\n}\nclass Model {\n    init(n: Int) {}\n}\n"),
        ])
        #expect(files[0].ported.contains("class Wave: Base {\n    init(n: Int) { super.init() }\n\n    required init(layer: Any) {\n        super.init(layer: layer)\n    }\n}"))
        #expect(files[0].ported.hasSuffix("class Model {\n    init(n: Int) {}\n}\n"))
    }

    @Test func aPropertyWithNoEmptyValueIsReported() {
        let result = SourcePorter.port("class L: CALayer {\n    let engine: Engine\n    init(engine: Engine) { self.engine = engine; super.init() }\n}\n")
        #expect(!result.changed)
        #expect(result.findings.count == 1 && result.findings[0].line == 2)
    }
}

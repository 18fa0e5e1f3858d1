import Foundation

/// Core Image's filter description: a filter's name and its input values.
///
/// Calyx has no Core Image pipeline. Its compositor applies the filters that Core Animation layers carry in
/// `backgroundFilters` (a backdrop blur and colour controls), reading them from these descriptions, as macOS
/// layers take `CIFilter`s. Only the filters Calyx can apply are known: `CIFilter(name:)` answers nil for any
/// other name, as Core Image does for names it does not have.
open class CIFilter: NSObject, NSCopying, @unchecked Sendable {
    /// The filter's name. Core Animation key paths name a filter in a layer's filter arrays by it
    /// (`backgroundFilters.<name>.inputRadius`), so it may be set to any string once made.
    open var name: String
    private var inputs: [String: Any]
    private let definition: CIFilterDefinition

    /// The filter called `name` with its default inputs, or nil when Calyx does not know it.
    public init?(name: String) {
        guard let definition = CIFilterDefinition.known[name] else { return nil }
        self.name = name
        self.definition = definition
        inputs = definition.defaults
    }

    /// The filter called `name` with `parameters` laid over its defaults.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (key, value) in parameters ?? [:] { setValue(value, forKey: key) }
    }

    private init(copying other: CIFilter) {
        name = other.name; inputs = other.inputs; definition = other.definition
    }

    /// A filter with the same name and inputs.
    public func copy(with zone: NSZone? = nil) -> Any { CIFilter(copying: self) }

    /// The input keys the filter takes.
    open var inputKeys: [String] { definition.defaults.keys.sorted() }
    /// The output key (`outputImage`).
    open var outputKeys: [String] { [kCIOutputImageKey] }
    /// The filter's attributes: its name and the defaults of its numeric inputs.
    open var attributes: [String: Any] {
        var a: [String: Any] = [kCIAttributeFilterName: definition.filterName]
        for (key, value) in definition.defaults { a[key] = [kCIAttributeDefault: value] }
        return a
    }

    /// Restores every input to its default.
    open func setDefaults() { inputs = definition.defaults }

    /// An input's value (numbers as `NSNumber`), or the filter's name for `name`.
    open func value(forKey key: String) -> Any? {
        key == "name" ? name : inputs[key]
    }

    /// Sets an input. Numeric inputs take any number; a value that is not a finite number is ignored (the input
    /// keeps its value), as are keys the filter does not have.
    open func setValue(_ value: Any?, forKey key: String) {
        if key == "name", let n = value as? String { name = n; return }
        guard definition.defaults[key] != nil else { return }
        if definition.defaults[key] is NSNumber {
            guard let number = CIFilterDefinition.number(value), number.isFinite else { return }
            inputs[key] = NSNumber(value: number)
        } else {
            inputs[key] = value
        }
    }

    /// A numeric input as a `Double` (what the compositor reads).
    public func number(forKey key: String) -> Double? { CIFilterDefinition.number(inputs[key]) }
}

/// The filters Calyx knows, with their inputs' defaults (Core Image Filter Reference).
struct CIFilterDefinition: @unchecked Sendable {
    let filterName: String
    let defaults: [String: Any]

    static let known: [String: CIFilterDefinition] = [
        "CIGaussianBlur": CIFilterDefinition(filterName: "CIGaussianBlur", defaults: [kCIInputRadiusKey: NSNumber(value: 10.0)]),
        "CIColorControls": CIFilterDefinition(filterName: "CIColorControls", defaults: [
            kCIInputSaturationKey: NSNumber(value: 1.0), kCIInputBrightnessKey: NSNumber(value: 0.0),
            kCIInputContrastKey: NSNumber(value: 1.0),
        ]),
    ].merging(compositingFilters) { first, _ in first }

    /// The blend-mode and addition compositing filters, which a layer takes as its `compositingFilter` (they have
    /// no numeric inputs: the layer is their input image and what is behind it their background).
    private static let compositingFilters: [String: CIFilterDefinition] = {
        let names = ["Multiply", "Screen", "Overlay", "Darken", "Lighten", "ColorDodge", "ColorBurn", "SoftLight",
                     "HardLight", "Difference", "Exclusion", "Hue", "Saturation", "Color", "Luminosity"]
            .map { "CI\($0)BlendMode" } + ["CIAdditionCompositing"]
        return Dictionary(uniqueKeysWithValues: names.map { ($0, CIFilterDefinition(filterName: $0, defaults: [:])) })
    }()

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        default: return nil
        }
    }
}

/// A blur's radius.
public let kCIInputRadiusKey = "inputRadius"
/// A colour control's saturation.
public let kCIInputSaturationKey = "inputSaturation"
/// A colour control's brightness.
public let kCIInputBrightnessKey = "inputBrightness"
/// A colour control's contrast.
public let kCIInputContrastKey = "inputContrast"
/// The filter's result.
public let kCIOutputImageKey = "outputImage"
/// The filter's name, in its attributes.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// An input's default value, in its attributes.
public let kCIAttributeDefault = "CIAttributeDefault"

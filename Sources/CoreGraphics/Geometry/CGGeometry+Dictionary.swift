// Apple's CoreGraphics extras on Foundation's geometry types: exact comparison under its old names, and the
// dictionary form (keys "X", "Y", "Width", "Height") that property lists and `CFDictionary` APIs carry.

extension CGPoint {
    /// Whether the points are equal (Apple's older spelling of `==`).
    public func equalTo(_ other: CGPoint) -> Bool { self == other }
    /// `["X": x, "Y": y]`.
    public var dictionaryRepresentation: CFDictionary { ["X": Double(x), "Y": Double(y)] as NSDictionary }
    /// A point from its dictionary form; nil when a key is missing or not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = geometryNumber(dict, "X"), let y = geometryNumber(dict, "Y") else { return nil }
        self.init(x: x, y: y)
    }
}

extension CGSize {
    /// Whether the two sizes are the same.
    public func equalTo(_ other: CGSize) -> Bool { self == other }
    /// `["Width": width, "Height": height]`.
    public var dictionaryRepresentation: CFDictionary { ["Width": Double(width), "Height": Double(height)] as NSDictionary }
    /// A size from a dictionary with "Width" and "Height" numbers, or nil when either is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let w = geometryNumber(dict, "Width"), let h = geometryNumber(dict, "Height") else { return nil }
        self.init(width: w, height: h)
    }
}

extension CGRect {
    /// Whether the two rectangles are the same.
    public func equalTo(_ other: CGRect) -> Bool { self == other }
    /// `["X": x, "Y": y, "Width": width, "Height": height]`.
    public var dictionaryRepresentation: CFDictionary {
        ["X": Double(origin.x), "Y": Double(origin.y), "Width": Double(size.width), "Height": Double(size.height)] as NSDictionary
    }
    /// A rectangle from a dictionary with "X", "Y", "Width" and "Height" numbers, or nil when any is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = geometryNumber(dict, "X"), let y = geometryNumber(dict, "Y"),
              let w = geometryNumber(dict, "Width"), let h = geometryNumber(dict, "Height") else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }
}

/// A number stored under `key`, from any numeric type.
private func geometryNumber(_ dict: NSDictionary, _ key: String) -> CGFloat? {
    switch dict[key] {
    case let n as NSNumber: return CGFloat(n.doubleValue)
    case let d as Double: return CGFloat(d)
    case let f as CGFloat: return f
    case let i as Int: return CGFloat(i)
    default: return nil
    }
}

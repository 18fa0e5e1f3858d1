import Foundation
import CoreGraphics

/// Something that supplies a property's value while an animation plays — lottie-ios's `AnyValueProvider`. Set
/// one with `setValueProvider(_:keypath:)` on a ``LottieAnimationView`` or ``LottieAnimationLayer``.
///
/// Calyx applies a provider once, when it is set: a fixed value replaces the property's animation, and a block
/// is asked for the value at every frame of the composition then, so playing stays free of work on the main
/// thread (what lottie-ios's Core Animation engine cannot do for blocks).
public protocol AnyValueProvider {
    /// The type of value supplied (`LottieColor`, `LottieVector1D`, `LottieVector3D` or `[LottieColor]`).
    var valueType: Any.Type { get }
    /// Whether the value at `frame` differs from the one last supplied.
    func hasUpdate(frame: AnimationFrameTime) -> Bool
}

/// The value a provider supplies at a frame (Calyx's side of ``AnyValueProvider``).
protocol FrameValueSource {
    /// Whether the value is the same at every frame.
    var isFixed: Bool { get }
    func value(atFrame frame: AnimationFrameTime) -> Any
}

/// Supplies a colour — lottie-ios's `ColorValueProvider` (for `Color` properties of fills and strokes).
public final class ColorValueProvider: AnyValueProvider, FrameValueSource, @unchecked Sendable {
    /// A colour for a frame of the composition.
    public typealias ColorValueBlock = (CGFloat) -> LottieColor
    /// The colour supplied (when not from a block).
    public var color: LottieColor
    private let block: ColorValueBlock?

    /// A colour computed at each frame.
    public init(block: @escaping ColorValueBlock) { self.block = block; color = LottieColor(r: 0, g: 0, b: 0, a: 1) }
    /// One colour at every frame.
    public init(_ color: LottieColor) { self.color = color; block = nil }

    /// `LottieColor`.
    public var valueType: Any.Type { LottieColor.self }
    /// Whether a block supplies the colour.
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { block != nil }
    var isFixed: Bool { block == nil }
    func value(atFrame frame: AnimationFrameTime) -> Any { block?(frame) ?? color }
}

/// Supplies a number — lottie-ios's `FloatValueProvider` (opacity and rotation in the file's units: percent and
/// degrees; stroke widths in points).
public final class FloatValueProvider: AnyValueProvider, FrameValueSource, @unchecked Sendable {
    /// A number for a frame of the composition.
    public typealias CGFloatValueBlock = (CGFloat) -> CGFloat
    /// The number supplied (when not from a block).
    public var float: CGFloat
    private let block: CGFloatValueBlock?

    /// A number computed at each frame.
    public init(block: @escaping CGFloatValueBlock) { self.block = block; float = 0 }
    /// One number at every frame.
    public init(_ float: CGFloat) { self.float = float; block = nil }

    /// `LottieVector1D`.
    public var valueType: Any.Type { LottieVector1D.self }
    /// Whether a block supplies the number.
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { block != nil }
    var isFixed: Bool { block == nil }
    func value(atFrame frame: AnimationFrameTime) -> Any { LottieVector1D(Double(block?(frame) ?? float)) }
}

/// Supplies a point — lottie-ios's `PointValueProvider` (positions and anchor points).
public final class PointValueProvider: AnyValueProvider, FrameValueSource, @unchecked Sendable {
    /// A point for a frame of the composition.
    public typealias PointValueBlock = (CGFloat) -> CGPoint
    /// The point supplied (when not from a block).
    public var point: CGPoint
    private let block: PointValueBlock?

    /// A point computed at each frame.
    public init(block: @escaping PointValueBlock) { self.block = block; point = .zero }
    /// One point at every frame.
    public init(_ point: CGPoint) { self.point = point; block = nil }

    /// `LottieVector3D`.
    public var valueType: Any.Type { LottieVector3D.self }
    /// Whether a block supplies the point.
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { block != nil }
    var isFixed: Bool { block == nil }
    func value(atFrame frame: AnimationFrameTime) -> Any { (block?(frame) ?? point).vector3dValue }
}

/// Supplies a size — lottie-ios's `SizeValueProvider` (scales, in percent).
public final class SizeValueProvider: AnyValueProvider, FrameValueSource, @unchecked Sendable {
    /// A size for a frame of the composition.
    public typealias SizeValueBlock = (CGFloat) -> CGSize
    /// The size supplied (when not from a block).
    public var size: CGSize
    private let block: SizeValueBlock?

    /// A size computed at each frame.
    public init(block: @escaping SizeValueBlock) { self.block = block; size = .zero }
    /// One size at every frame.
    public init(_ size: CGSize) { self.size = size; block = nil }

    /// `LottieVector3D`.
    public var valueType: Any.Type { LottieVector3D.self }
    /// Whether a block supplies the size.
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { block != nil }
    var isFixed: Bool { block == nil }
    func value(atFrame frame: AnimationFrameTime) -> Any { (block?(frame) ?? size).vector3dValue }
}

/// Supplies a gradient's colours and stop locations — lottie-ios's `GradientValueProvider`.
public final class GradientValueProvider: AnyValueProvider, FrameValueSource, @unchecked Sendable {
    /// Colours for a frame of the composition.
    public typealias ColorsValueBlock = (CGFloat) -> [LottieColor]
    /// Stop locations for a frame of the composition.
    public typealias ColorLocationsBlock = (CGFloat) -> [Double]
    /// The colours supplied (when not from a block).
    public var colors: [LottieColor]
    /// The stop locations, 0…1 (evenly spaced when empty).
    public var locations: [Double]
    private let block: ColorsValueBlock?
    private let locationsBlock: ColorLocationsBlock?

    /// Colours (and locations) computed at each frame.
    public init(block: @escaping ColorsValueBlock, locations: ColorLocationsBlock? = nil) {
        self.block = block; locationsBlock = locations; colors = []; self.locations = []
    }
    /// The same colours and locations at every frame.
    public init(_ colors: [LottieColor], locations: [Double] = []) {
        self.colors = colors; self.locations = locations; block = nil; locationsBlock = nil
    }

    /// `[LottieColor]`.
    public var valueType: Any.Type { [LottieColor].self }
    /// Whether a block supplies the colours or locations.
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { block != nil || locationsBlock != nil }
    var isFixed: Bool { block == nil && locationsBlock == nil }
    func value(atFrame frame: AnimationFrameTime) -> Any {
        (block?(frame) ?? colors, locationsBlock?(frame) ?? locations)
    }
}

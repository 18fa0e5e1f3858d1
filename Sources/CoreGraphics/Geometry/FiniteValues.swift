/// Values whose every component is a finite number. Calyx admits geometry only in this form where values enter
/// (setters, path building, animation values): a NaN or an infinity is refused there, so the engine behind never
/// meets one (docs/bad-input.md).
package protocol FiniteCheckable {
    /// Whether every component is finite (neither NaN nor infinite).
    var isFiniteValue: Bool { get }
}

extension Double: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension CGFloat: FiniteCheckable { package var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckable { package var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckable { package var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckable { package var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CGAffineTransform: FiniteCheckable {
    package var isFiniteValue: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
}

extension CGRect {
    /// The part of the rectangle inside a `width` × `height` bitmap, widened to whole pixels; `.null` when
    /// nothing of it is inside or a component is NaN. Infinite sides reach the bitmap's edge (where `−∞ + ∞`
    /// leaves a side undefined, the rectangle spans that axis).
    package func clampedToPixels(width: Int, height: Int) -> CGRect {
        guard !isNull, ![origin.x, origin.y, size.width, size.height].contains(where: \.isNaN) else { return .null }
        func span(_ origin: CGFloat, _ length: CGFloat, _ limit: Int) -> (CGFloat, CGFloat) {
            let end = origin + length
            let (lo, hi) = end.isNaN ? (-CGFloat.infinity, .infinity) : (min(origin, end), max(origin, end))
            return (max(0, lo).rounded(.down), min(CGFloat(limit), hi).rounded(.up))
        }
        let (x0, x1) = span(origin.x, size.width, width), (y0, y1) = span(origin.y, size.height, height)
        guard x0 < x1, y0 < y1 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

import Foundation

/// The area of `polygon` (its corners in order; convex, or star-shaped about the square) inside the unit square
/// whose corner is (`x`, `y`): the polygon clipped to the square's four sides (Sutherland–Hodgman), then its
/// area by the shoelace formula. The exact coverage an antialiased fill should give that pixel.
public func polygonCoverage(of polygon: [CGPoint], inPixel x: Int, _ y: Int) -> Double {
    var points = polygon
    let sides: [(CGPoint) -> CGFloat] = [
        { $0.x - CGFloat(x) }, { CGFloat(x + 1) - $0.x }, { $0.y - CGFloat(y) }, { CGFloat(y + 1) - $0.y },
    ]
    for inside in sides {
        var kept: [CGPoint] = []
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            let dp = inside(p), dq = inside(q)
            if dp >= 0 { kept.append(p) }
            if (dp >= 0) != (dq >= 0) {
                let t = dp / (dp - dq)
                kept.append(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        points = kept
        if points.isEmpty { return 0 }
    }
    var twice: CGFloat = 0
    for (i, p) in points.enumerated() {
        let q = points[(i + 1) % points.count]
        twice += p.x * q.y - q.x * p.y
    }
    return Double(abs(twice) / 2)
}

import Testing
import Foundation
import CoreGraphics

/// CGPath's set operations (CGPath+SetOperations.swift) against areas and lengths worked by hand: squares whose
/// overlaps are rectangles, circles whose overlap is the circular lens (2r² acos(d/2r) − (d/2)√(4r² − d²)), a
/// pentagram whose non-zero and even-odd areas differ by its inner pentagon, and points known to lie inside or
/// outside. The results are polygons following curves within a ten-thousandth of the paths' size, so circle
/// areas are held to a relative 1e-3.
@Suite struct PathSetOperationTests {
    func square(_ x: CGFloat, _ y: CGFloat, _ side: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: side, height: side), transform: nil)
    }
    func circle(_ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat) -> CGPath {
        CGPath(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), transform: nil)
    }

    /// The area the path encloses by the non-zero rule, summed over its subpaths' signed areas (shoelace, the
    /// result's holes turning against its outer boundaries; curves flattened finely; taken about the path's
    /// first point, so far coordinates keep their precision).
    func area(_ path: CGPath) -> CGFloat {
        let o = path.subpaths.first?.start ?? .zero
        return abs(path.subpaths.reduce(0) { sum, subpath in
            let p = subpath.polyline(tolerance: 1e-4).map { CGPoint(x: $0.x - o.x, y: $0.y - o.y) }
            guard p.count > 2 else { return sum }
            return sum + p.indices.reduce(0) { $0 + p[$1].x * p[($1 + 1) % p.count].y - p[($1 + 1) % p.count].x * p[$1].y } / 2
        })
    }

    /// The total length of the path's lines.
    func length(_ path: CGPath) -> CGFloat {
        path.subpaths.reduce(0) { sum, subpath in sum + subpath.segments.reduce(0) { $0 + $1.length() } }
    }

    func lens(radius r: CGFloat, distance d: CGFloat) -> CGFloat {
        2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
    }

    @Test func overlappingSquaresCombineByTheirOverlap() {
        // Two 10-point squares overlapping in a 4 × 6 rectangle.
        let a = square(0, 0, 10), b = square(6, 4, 10)
        #expect(abs(area(a.union(b)) - (200 - 24)) < 1e-6)
        #expect(abs(area(a.intersection(b)) - 24) < 1e-6)
        #expect(abs(area(a.subtracting(b)) - 76) < 1e-6)
        #expect(abs(area(b.subtracting(a)) - 76) < 1e-6)
        #expect(abs(area(a.symmetricDifference(b)) - 152) < 1e-6)
        // What lies where: the overlap is in the union and the intersection only.
        let overlap = CGPoint(x: 8, y: 7), onlyA = CGPoint(x: 2, y: 2), outside = CGPoint(x: 2, y: 13)
        #expect(a.union(b).contains(overlap) && a.union(b).contains(onlyA) && !a.union(b).contains(outside))
        #expect(a.intersection(b).contains(overlap) && !a.intersection(b).contains(onlyA))
        #expect(!a.subtracting(b).contains(overlap) && a.subtracting(b).contains(onlyA))
        #expect(!a.symmetricDifference(b).contains(overlap) && a.symmetricDifference(b).contains(onlyA))
    }

    @Test func circlesOverlapInALens() {
        let r: CGFloat = 30, d: CGFloat = 20
        let a = circle(0, 0, r), b = circle(d, 0, r)
        let disc = CGFloat.pi * r * r, overlap = lens(radius: r, distance: d)
        func close(_ x: CGFloat, _ y: CGFloat) -> Bool { abs(x - y) <= 1e-3 * y }
        #expect(close(area(a.intersection(b)), overlap), "\(area(a.intersection(b))) vs \(overlap)")
        #expect(close(area(a.union(b)), 2 * disc - overlap))
        #expect(close(area(a.subtracting(b)), disc - overlap))
        #expect(close(area(a.symmetricDifference(b)), 2 * disc - 2 * overlap))
        // Every point of the lens's outline lies on one circle and inside the other, within the cubics' own
        // departure from a circle (2.7e-4 r = 0.008) and the flattening tolerance (50 × 1e-4 = 0.005).
        let slack: CGFloat = 0.015
        for subpath in a.intersection(b).subpaths {
            for p in subpath.polyline(tolerance: 1) {
                let toA = hypot(p.x, p.y), toB = hypot(p.x - d, p.y)
                #expect(toA <= r + slack && toB <= r + slack && min(abs(r - toA), abs(r - toB)) < slack, "\(p)")
            }
        }
    }

    @Test func aHoleStaysAHole() {
        // A ring (a square with a square hole, wound the other way), unioned with a square inside the hole.
        let ring = CGMutablePath()
        ring.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        ring.addLines(between: [CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 25), CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 5)])
        ring.closeSubpath()
        let island = square(10, 10, 10)
        let union = ring.union(island)
        #expect(abs(area(union) - (900 - 400 + 100)) < 1e-6)
        #expect(union.contains(CGPoint(x: 15, y: 15)) && !union.contains(CGPoint(x: 7, y: 7)) && union.contains(CGPoint(x: 2, y: 2)))
        // Three pieces' outlines, two of them one component: the ring with its hole, and the island.
        let components = union.componentsSeparated()
        #expect(components.count == 2)
        #expect(Set(components.map { Int(area($0).rounded()) }) == [500, 100])
    }

    /// A pentagram drawn in one stroke crosses itself: by the non-zero rule it fills its inner pentagon, by the
    /// even-odd rule it does not (its areas worked from its points below).
    @Test func aPentagramNormalizesByItsRule() {
        let R: CGFloat = 50
        let points = (0..<5).map { k -> CGPoint in
            let angle = CGFloat.pi / 2 + CGFloat(k * 2) * 2 * .pi / 5
            return CGPoint(x: R * cos(angle), y: R * sin(angle))
        }
        let star = CGMutablePath()
        star.addLines(between: points)
        star.closeSubpath()
        // Inner pentagon: circumradius ρ = R · cos 72° / cos 36°; area (5/2) ρ² sin 72°. Each of the 5 tips is a
        // triangle of base the pentagon's side s = 2ρ sin 36° and height R − ρ cos 36°.
        let rho = R * cos(2 * .pi / 5) / cos(.pi / 5)
        let pentagon = 2.5 * rho * rho * sin(2 * .pi / 5)
        let tips = 5 * 0.5 * (2 * rho * sin(.pi / 5)) * (R - rho * cos(.pi / 5))
        #expect(abs(area(star.normalized(using: .winding)) - (pentagon + tips)) < 1e-3)
        #expect(abs(area(star.normalized(using: .evenOdd)) - tips) < 1e-3)
        #expect(star.normalized(using: .winding).contains(.zero))
        #expect(!star.normalized(using: .evenOdd).contains(.zero))
        // Normalized paths no longer depend on the rule that fills them.
        let normal = star.normalized()
        #expect(normal.contains(.zero, using: .evenOdd) && normal.contains(.zero, using: .winding))
    }

    @Test func linesAreCutByAnArea() {
        // A horizontal line across a 10-point square: 10 inside, 20 outside.
        let line = CGMutablePath()
        line.move(to: CGPoint(x: -10, y: 5))
        line.addLine(to: CGPoint(x: 20, y: 5))
        let box = square(0, 0, 10)
        let inside = line.lineIntersection(box), outside = line.lineSubtracting(box)
        #expect(abs(length(inside) - 10) < 1e-6)
        #expect(abs(length(outside) - 20) < 1e-6)
        #expect(inside.subpaths.count == 1 && outside.subpaths.count == 2)
        #expect(inside.subpaths.allSatisfy { !$0.isClosed })
        // A closed outline counts its closing line: a square's outline across a circle of radius 10 centred on its
        // corner keeps two 10-point halves of the sides inside.
        let outline = square(0, 0, 20)
        let inCircle = outline.lineIntersection(circle(0, 0, 10))
        #expect(abs(length(inCircle) - 20) < 1e-3, "\(length(inCircle))")
    }

    @Test func intersectsAsksWhetherAreasOverlap() {
        #expect(square(0, 0, 10).intersects(square(5, 5, 10)))
        #expect(!square(0, 0, 10).intersects(square(20, 0, 10)))
        // Their boxes overlap, the areas do not: a circle and a square in its box's corner.
        #expect(!circle(0, 0, 10).intersects(square(8, 8, 2)))
        #expect(circle(0, 0, 10).intersects(square(6, 6, 2)))
    }

    @Test func flattenedPathsAreLinesWithinTheThreshold() {
        let c = circle(0, 0, 100)
        let flat = c.flattened(threshold: 0.1)
        var lines = 0, curves = 0
        flat.applyWithBlock { e in
            switch e.pointee.type {
            case .addLineToPoint: lines += 1
            case .addCurveToPoint, .addQuadCurveToPoint: curves += 1
            default: break
            }
        }
        #expect(curves == 0 && lines > 20)
        // Vertices on the curves (four cubics, which stray up to 2.7e-4 of the radius from the true circle),
        // chords' midpoints within the threshold of them.
        let cubicError: CGFloat = 0.03
        for subpath in flat.subpaths {
            for s in subpath.segments {
                #expect(abs(hypot(s.start.x, s.start.y) - 100) < cubicError)
                let mid = s.point(at: 0.5)
                #expect(100 - hypot(mid.x, mid.y) <= 0.1 + cubicError)
            }
        }
        // A threshold that is no number flattens at half a unit instead of looping or trapping.
        #expect(!c.flattened(threshold: .nan).isEmpty && !c.flattened(threshold: 0).isEmpty && !c.flattened(threshold: -1).isEmpty)
    }

    @Test func emptyFarAndHugePathsGiveAnswersNotTraps() {
        let empty = CGPath()
        #expect(empty.union(empty).isEmpty && empty.intersection(square(0, 0, 1)).isEmpty)
        #expect(abs(area(square(0, 0, 10).union(empty)) - 100) < 1e-9)
        #expect(square(0, 0, 10).subtracting(square(0, 0, 10)).isEmpty)
        #expect(empty.componentsSeparated().isEmpty && !empty.intersects(empty))
        // Far from the origin the grid is coarser but still far finer than the shapes.
        let far = square(1e9, 1e9, 10).union(square(1e9 + 5, 1e9, 10))
        #expect(abs(area(far) - 150) < 1e-2, "\(area(far))")
        // Enormous coordinates stay within the clipper's range.
        let huge = square(-1e300, -1e300, 1e300).union(square(0, 0, 1e300))
        #expect(!huge.isEmpty && huge.boundingBoxOfPath.width > 1.9e300)
        // A degenerate path (a line as an area) encloses nothing.
        let line = CGMutablePath()
        line.move(to: .zero); line.addLine(to: CGPoint(x: 10, y: 10))
        #expect(line.union(line).isEmpty)
    }
}

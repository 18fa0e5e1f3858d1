/// Depth order for the planes of a `CATransformLayer` subtree by a binary space partition (as Chromium's cc/
/// orders `preserve-3d` layers): planes that pierce each other are split along their intersections, so every
/// piece can be drawn back to front. Works in the flattening ancestor's space after the perspective divide,
/// where the view rays are parallel to z and a larger z is nearer the viewer; a projective map keeps planes
/// planar and the order along each ray, so splitting there is splitting in 3-D.
enum PlaneSplitting {
    /// A plane n·p + d = 0.
    struct Plane: Hashable {
        var normal: SIMD3<Double>
        var d: Double
        func distance(_ p: SIMD3<Double>) -> Double { (normal * p).sum() + d }
    }

    /// Part of one input polygon, and the half-spaces (side ≥ 0 of each plane) that cut it from the whole.
    struct Piece {
        let polygon: Int
        var points: [SIMD3<Double>]
        var halfSpaces: [Plane]
    }

    /// The most polygons ordered by splitting (the partition grows with the square of the count); larger sets
    /// keep sorting by centre.
    static let limit = 64

    /// The pieces of `polygons` (convex, each given by its corners) back to front; nil when there are too many
    /// or one is degenerate.
    static func order(_ polygons: [[SIMD3<Double>]]) -> [Piece]? {
        guard polygons.count <= limit else { return nil }
        var scale = 1.0
        for polygon in polygons { for p in polygon { scale = max(scale, abs(p.x), abs(p.y), abs(p.z)) } }
        guard scale.isFinite else { return nil }
        let epsilon = scale * 1e-7
        var pieces: [Piece] = []
        for (i, points) in polygons.enumerated() where plane(of: points) != nil {
            pieces.append(Piece(polygon: i, points: points, halfSpaces: []))
        }
        var ordered: [Piece] = []
        ordered.reserveCapacity(pieces.count)
        partition(pieces, epsilon: epsilon, into: &ordered)
        return ordered
    }

    /// The plane through a convex polygon (Newell's normal, robust for any winding); nil when it has no area.
    static func plane(of points: [SIMD3<Double>]) -> Plane? {
        guard points.count >= 3 else { return nil }
        var n = SIMD3<Double>.zero
        var centre = SIMD3<Double>.zero
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            n += SIMD3((p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y))
            centre += p
        }
        let length = (n * n).sum().squareRoot()
        guard length > 1e-12, length.isFinite else { return nil }
        n /= length
        centre /= Double(points.count)
        return Plane(normal: n, d: -(n * centre).sum())
    }

    /// Builds the partition of `pieces` with the first as splitter and appends them back to front.
    private static func partition(_ pieces: [Piece], epsilon: Double, into ordered: inout [Piece]) {
        guard let splitter = pieces.first, let plane = plane(of: splitter.points) else {
            ordered.append(contentsOf: pieces)
            return
        }
        var front: [Piece] = [], back: [Piece] = [], coplanar: [Piece] = [splitter]
        for piece in pieces.dropFirst() {
            let distances = piece.points.map(plane.distance)
            let inFront = distances.contains { $0 > epsilon }, behind = distances.contains { $0 < -epsilon }
            switch (inFront, behind) {
            case (false, false): coplanar.append(piece)
            case (true, false): front.append(piece)
            case (false, true): back.append(piece)
            case (true, true):
                let (f, b) = split(piece, by: plane, distances: distances)
                if let f { front.append(f) }
                if let b { back.append(b) }
            }
        }
        // Coplanar pieces keep tree order; the side facing the viewer (+z) is drawn last.
        coplanar.sort { $0.polygon < $1.polygon }
        let facesViewer = plane.normal.z > 0
        partition(facesViewer ? back : front, epsilon: epsilon, into: &ordered)
        ordered.append(contentsOf: coplanar)
        partition(facesViewer ? front : back, epsilon: epsilon, into: &ordered)
    }

    /// The parts of `piece` in front of and behind `plane`, each with the plane added to its half-spaces.
    private static func split(_ piece: Piece, by plane: Plane, distances: [Double]) -> (Piece?, Piece?) {
        var front: [SIMD3<Double>] = [], back: [SIMD3<Double>] = []
        let n = piece.points.count
        for i in 0..<n {
            let (a, b) = (piece.points[i], piece.points[(i + 1) % n])
            let (da, db) = (distances[i], distances[(i + 1) % n])
            if da >= 0 { front.append(a) }
            if da <= 0 { back.append(a) }
            if (da > 0 && db < 0) || (da < 0 && db > 0) {
                let crossing = a + (b - a) * (da / (da - db))
                front.append(crossing); back.append(crossing)
            }
        }
        let flipped = Plane(normal: -plane.normal, d: -plane.d)
        return (front.count >= 3 ? Piece(polygon: piece.polygon, points: front, halfSpaces: piece.halfSpaces + [plane]) : nil,
                back.count >= 3 ? Piece(polygon: piece.polygon, points: back, halfSpaces: piece.halfSpaces + [flipped]) : nil)
    }
}

/// A convex region of the frame given by half-planes a·x + b·y + c ≥ 0 over pixel centres (a split piece of a
/// plane): blits draw only the columns of each row inside every half-plane.
struct PixelClip: Hashable {
    struct Line: Hashable { var a, b, c: Double }
    var lines: [Line]

    /// The columns of row `y` inside every line, within `columns`.
    func columns(ofRow y: Int, within columns: Range<Int>) -> Range<Int> {
        var low = Double(columns.lowerBound), high = Double(columns.upperBound)   // pixel indices, high exclusive
        let cy = Double(y) + 0.5
        for line in lines {
            let rest = line.b * cy + line.c
            if abs(line.a) < 1e-12 {
                if rest < 0 { return columns.lowerBound..<columns.lowerBound }
                continue
            }
            // a·(x + 0.5) + rest ≥ 0
            let edge = -rest / line.a - 0.5
            if line.a > 0 { low = max(low, edge.rounded(.up)) } else { high = min(high, edge.rounded(.down) + 1) }
        }
        guard low < high else { return columns.lowerBound..<columns.lowerBound }
        return Int(low)..<Int(high)
    }

    /// The region inside `box` as a polygon (for clipping drawn operations); nil when empty.
    func polygon(in box: CGRect) -> [CGPoint]? {
        var points = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                      CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.minX, y: box.maxY)]
        for line in lines {
            let value = { (p: CGPoint) in line.a * p.x + line.b * p.y + line.c }
            var kept: [CGPoint] = []
            for (i, p) in points.enumerated() {
                let q = points[(i + 1) % points.count]
                let (vp, vq) = (value(p), value(q))
                if vp >= 0 { kept.append(p) }
                if (vp > 0 && vq < 0) || (vp < 0 && vq > 0) {
                    let t = vp / (vp - vq)
                    kept.append(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
            points = kept
            if points.count < 3 { return nil }
        }
        return points
    }
}

import Foundation
import CoreGraphics

/// After Effects' Offset Paths (`op`): every segment moved outward by the amount (inward when negative), the
/// gaps at corners closed by the join — a miter (cut to a bevel beyond the miter limit, in multiples of the
/// amount), a round arc about the corner, or a bevel — and corners that the move folds inward cut where the two
/// moved edges cross. Outward is judged by the shape's winding, so a positive amount grows a shape whichever
/// way it is drawn, as in After Effects and ThorVG.
extension BezierShape {
    /// How an offset path closes its corners (`lj`: 1 miter, 2 round, 3 bevel).
    enum OffsetJoin: Sendable { case miter, round, bevel }

    func offset(by amount: CGFloat, join: OffsetJoin, miterLimit: CGFloat) -> BezierShape {
        let n = vertices.count
        guard amount.isFinite, amount != 0, n >= 2 else { return self }
        // (Kept within the 100,000 points a composition may measure.)
        let amount = min(max(amount, -100_000), 100_000)
        let limit = miterLimit.isFinite ? max(miterLimit, 1) : 4
        guard closed else { return outlined(by: abs(amount), join: join, miterLimit: limit) }
        // Shoelace over the vertices: positive when the shape runs clockwise on screen (y down).
        var area: CGFloat = 0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        return moved(by: area >= 0 ? amount : -amount, join: join, miterLimit: limit) ?? self
    }

    /// Every segment moved `distance` to its right on screen, the corners closed by `join`: a closed shape's
    /// offset, or one side of an open path's outline. Nil when no segment has any length.
    fileprivate func moved(by distance: CGFloat, join: OffsetJoin, miterLimit: CGFloat) -> BezierShape? {
        let n = vertices.count
        var pieces: [OffsetPiece] = []
        for k in 0..<(closed ? n : n - 1) {
            let b = (k + 1) % n
            let p = (vertices[k], vertices[k] + outTangents[k], vertices[b] + inTangents[b], vertices[b])
            pieces += OffsetPiece.pieces(of: p, distance: distance)
        }
        guard !pieces.isEmpty else { return nil }
        return OffsetOutline(pieces: pieces, closed: closed, distance: distance, join: join, miterLimit: miterLimit).shape
    }
}

extension BezierShape {
    /// An open path offset as After Effects offsets it: outlined — moved to both sides by `distance`, the two
    /// sides joined round the path's ends by caps, round for a round join and straight across otherwise (its
    /// reference renders of LottieFiles' offset-path files show both) — so a fill of it looks like a stroke.
    fileprivate func outlined(by distance: CGFloat, join: OffsetJoin, miterLimit: CGFloat) -> BezierShape {
        // (The other side is the path run backwards, moved to its right.)
        let backwards = BezierShape(closed: false, vertices: vertices.reversed(), inTangents: outTangents.reversed(),
                                    outTangents: inTangents.reversed())
        guard var right = moved(by: distance, join: join, miterLimit: miterLimit),
              var left = backwards.moved(by: distance, join: join, miterLimit: miterLimit),
              let first = vertices.first, let last = vertices.last else { return self }
        // A round cap: half a turn about the path's end, clockwise on screen (round the end the path runs off).
        func cap(from a: CGPoint, about c: CGPoint) -> [(point: CGPoint, in: CGPoint, out: CGPoint)] {
            join == .round ? OffsetOutline.arc(from: a, about: c, radius: distance, start: atan2(a.y - c.y, a.x - c.x), sweep: .pi) : []
        }
        let endCap = cap(from: right.vertices[right.vertices.count - 1], about: last)
        let startCap = cap(from: left.vertices[left.vertices.count - 1], about: first)
        if let open = endCap.first, let close = endCap.last {
            right.outTangents[right.outTangents.count - 1] = open.out
            left.inTangents[0] = close.in
        }
        if let open = startCap.first, let close = startCap.last {
            left.outTangents[left.outTangents.count - 1] = open.out
            right.inTangents[0] = close.in
        }
        let between = { (arc: [(point: CGPoint, in: CGPoint, out: CGPoint)]) in arc.count > 2 ? Array(arc[1..<(arc.count - 1)]) : [] }
        let endMiddle = between(endCap), startMiddle = between(startCap)
        return BezierShape(closed: true,
                           vertices: right.vertices + endMiddle.map(\.point) + left.vertices + startMiddle.map(\.point),
                           inTangents: right.inTangents + endMiddle.map(\.in) + left.inTangents + startMiddle.map(\.in),
                           outTangents: right.outTangents + endMiddle.map(\.out) + left.outTangents + startMiddle.map(\.out))
    }
}

/// One segment moved by the offset: its cubic, the unit directions it leaves and arrives along, and the corner
/// it was moved from (where a round join is centred).
fileprivate struct OffsetPiece {
    var q0, q1, q2, q3: CGPoint
    let start, end: CGPoint
    let corner: CGPoint
    let straight: Bool

    /// The segment's moved pieces: a curve is split in half first (moving its control polygon, Tiller and
    /// Hanson's method, is close only for gentle arcs); nothing for a segment of no length.
    static func pieces(of p: (CGPoint, CGPoint, CGPoint, CGPoint), distance d: CGFloat) -> [OffsetPiece] {
        guard let first = direction(p.0, p.1) ?? direction(p.0, p.2) ?? direction(p.0, p.3),
              let last = direction(p.2, p.3) ?? direction(p.1, p.3) ?? direction(p.0, p.3) else { return [] }
        let chord = direction(p.0, p.3)
        let straight = chord.map { c in [p.1 - p.0, p.2 - p.0].allSatisfy { abs($0.cross(c)) < 1e-9 } } ?? false
        if straight {
            let q0 = p.0 + normal(first) * d, q3 = p.3 + normal(last) * d
            return [OffsetPiece(q0: q0, q1: q0, q2: q3, q3: q3, start: first, end: last, corner: p.3, straight: true)]
        }
        let halves = Segment.cubic(p.0, p.1, p.2, p.3).split(at: 0.5)
        return [halves.0, halves.1].compactMap { half in
            guard case .cubic(let a, let b, let c, let e) = half else { return nil }
            return moved(a, b, c, e, distance: d)
        }
    }

    /// The moved cubic keeps its end directions, its ends moved along their normals; its handle lengths are
    /// those that put its midpoint on the moved midpoint of the curve (within 0.0021 of a circle of radius 13
    /// grown from 10). Where that fails (parallel ends, a handle turned back), Tiller and Hanson's rule: each
    /// leg of the control polygon moved along its normal, the inner control points where the moved legs meet.
    private static func moved(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, distance d: CGFloat) -> OffsetPiece? {
        guard let l1 = direction(p0, p1) ?? direction(p0, p2), let l3 = direction(p2, p3) ?? direction(p1, p3) else { return nil }
        let q0 = p0 + normal(l1) * d, q3 = p3 + normal(l3) * d
        let curve = Segment.cubic(p0, p1, p2, p3)
        let middle = curve.point(at: 0.5) + normal(curve.tangent(at: 0.5)) * d
        // (q0 + 3·q1 + 3·q2 + q3) / 8 = middle, with q1 = q0 + a·l1 and q2 = q3 − b·l3.
        let target = (middle - (q0 + q3) * 0.5) * (8.0 / 3.0)
        let det = l1.cross(CGPoint(x: -l3.x, y: -l3.y))
        if abs(det) > 1e-6 {
            let a = target.cross(CGPoint(x: -l3.x, y: -l3.y)) / det, b = l1.cross(target) / det
            if a >= 0, b >= 0, a.isFinite, b.isFinite {
                return OffsetPiece(q0: q0, q1: q0 + l1 * a, q2: q3 - l3 * b, q3: q3, start: l1, end: l3, corner: p3, straight: false)
            }
        }
        var q1 = p1 + normal(l1) * d, q2 = p2 + normal(l3) * d
        if let l2 = direction(p1, p2) {
            let m1 = p1 + normal(l2) * d, m2 = p2 + normal(l2) * d
            if let x = intersection(q0, l1, m1, l2) { q1 = x }
            if let x = intersection(m2, l2, q3, l3) { q2 = x }
        }
        return OffsetPiece(q0: q0, q1: q1, q2: q2, q3: q3, start: l1, end: l3, corner: p3, straight: false)
    }
}

/// The moved pieces joined into one shape.
fileprivate struct OffsetOutline {
    let pieces: [OffsetPiece]
    let closed: Bool
    let distance: CGFloat
    let join: BezierShape.OffsetJoin
    let miterLimit: CGFloat

    var shape: BezierShape {
        var pieces = self.pieces
        // Corners that fold inward: straight edges are cut where they cross (a shrunk square stays square).
        var joins: [[(point: CGPoint, in: CGPoint, out: CGPoint)]] = Array(repeating: [], count: pieces.count)
        let count = pieces.count
        for k in 0..<(closed ? count : count - 1) {
            let a = pieces[k], b = pieces[(k + 1) % count]
            guard (b.q0 - a.q3).length > 1e-6 else { continue }
            let outward = (b.q0 - a.q3).dot(a.end) > 0
            let meet = intersection(a.q3, a.end, b.q0, b.start)
            if !outward {
                if let meet, a.straight && b.straight {
                    pieces[k].q3 = meet; pieces[k].q2 = meet
                    pieces[(k + 1) % count].q0 = meet; pieces[(k + 1) % count].q1 = meet
                }
                continue
            }
            switch join {
            case .miter:
                if let meet, (meet - a.corner).length <= miterLimit * abs(distance) { joins[k] = [(meet, .zero, .zero)] }
            case .round:
                joins[k] = Self.arc(from: a.q3, along: a.end, to: b.q0, along: b.start, about: a.corner, radius: abs(distance))
            case .bevel:
                break
            }
        }
        var vertices: [CGPoint] = [], ins: [CGPoint] = [], outs: [CGPoint] = []
        func add(_ point: CGPoint, in inTangent: CGPoint, out outTangent: CGPoint) {
            if let last = vertices.last, (point - last).length < 1e-6 {
                outs[outs.count - 1] = outTangent
                if inTangent != .zero { ins[ins.count - 1] = inTangent }
                return
            }
            vertices.append(point); ins.append(inTangent); outs.append(outTangent)
        }
        for (k, piece) in pieces.enumerated() {
            add(piece.q0, in: .zero, out: piece.q1 - piece.q0)
            add(piece.q3, in: piece.q2 - piece.q3, out: .zero)
            for extra in joins[k] { add(extra.point, in: extra.in, out: extra.out) }
        }
        // A closed outline's last vertex is its first again.
        if closed, vertices.count > 1, (vertices[vertices.count - 1] - vertices[0]).length < 1e-6 {
            ins[0] = ins[ins.count - 1]
            vertices.removeLast(); ins.removeLast(); outs.removeLast()
        }
        return BezierShape(closed: closed, vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// The round join: an arc about the corner from `a` to `b` (one cubic a quarter turn at most), as the
    /// vertices after `a` — the arc's handles on `a` are set through the first vertex's in tangent.
    static func arc(from a: CGPoint, along ta: CGPoint, to b: CGPoint, along tb: CGPoint,
                    about c: CGPoint, radius r: CGFloat) -> [(point: CGPoint, in: CGPoint, out: CGPoint)] {
        let start = atan2(a.y - c.y, a.x - c.x), end = atan2(b.y - c.y, b.x - c.x)
        var sweep = end - start
        // The arc turns the way the path does (the cross product of the directions).
        let turn = ta.cross(tb)
        if turn >= 0 { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
        return arc(from: a, about: c, radius: r, start: start, sweep: sweep)
    }

    /// The arc's vertices from `a` (angle `start` about `c`) over `sweep`, one cubic a quarter turn at most.
    static func arc(from a: CGPoint, about c: CGPoint, radius r: CGFloat, start: CGFloat,
                            sweep: CGFloat) -> [(point: CGPoint, in: CGPoint, out: CGPoint)] {
        let steps = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(steps), handle = 4 / 3 * tan(step / 4) * r
        var result: [(point: CGPoint, in: CGPoint, out: CGPoint)] = []
        // (`a` is already a vertex: its out tangent is the first arc handle, written by the caller's merge.)
        var angle = start
        result.append((a, .zero, CGPoint(x: -sin(angle), y: cos(angle)) * handle))
        for _ in 0..<steps {
            angle += step
            let p = CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
            let tangent = CGPoint(x: -sin(angle), y: cos(angle)) * handle
            result.append((p, CGPoint(x: -tangent.x, y: -tangent.y), tangent))
        }
        // The arc ends on `b`, whose out tangent the next piece sets.
        result[result.count - 1].out = .zero
        return result
    }
}

private func direction(_ a: CGPoint, _ b: CGPoint) -> CGPoint? {
    let d = b - a, l = d.length
    return l > 1e-9 && l.isFinite ? d * (1 / l) : nil
}

/// The normal to the right of a direction on screen (y down): outward for a clockwise shape.
private func normal(_ t: CGPoint) -> CGPoint { CGPoint(x: t.y, y: -t.x) }


/// Where the line through `p` along `r` meets the line through `q` along `s`; nil when they are parallel.
private func intersection(_ p: CGPoint, _ r: CGPoint, _ q: CGPoint, _ s: CGPoint) -> CGPoint? {
    let denominator = r.cross(s)
    guard abs(denominator) > 1e-9 else { return nil }
    let t = (q - p).cross(s) / denominator
    return p + r * t
}

import Testing
import Foundation
import CoreGraphics
@testable import Lottie

/// Zig-zag (BezierShape+ZigZag.swift) against geometry worked by hand, and against After Effects' render of
/// LottieFiles' `shape-modifiers/zig-zag` test file (a pentagon of radius 30, five ridges a side, amplitude 5),
/// whose valleys sit at the pentagon's corners, pulled in to radius 25, and whose peaks stand 5 out from the sides.
@Suite struct ZigZagTests {
    func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool { hypot(a.x - b.x, a.y - b.y) < tolerance }

    /// A line from (0, 0) to (60, 0) with two ridges: cut in thirds, the points alternate below and above it,
    /// the first to the right of travel (below, y down).
    @Test func aLineAlternatesAcrossItselfFromItsStart() {
        let line = BezierShape(closed: false, vertices: [.zero, CGPoint(x: 60, y: 0)], inTangents: [.zero, .zero], outTangents: [.zero, .zero])
        let zigZag = line.zigZagged(amplitude: 5, ridges: 2, smooth: false)
        let expected = [CGPoint(x: 0, y: 5), CGPoint(x: 20, y: -5), CGPoint(x: 40, y: 5), CGPoint(x: 60, y: -5)]
        #expect(zigZag.vertices.count == expected.count && zip(zigZag.vertices, expected).allSatisfy { near($0, $1) }, "\(zigZag.vertices)")
        #expect(zigZag.inTangents.allSatisfy { $0 == .zero } && zigZag.outTangents.allSatisfy { $0 == .zero })
        #expect(!zigZag.closed)
    }

    /// The test file's pentagon, corner points: 5 sides × (a corner + 5 cut points).
    @Test func thePentagonsCornersAreValleysAndItsSidesPeaks() throws {
        let pentagon = try polygon()
        let zigZag = pentagon.zigZagged(amplitude: 5, ridges: 5, smooth: false)
        #expect(zigZag.vertices.count == 30 && zigZag.closed)
        // Every corner moves to radius 25 along its own radius.
        for k in stride(from: 0, to: 30, by: 6) {
            let corner = pentagon.vertices[k / 6]
            #expect(near(zigZag.vertices[k], CGPoint(x: corner.x * 25 / 30, y: corner.y * 25 / 30), 1e-9), "corner \(k / 6): \(zigZag.vertices[k])")
        }
        // The first side runs from (0, −30) to (30 sin 72°, −30 cos 72°); its first cut point, a sixth along,
        // stands 5 out along the side's outward normal.
        let a = pentagon.vertices[0], b = pentagon.vertices[1]
        let side = hypot(b.x - a.x, b.y - a.y), d = CGPoint(x: (b.x - a.x) / side, y: (b.y - a.y) / side)
        let outward = CGPoint(x: d.y, y: -d.x)
        let peak = CGPoint(x: a.x + d.x * side / 6 + outward.x * 5, y: a.y + d.y * side / 6 + outward.y * 5)
        #expect(near(zigZag.vertices[1], peak, 1e-3), "\(zigZag.vertices[1]) vs \(peak)")
        // (The test file's SVG export of the same shape puts it at (7.680, −30.600), 0.017 from the exact point.)
        #expect(near(zigZag.vertices[1], CGPoint(x: 7.680, y: -30.600), 0.03))
        // The second cut point is a valley, 5 in from the side.
        let valley = CGPoint(x: a.x + d.x * side / 3 - outward.x * 5, y: a.y + d.y * side / 3 - outward.y * 5)
        #expect(near(zigZag.vertices[2], valley, 1e-3))
    }

    /// Smooth points: handles along the path, half a piece (a sixth of the side) long each way; a corner's along
    /// the mean of its sides' directions (level at the top corner).
    @Test func smoothPointsHaveHandlesHalfAPieceLong() throws {
        let pentagon = try polygon()
        let zigZag = pentagon.zigZagged(amplitude: 5, ridges: 5, smooth: true)
        let a = pentagon.vertices[0], b = pentagon.vertices[1]
        let half = hypot(b.x - a.x, b.y - a.y) / 12
        #expect(near(zigZag.outTangents[0], CGPoint(x: half, y: 0), 1e-9) && near(zigZag.inTangents[0], CGPoint(x: -half, y: 0), 1e-9),
                "\(zigZag.inTangents[0]) \(zigZag.outTangents[0])")
        let d = CGPoint(x: (b.x - a.x) / (12 * half), y: (b.y - a.y) / (12 * half))
        #expect(near(zigZag.outTangents[1], CGPoint(x: d.x * half, y: d.y * half), 1e-3))
    }

    /// A curved segment is cut by length, not by parameter: a quarter circle's cut points lie at equal angles.
    @Test func aCurveIsCutIntoPiecesOfEqualLength() {
        let circle = BezierShape.ellipse(center: .zero, radii: CGSize(width: 40, height: 40), counterclockwise: false)
        let zigZag = circle.zigZagged(amplitude: 0, ridges: 2, smooth: false)
        #expect(zigZag.vertices.count == 12)
        let angles = zigZag.vertices.map { atan2($0.y, $0.x) }
        for k in 0..<12 {
            var step = angles[(k + 1) % 12] - angles[k]
            if step < 0 { step += 2 * .pi }
            #expect(abs(step - .pi / 6) < 0.01, "step \(k): \(step)")
        }
    }

    @Test func hostileValuesLeaveTheShapeOrBoundIt() {
        let line = BezierShape(closed: false, vertices: [.zero, CGPoint(x: 60, y: 0)], inTangents: [.zero, .zero], outTangents: [.zero, .zero])
        #expect(line.zigZagged(amplitude: .nan, ridges: 3, smooth: false).vertices == line.vertices)
        #expect(line.zigZagged(amplitude: 5, ridges: .infinity, smooth: false).vertices == line.vertices)
        #expect(line.zigZagged(amplitude: 5, ridges: 1e12, smooth: true).vertices.count <= BezierShape.zigZagPointLimit + 1)
        #expect(line.zigZagged(amplitude: 5, ridges: -4, smooth: false).vertices.count == 2)
        #expect(line.zigZagged(amplitude: 1e300, ridges: 1, smooth: false).vertices.allSatisfy { abs($0.y) <= 100_000 })
    }

    /// Through the player: a 40-point square at (50, 40) zig-zagged with no ridges and amplitude 10. Its corners,
    /// from the top right, move across the mean of their sides' directions alternately in and out by 10
    /// (7.07 on each axis): the top right in to (62.9, 27.1), the bottom right out to (77.1, 67.1).
    @Test func aZigZagAfterARectangleMovesItsCornersInTheFrame() throws {
        let layer = """
        {"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[
          {"ty":"rc","p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
          {"ty":"zz","s":{"a":0,"k":10},"r":{"a":0,"k":0},"pt":{"a":0,"k":1}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
        ]}]}
        """
        try withManualClock { clock in
            let frame = render(try player(composition(layer)), at: 0, clock: clock)
            #expect(isClear(frame, 68, 22), "inside the square's top right corner, which moved in")
            #expect(isRed(frame, 74, 64), "outside the square's bottom right corner, which moved out")
            #expect(isRed(frame, 50, 40), "the middle")
        }
    }

    /// A modifier after a group changes what a style after it draws of the group's paths (After Effects' rule: a
    /// modifier acts on every path before it): the same square inside a group, the zig-zag and the fill after it.
    @Test func aZigZagAfterAGroupChangesWhatAStyleAfterItDrawsOfTheGroup() throws {
        let layer = """
        {"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[
          {"ty":"gr","it":[
            {"ty":"rc","p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
            {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
          ]},
          {"ty":"zz","s":{"a":0,"k":10},"r":{"a":0,"k":0},"pt":{"a":0,"k":1}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}
        ]}
        """
        try withManualClock { clock in
            let frame = render(try player(composition(layer)), at: 0, clock: clock)
            #expect(isClear(frame, 68, 22), "inside the square's top right corner, which moved in")
            #expect(isRed(frame, 74, 64), "outside the square's bottom right corner, which moved out")
        }
    }

    /// The test file's polygon: five points, radius 30, about the origin.
    func polygon() throws -> BezierShape {
        let json = #"{"ty":"sr","sy":2,"d":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"or":{"a":0,"k":30},"os":{"a":0,"k":0}}"#
        let item = try ShapeItem(JSONFields(JSONReader.parse(Data(json.utf8)), trail: nil))
        guard case .polystar(let star) = item else { throw CocoaError(.coderInvalidValue) }
        return star.shape(atFrame: 0)
    }
}

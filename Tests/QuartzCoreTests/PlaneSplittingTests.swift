import Testing
import Foundation
@testable import QuartzCore

/// The binary space partition that orders transform-layer planes, checked on hand-made planes whose order is
/// known: larger z is nearer the viewer.
@Suite struct PlaneSplittingTests {
    /// A square of half-size 10 centred at the origin in the plane z = slope·x.
    func tilted(_ slope: Double) -> [SIMD3<Double>] {
        [SIMD3(-10, -10, -10 * slope), SIMD3(10, -10, 10 * slope), SIMD3(10, 10, 10 * slope), SIMD3(-10, 10, -10 * slope)]
    }

    func flat(z: Double) -> [SIMD3<Double>] {
        [SIMD3(-10, -10, z), SIMD3(10, -10, z), SIMD3(10, 10, z), SIMD3(-10, 10, z)]
    }

    @Test func parallelPlanesDrawFarFirst() throws {
        let pieces = try #require(PlaneSplitting.order([flat(z: 5), flat(z: 0), flat(z: -3)]))
        #expect(pieces.map(\.polygon) == [2, 1, 0])
        #expect(pieces.allSatisfy { $0.halfSpaces.isEmpty })
    }

    @Test func crossingPlanesAreSplitAndEachHalfDrawnInOrder() throws {
        // A: z = x, B: z = −x. For x > 0, A is nearer; for x < 0, B is.
        let pieces = try #require(PlaneSplitting.order([tilted(1), tilted(-1)]))
        #expect(pieces.count == 3)   // A whole (the splitter), B in two halves
        func side(_ piece: PlaneSplitting.Piece) -> Double { piece.points.map(\.x).reduce(0, +) / Double(piece.points.count) }
        let halves = pieces.filter { $0.polygon == 1 }
        #expect(halves.count == 2 && halves.allSatisfy { $0.halfSpaces.count == 1 })
        let a = try #require(pieces.firstIndex { $0.polygon == 0 })
        let bRight = try #require(pieces.firstIndex { $0.polygon == 1 && side($0) > 0 })
        let bLeft = try #require(pieces.firstIndex { $0.polygon == 1 && side($0) < 0 })
        #expect(bRight < a, "where x > 0, B lies behind A")
        #expect(a < bLeft, "where x < 0, B lies in front of A")
    }

    @Test func degenerateAndTooManyPolygons() {
        let line: [SIMD3<Double>] = [SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(2, 2, 2)]
        #expect(PlaneSplitting.order([flat(z: 0), line])?.map(\.polygon) == [0])
        #expect(PlaneSplitting.order(Array(repeating: flat(z: 0), count: PlaneSplitting.limit + 1)) == nil)
        // A polygon with a NaN corner has no plane: it is left out, not drawn.
        #expect(PlaneSplitting.order([[SIMD3(.nan, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)], flat(z: 1)])?.map(\.polygon) == [1])
    }

    @Test func pixelClipColumns() {
        // x ≥ 10 (pixel centres), and x + y ≤ 50.
        let clip = PixelClip(lines: [PixelClip.Line(a: 1, b: 0, c: -10), PixelClip.Line(a: -1, b: -1, c: 50)])
        // Row 0 (centre 0.5): centres 10.5 … 49.5 → columns 10..<50.
        #expect(clip.columns(ofRow: 0, within: 0..<100) == 10..<50)
        #expect(clip.columns(ofRow: 0, within: 20..<30) == 20..<30)
        #expect(clip.columns(ofRow: 45, within: 0..<100).isEmpty)
        let polygon = clip.polygon(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(polygon?.count == 3)
    }
}

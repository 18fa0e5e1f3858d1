import Testing
import Foundation
@testable import CoreGraphics
@testable import QuartzCore

/// A stroke trimmed by `strokeStart`/`strokeEnd` is rastered only where its part of the path reaches, and the
/// trimmed path is worked out once per path and trim.
@Suite struct TrimmedStrokeExtentTests {
    /// A circle of radius 50 about the origin, starting at (50, 0) and turning towards +y.
    func ring(strokeEnd: CGFloat, fill: CGColor? = nil) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        shape.fillColor = fill
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 4
        shape.lineJoin = .round
        shape.strokeEnd = strokeEnd
        return shape
    }

    @Test func aQuarterArcReachesOnlyItsQuarter() {
        // The first quarter runs from (50, 0) to (0, 50): its box, grown by half the line width and a pixel.
        let quarter = LayerContentExtent.of(ring(strokeEnd: 0.25))
        #expect(abs(quarter.minX - (0 - 3)) < 0.01 && abs(quarter.maxX - (50 + 3)) < 0.01)
        #expect(abs(quarter.minY - (0 - 3)) < 0.01 && abs(quarter.maxY - (50 + 3)) < 0.01)
        // Untrimmed, or filled, it is the whole circle.
        let whole = LayerContentExtent.of(ring(strokeEnd: 1))
        #expect(abs(whole.minX + 53) < 0.01 && abs(whole.maxY - 53) < 0.01)
        let filled = LayerContentExtent.of(ring(strokeEnd: 0.25, fill: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(abs(filled.minX + 50) < 0.01 && abs(filled.minY + 50) < 0.01 && abs(filled.maxX - 53) < 0.01)
    }

    @Test func anImmutablePathKeepsItsLastTrim() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let first = path.trimmed(from: 0, to: 0.5)
        #expect(path.trimmed(from: 0, to: 0.5) === first)
        let other = path.trimmed(from: 0.25, to: 0.5)
        #expect(other !== first && other.elements != first.elements)
        // A mutable path may change after a trim: it is measured afresh each time.
        let mutable = CGMutablePath()
        mutable.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        #expect(mutable.trimmed(from: 0, to: 0.5).currentPoint == CGPoint(x: 5, y: 0))
        mutable.addLine(to: CGPoint(x: 10, y: 10))
        #expect(mutable.trimmed(from: 0, to: 0.5).currentPoint == CGPoint(x: 10, y: 0))
    }
}

import Testing
import PropertyBased
import CoreGraphics

@Suite struct PathPropertyTests {
    static let coordinate = Gen.double(in: -1000...1000)
    static let extent = Gen.double(in: 0.5...500)

    @Test func rectPathBoundsEqualTheRectAndContainItsCentre() async {
        await propertyCheck(input: Self.coordinate, Self.coordinate, Self.extent, Self.extent) { x, y, w, h in
            let rect = CGRect(x: x, y: y, width: w, height: h)
            let path = CGPath(rect: rect, transform: nil)
            // minX + width − minX is not width exactly in floating point: allow a few ulps of the coordinates.
            let ulps = 1e-12 * (abs(x) + abs(y) + w + h)
            for box in [path.boundingBox, path.boundingBoxOfPath] {
                #expect(abs(box.minX - rect.minX) <= ulps && abs(box.maxY - rect.maxY) <= ulps)
                #expect(abs(box.width - rect.width) <= ulps && abs(box.height - rect.height) <= ulps)
            }
            #expect(path.contains(CGPoint(x: rect.midX, y: rect.midY)))
            #expect(abs(path.length - 2 * (w + h)) < 1e-6 * (w + h))
        }
    }

    @Test func trimmedLengthIsTheFractionOfTheLength() async {
        await propertyCheck(input: Gen.double(in: 0...1), Gen.double(in: 0...1), Self.extent) { a, b, r in
            let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * r, height: 2 * r), transform: nil)
            let total = circle.length
            let piece = circle.trimmed(from: a, to: b).length
            #expect(abs(piece - max(0, b - a) * total) < 1e-6 * total + 1e-9)
        }
    }

    @Test func transformRoundTrips() async {
        await propertyCheck(input: Gen.double(in: -.pi...(.pi)), Gen.double(in: 0.1...10), Self.coordinate, Self.coordinate) { angle, scale, x, y in
            let t = CGAffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale).translatedBy(x: x, y: y)
            let p = CGPoint(x: 3, y: -4).applying(t).applying(t.inverted())
            #expect(abs(p.x - 3) < 1e-6 && abs(p.y + 4) < 1e-6)
        }
    }
}

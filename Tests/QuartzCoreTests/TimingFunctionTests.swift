import Testing
import PropertyBased
@testable import QuartzCore

/// Vectors from semantics §2.2, measured on Apple's QuartzCore through `-_solveForInput:` (gnustep/libs-quartzcore
/// Tests/quartzcore/CAMediaTimingFunction/evaluation.m, run against macOS in its CI), tolerance 1e-4 there; our
/// solver is expected within 1e-6.
@Suite struct TimingFunctionTests {
    static let vectors: [(String, CAMediaTimingFunction, [Double])] = [
        ("linear", CAMediaTimingFunction(name: .linear), [0.25, 0.5, 0.75]),
        ("easeIn", CAMediaTimingFunction(name: .easeIn), [0.093465, 0.315357, 0.621861]),
        ("easeOut", CAMediaTimingFunction(name: .easeOut), [0.378140, 0.684643, 0.906535]),
        ("easeInEaseOut", CAMediaTimingFunction(name: .easeInEaseOut), [0.129162, 0.5, 0.870838]),
        ("(0.5, 0, 0.5, 1)", CAMediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1), [0.105889, 0.5, 0.894111]),
    ]

    @Test(arguments: vectors.map(\.0))
    func appleMeasuredValues(name: String) {
        let (_, function, expected) = Self.vectors.first { $0.0 == name }!
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(function.evaluate(x) - y) < 1e-6, "\(name)(\(x)) = \(function.evaluate(x)), Apple \(y)")
        }
    }

    @Test func endpointsAndClamping() {
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let f = CAMediaTimingFunction(name: name)
            #expect(f.evaluate(0) == 0 && f.evaluate(1) == 1)
        }
        // Apple clamps out-of-range input: linear(−0.5) = 0, linear(1.5) = 1 (semantics §2.2).
        let linear = CAMediaTimingFunction(name: .linear)
        #expect(linear.evaluate(-0.5) == 0 && linear.evaluate(1.5) == 1 && linear.evaluate(.nan) == 0)
    }

    @Test func controlPoints() {
        let f = CAMediaTimingFunction(name: .default)
        var values: [Float] = [0, 0]
        f.getControlPoint(at: 1, values: &values)
        #expect(values == [0.25, 0.1])
        f.getControlPoint(at: 3, values: &values)
        #expect(values == [1, 1])
        // x outside [0, 1] is kept as given (Q4) and clamped only when solving.
        let wild = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
        wild.getControlPoint(at: 1, values: &values)
        #expect(values == [-1, 0])
        #expect(wild.evaluate(0.5).isFinite)
    }

    /// Chromium's ui/gfx/geometry/cubic_bezier_unittest.cc `Basic`: (0.25, 0, 0.75, 1) at 0.05, 0.5, 0.95 gives
    /// 0.01136, 0.5, 0.98864 (within 1e-5 there; input-clamping cases dropped, semantics §11.2).
    @Test func chromiumBasicVectors() {
        let f = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.75, 1)
        #expect(abs(f.evaluate(0.05) - 0.01136) < 1e-4)
        #expect(abs(f.evaluate(0.5) - 0.5) < 1e-5)
        #expect(abs(f.evaluate(0.95) - 0.98864) < 1e-4)
    }

    @Test func monotoneForMonotoneCurves() async {
        await propertyCheck(input: Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)) { a, b, c, d in
            let f = CAMediaTimingFunction(controlPoints: Float(a), Float(b), Float(c), Float(d))
            var previous = -1.0
            for i in 0...50 {
                let y = f.evaluate(Double(i) / 50)
                #expect(y.isFinite)
                if b <= 1 && d <= 1 && b >= 0 && d >= 0 { #expect(y >= previous - 1e-4); previous = y }
            }
        }
    }
}

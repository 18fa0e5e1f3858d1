import Testing
import CoreGraphics

@Suite struct AffineTransformTests {
    @Test func concatenationAppliesLeftOperandFirst() {
        // Translate then scale: (1, 0) → (11, 0) → (22, 0).
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 22, y: 0))
        // Apple's translatedBy applies the translation first, in local space: scale(2) then translated by 10 → 20.
        let s = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(s.tx == 20)
    }

    @Test func rotationIsCounterClockwiseWithYUp() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let r = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(r.a == cos(.pi / 6) && r.b == sin(.pi / 6) && r.c == -sin(.pi / 6))
    }

    @Test func inversionRoundTripsAndSingularStaysUnchanged() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3.5, y: -2).applying(t).applying(t.inverted())
        #expect(abs(p.x - 3.5) < 1e-12 && abs(p.y + 2) < 1e-12)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func rectApplyingTakesTheBoundingBox() {
        // A 100×100 square centred on the origin turned by 45° spans 100·√2 (hand-computed).
        let r = CGRect(x: -50, y: -50, width: 100, height: 100).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(r.minX + 50 * 2.0.squareRoot()) < 1e-9 && abs(r.width - 100 * 2.0.squareRoot()) < 1e-9)
        #expect(CGRect.null.applying(.identity).isNull)
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 9, y: 9)) == CGSize(width: 2, height: 3))
    }

    @Test func identityAndCFunctions() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransformIsIdentity(CGAffineTransformMakeTranslation(0, 0)))
        #expect(CGAffineTransformConcat(CGAffineTransformMakeScale(2, 3), .identity) == CGAffineTransform(scaleX: 2, y: 3))
        #expect(CGVector(dx: 1, dy: 2).dy == 2)
    }
}

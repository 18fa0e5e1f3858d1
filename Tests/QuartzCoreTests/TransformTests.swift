import Testing
import PropertyBased
@testable import QuartzCore

func near(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    zip(a.rows.flatMap { $0 }, b.rows.flatMap { $0 }).allSatisfy { abs($0 - $1) <= tolerance }
}

/// CATransform3D conventions, transcribed from semantics §0.2 (APPLE-MEASURED: gnustep/libs-quartzcore
/// Tests/quartzcore/CATransform3D/catransform3d.m and CATransform3DAffine/affine.m, run against macOS).
@Suite struct TransformTests {
    @Test func rotationLayout() {
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(z.m11) < 1e-15 && z.m12 == 1 && z.m21 == -1 && abs(z.m22) < 1e-15)
        let x = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)
        #expect(x.m22 == cos(.pi / 3) && x.m23 == sin(.pi / 3) && x.m32 == -sin(.pi / 3) && x.m33 == cos(.pi / 3))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)  // zero axis
        // Rotations about z are affine for every angle (APPLE-MEASURED, affine.m): m33 exactly 1.
        for i in 0..<200 { #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.0731 * Double(i), 0, 0, 1))) }
        #expect(CATransform3DMakeRotation(0.5, 0, 0, -2) == CATransform3DMakeRotation(-0.5, 0, 0, 1))
    }

    @Test func concatenationOrder() {
        #expect(CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2)).m41 == 20)
        #expect(CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0)).m41 == 10)
        // Translate(t, …) = translate · t: the new operation applies first, in local space.
        #expect(CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0).m41 == 20)
    }

    @Test func inversionAndAffine() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.7, 1, 2, 3)
        #expect(near(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        var perspective = CATransform3DIdentity; perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 0, 1)))
        let a = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(a.m11 == 1 && a.m12 == 2 && a.m21 == 3 && a.m22 == 4 && a.m41 == 5 && a.m42 == 6)
        #expect(CATransform3DGetAffineTransform(a) == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }

    @Test func interpolationVectors() {
        // Semantics §3.3 "Safe" vectors: any decomposition gives these.
        let half = CATransform3DIdentity.interpolated(to: CATransform3DMakeTranslation(10, 20, 30), fraction: 0.5)
        #expect(near(half, CATransform3DMakeTranslation(5, 10, 15)))
        let scaled = CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(2, 4, 8), fraction: 0.5)
        #expect(near(scaled, CATransform3DMakeScale(1.5, 2.5, 4.5)))
        let r = CATransform3DMakeRotation(0.8, 1, 1, 0)
        #expect(near(r.interpolated(to: r, fraction: 0.3), r))
        // Identity → 2π does not move; −3π/2 animates as +π/2 (semantics §3.3).
        let full = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1), fraction: 0.5)
        #expect(near(full, CATransform3DIdentity, 1e-9))
        let wrapped = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(-3 * .pi / 2, 0, 0, 1), fraction: 0.5)
        #expect(near(wrapped, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
        // Rotation interpolates by angle, not component-wise: halfway to 90° is 45°.
        let quarter = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 1, 0), fraction: 0.5)
        #expect(near(quarter, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), 1e-9))
    }

    @Test func decompositionRoundTrips() async {
        let angle = Gen.double(in: -3...3), s = Gen.double(in: 0.2...5), t = Gen.double(in: -100...100)
        await propertyCheck(input: angle, angle, s, s, t, t) { a1, a2, sx, sy, tx, ty in
            var m = CATransform3DMakeScale(sx, sy, (sx + sy) / 2)
            m = CATransform3DConcat(m, CATransform3DMakeRotation(a1, 0.3, -0.5, 0.8))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(a2, 1, 0, 0))
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(tx, ty, tx - ty))
            m.m34 = -1.0 / 500
            let d = DecomposedTransform(m)
            #expect(d != nil)
            if let d { #expect(near(d.recomposed, m, 1e-7)) }
        }
    }

    @Test func reflectionsDecompose() {
        let flip = CATransform3DMakeScale(-1, 1, 1)
        #expect(near(DecomposedTransform(flip)!.recomposed, flip))
        let flip3D = CATransform3DConcat(CATransform3DMakeScale(1, -2, 1), CATransform3DMakeRotation(0.5, 1, 0, 0))
        #expect(near(DecomposedTransform(flip3D)!.recomposed, flip3D, 1e-12))
        #expect(DecomposedTransform(CATransform3DMakeScale(0, 1, 1)) == nil)
    }
}

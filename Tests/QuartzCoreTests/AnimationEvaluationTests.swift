import Testing
import PropertyBased
@testable import QuartzCore

/// Presentation values under animations at chosen times (semantics §1, §3, §4, §7).
@Suite struct BasicAnimationTests {
    /// Adds `animation`, commits at t = 100 (so beginTime = 100 in the root's time), and reads the
    /// presentation's key at each time offset.
    func sample(_ layer: CALayer, _ animation: CAAnimation, key: String = "a", at offsets: [Double], read: (CALayer) -> Double) -> [Double] {
        withClock(at: 100) { clock in
            layer.add(animation, forKey: key)
            CATransaction.flush()
            return offsets.map { offset in
                clock.setManualTime(100 + offset)
                return read(layer.presentation()!)
            }
        }
    }

    @Test func presentationIsNilBeforeCommitAndBeginTimeIsStamped() {
        withClock(at: 42) { _ in
            let l = CALayer()
            #expect(l.presentation() == nil)
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1
            l.add(a, forKey: "f")
            #expect(l.animation(forKey: "f")?.beginTime == 0)
            CATransaction.flush()
            #expect(l.animation(forKey: "f")?.beginTime == 42)
            #expect(l.animation(forKey: "f") !== a)  // a copy
            #expect(l.animation(forKey: "f")?.duration == 0.25)  // the default duration
        }
    }

    @Test func fromToByTable() {
        // Semantics §3.1 with model opacity 0.25 (GS CAAnimation/interpolation.m): only fromValue = 0 ends at
        // 0.25; only toValue = 1 starts at 0.25; from 0 by 0.5 ends at 0.5.
        func run(_ configure: (CABasicAnimation) -> Void) -> [Double] {
            let l = CALayer(); l.opacity = 0.25
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity"); a.duration = 1; a.fillMode = .forwards; a.isRemovedOnCompletion = false
            configure(a)
            return sample(l, a, at: [0, 0.5, 0.999999, 2]) { Double($0.opacity) }
        }
        let fromOnly = run { $0.fromValue = 0 }
        #expect(fromOnly[0] == 0 && abs(fromOnly[1] - 0.125) < 1e-6 && abs(fromOnly[3] - 0.25) < 1e-6)
        let toOnly = run { $0.toValue = 1 }
        #expect(abs(toOnly[0] - 0.25) < 1e-6 && abs(toOnly[3] - 1) < 1e-6)
        let fromBy = run { $0.fromValue = 0; $0.byValue = 0.5 }
        #expect(abs(fromBy[3] - 0.5) < 1e-6)
        let toBy = run { $0.toValue = 1; $0.byValue = 0.25 }
        #expect(abs(toBy[0] - 0.75) < 1e-6)
        let byOnly = run { $0.byValue = 0.5 }
        #expect(abs(byOnly[3] - 0.75) < 1e-6)
        let all = run { $0.fromValue = 0; $0.toValue = 1; $0.byValue = 7 }  // Q5: by ignored
        #expect(abs(all[3] - 1) < 1e-6)
    }

    /// The same rows of the table where the value underneath supplies an endpoint, on the per-frame fast path
    /// (a transform field read from the decomposed base, a point, a colour), with cumulative repeats adding one
    /// cycle's change per iteration: expectations worked by hand from the model values.
    @Test func endpointsFromTheValueUnderneathOnTheFastPath() throws {
        let spun = CALayer(); spun.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z"); spin.byValue = 1.0; spin.duration = 2
        spin.repeatCount = 3; spin.isCumulative = true
        let angles = sample(spun, spin, at: [0, 1, 3]) { layer in
            Double(atan2(layer.transform.m12, layer.transform.m11))
        }
        // 0.3 + 0, 0.3 + 0.5, and in the second iteration 0.3 + 1 (one cycle) + 0.5.
        #expect(abs(angles[0] - 0.3) < 1e-9 && abs(angles[1] - 0.8) < 1e-9 && abs(angles[2] - 1.8) < 1e-9)

        let moved = CALayer(); moved.position = CGPoint(x: 10, y: 20)
        CATransaction.flush()
        let slide = CABasicAnimation(keyPath: "position"); slide.fromValue = CGPoint(x: 50, y: 0); slide.duration = 1
        let xs = sample(moved, slide, at: [0, 0.5]) { Double($0.position.x) }
        #expect(abs(xs[0] - 50) < 1e-9 && abs(xs[1] - 30) < 1e-9)   // from 50 to the model's 10

        let tinted = CALayer(); tinted.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        let tint = CABasicAnimation(keyPath: "backgroundColor"); tint.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        tint.duration = 1
        let reds = sample(tinted, tint, at: [0.25]) { Double($0.backgroundColor?.components?[0] ?? -1) }
        #expect(abs(reds[0] - 0.25) < 1e-9)   // from the model's blue toward red

        for layer in [spun, moved, tinted] {
            for entry in layer.animationEntries {
                #expect(entry.compiled?.kernel != nil, "\(entry.animation) should evaluate on the fast path")
            }
        }
    }

    /// Keyframes of a transform's number field (`transform.rotation.z`, `transform.scale.x`, as a Lottie layer's
    /// turn and scale are), eased per segment, evaluate on the per-frame fast path with the values worked by hand:
    /// the key values at the key times, and between them the segment's eased fraction of the way.
    @Test func keyframedTransformFieldsOnTheFastPath() {
        withClock(at: 100) { clock in
            let layer = CALayer(); layer.transform = CATransform3DMakeScale(2, 2, 1)
            CATransaction.flush()
            let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            turn.values = [0.0, 1.0, 0.5]; turn.keyTimes = [0, 0.5, 1]; turn.duration = 2
            turn.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn)]
            let grow = CAKeyframeAnimation(keyPath: "transform.scale.x")
            grow.values = [1.0, 3.0]; grow.keyTimes = [0, 1]; grow.duration = 2
            layer.add(turn, forKey: "turn"); layer.add(grow, forKey: "grow")
            CATransaction.flush()
            for entry in layer.animationEntries {
                #expect(entry.compiled?.kernel != nil, "\(entry.animation) should evaluate on the fast path")
            }
            // At 0.5 s: the turn halfway to 1 (linear segment), the x scale a quarter of the way from 1 to 3.
            // At 1.5 s: the turn on the ease-in segment halfway in time, 1 + (0.5 − 1)·easeIn(0.5).
            let easeIn = CAMediaTimingFunction(name: .easeIn).evaluate(0.5)
            for (t, angle, scaleX) in [(0.5, 0.5, 1.5), (1.5, 1 - 0.5 * easeIn, 2.5)] {
                clock.setManualTime(100 + t)
                let m = layer.presentation()!.transform
                // Rotation about z over scales (sx, 2): m11 = sx·cos, m12 = sx·sin.
                let sx = (Double(m.m11) * Double(m.m11) + Double(m.m12) * Double(m.m12)).squareRoot()
                #expect(abs(Double(atan2(m.m12, m.m11)) - angle) < 1e-9, "angle at \(t)")
                #expect(abs(sx - scaleX) < 1e-9, "x scale at \(t): \(sx)")
            }
        }
    }

    @Test func removalRestoresTheModelAndFillHolds() {
        let l = CALayer(); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 100; a.duration = 1
        let v = sample(l, a, at: [-0.5, 0, 0.25, 2]) { Double($0.position.x) }
        #expect(v == [0, 0, 25, 0])  // before: model (0); after, removed fill: model
        let held = CALayer(); CATransaction.flush()
        let b = CABasicAnimation(keyPath: "position.x"); b.fromValue = 10; b.toValue = 100; b.duration = 1; b.fillMode = .both
        let w = sample(held, b, at: [-0.5, 2]) { Double($0.position.x) }
        #expect(w == [10, 100])
    }

    @Test func additiveAndCumulative() {
        let l = CALayer(); l.position = CGPoint(x: 50, y: 0); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 10; a.duration = 1; a.isAdditive = true
        #expect(sample(l, a, at: [0.5]) { Double($0.position.x) } == [55])
        let c = CALayer(); CATransaction.flush()
        let b = CABasicAnimation(keyPath: "opacity"); b.fromValue = 0; b.toValue = 0.1; b.duration = 1
        b.repeatCount = 3; b.isCumulative = true
        let v = sample(c, b, at: [0.5, 1.5, 2.5]) { Double($0.opacity) }
        #expect(zip(v, [0.05, 0.15, 0.25]).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    /// An additive `transform.scale` adds its number to the scale underneath (Spring's "pop" keyframes 0, ±0.2
    /// over a layer of scale 1 pulse it between 0.8 and 1.2, and make it vanish if the number multiplied), in
    /// the presentation layer and in the frame drawn.
    @Test func additiveScaleAddsToTheScaleUnderneath() {
        let l = CALayer(); l.transform = CATransform3DMakeScale(2, 2, 1); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "transform.scale"); a.fromValue = 0; a.toValue = 1; a.duration = 1; a.isAdditive = true
        #expect(sample(l, a, at: [0.5]) { Double($0.transform.m11) } == [2.5])
        let x = CABasicAnimation(keyPath: "transform.scale.x"); x.fromValue = 0; x.toValue = 1; x.duration = 1; x.isAdditive = true
        #expect(sample(l, x, at: [0.5]) { Double($0.transform.m11) } == [2.5])
        #expect(sample(l, x, at: [0.5]) { Double($0.transform.m22) } == [2])

        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = CGColor.white
            let square = CALayer(); square.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(square)
            let pop = CAKeyframeAnimation(keyPath: "transform.scale")
            pop.values = [0, 0.5, 0]; pop.duration = 1; pop.isAdditive = true
            square.add(pop, forKey: "pop")
            let canvas = renderedFrame(root, at: 0.5)   // scale 1.5: 30 points wide, x 35…65
            #expect(canvas.pixel(topDown: 36, 50) == .black && canvas.pixel(topDown: 63, 50) == .black)
            #expect(canvas.pixel(topDown: 33, 50) == .white && canvas.pixel(topDown: 66, 50) == .white)
        }
    }

    @Test func transformRotationSubKeyPathTurnsPastPi() {
        let l = CALayer(); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "transform.rotation.z"); a.fromValue = 0; a.toValue = 2 * Double.pi; a.duration = 1
        let v = sample(l, a, at: [0.5, 0.75]) { p in Double(atan2(p.transform.m12, p.transform.m11)) }
        #expect(abs(abs(v[0]) - .pi) < 1e-9)            // half a turn, not the identity a matrix blend would give
        #expect(abs(v[1] - (-Double.pi / 2)) < 1e-9)    // three quarters = −π/2
    }

    @Test func timingFunctionAndSpeed() {
        let l = CALayer(); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let v = sample(l, a, at: [0.5]) { Double($0.opacity) }
        #expect(abs(v[0] - 0.315357) < 1e-5)  // easeIn(0.5), Apple-measured
        let slow = CALayer(); CATransaction.flush()
        slow.speed = 0.5
        let b = CABasicAnimation(keyPath: "opacity"); b.fromValue = 0; b.toValue = 1; b.duration = 1
        #expect(abs(sample(slow, b, at: [1]) { Double($0.opacity) }[0] - 0.5) < 1e-6)  // layer speed halves the animation
    }

    @Test func valueFunctionRotates() {
        let l = CALayer(); CATransaction.flush()
        let a = CABasicAnimation(keyPath: "transform"); a.fromValue = 0; a.toValue = Double.pi; a.duration = 1
        a.valueFunction = CAValueFunction(name: .rotateZ)
        let v = sample(l, a, at: [0.5]) { Double($0.transform.m12) }
        #expect(abs(v[0] - 1) < 1e-9)  // rotated by π/2
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "nope")) == nil)
    }

    @Test func presentationTreesArePresentationAllTheWayDown() throws {
        try withClock { clock in
            let root = committedLayer()
            let child = CALayer()
            root.addSublayer(child)
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
            child.add(a, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let p = try #require(root.presentation())
            let childCopy = try #require(p.sublayers?.first)
            #expect(abs(childCopy.opacity - 0.5) < 1e-6 && childCopy.superlayer === p)
            #expect(childCopy.model() === child && child.opacity == 1)
        }
    }

    @Test func namedSublayerKeyPaths() throws {
        try withClock { clock in
            let parent = committedLayer()
            let dot = CALayer(); dot.name = "dot"
            parent.addSublayer(dot)
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "sublayers.dot.opacity"); a.fromValue = 0; a.toValue = 1; a.duration = 1
            parent.add(a, forKey: "blink")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let p = try #require(dot.presentation())
            #expect(abs(p.opacity - 0.25) < 1e-6)
            #expect(parent.animationKeys() == ["blink"] && dot.animationKeys() == nil)
            parent.removeAnimation(forKey: "blink")
            #expect(try #require(dot.presentation()).opacity == 1)
        }
    }

    @Test func badInputIsHarmless() {
        let l = CALayer(); CATransaction.flush()
        let unknown = CABasicAnimation(keyPath: "transform.wobble"); unknown.fromValue = 0; unknown.toValue = 1
        let nanValues = CABasicAnimation(keyPath: "opacity"); nanValues.fromValue = Double.nan; nanValues.toValue = 1
        let wrongType = CABasicAnimation(keyPath: "position"); wrongType.fromValue = "left"; wrongType.toValue = CGPoint(x: 1, y: 1)
        let negative = CABasicAnimation(keyPath: "opacity"); negative.duration = -3; negative.fromValue = 0; negative.toValue = 1
        withClock { clock in
            for (i, a) in [unknown, nanValues, wrongType, negative].enumerated() { l.add(a, forKey: "\(i)") }
            CATransaction.flush()
            clock.advance(by: 0.1)
            #expect(l.presentation() != nil)
            #expect(l.animationKeys()?.count == 4)
            #expect(l.animation(forKey: "3")?.duration == 0.25)
        }
    }

    @Test func presentationAtBeginEqualsFromValue() async {
        await propertyCheck(input: Gen.double(in: -1000...1000), Gen.double(in: -1000...1000), Gen.double(in: 0.01...100)) { from, to, duration in
            let l = CALayer(); CATransaction.flush()
            let a = CABasicAnimation(keyPath: "position.y"); a.fromValue = from; a.toValue = to; a.duration = duration
            let v = sample(l, a, at: [0, duration * 2]) { Double($0.position.y) }
            #expect(v[0] == from)
            #expect(v[1] == 0)  // removed after the end: the model value
        }
    }
}

@Suite struct KeyframeTests {
    func sample(_ animation: CAAnimation, layer: CALayer = CALayer(), at offsets: [Double], read: (CALayer) -> Double) -> [Double] {
        BasicAnimationTests().sample(layer, animation, at: offsets, read: read)
    }

    @Test func linearWithKeyTimesAndTimingFunctions() {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0, 1, 0.5]; a.keyTimes = [0, 0.25, 1]; a.duration = 1
        let v = sample(a, at: [0.125, 0.25, 0.625]) { Double($0.opacity) }
        #expect(zip(v, [0.5, 1, 0.75]).allSatisfy { abs($0 - $1) < 1e-6 })
        // Mismatched keyTimes are ignored: keyframes spaced evenly (0, 0.5, 1).
        let b = CAKeyframeAnimation(keyPath: "opacity"); b.values = [0, 1, 0.5]; b.keyTimes = [0, 1]; b.duration = 1
        #expect(abs(sample(b, at: [0.5]) { Double($0.opacity) }[0] - 1) < 1e-6)
        let c = CAKeyframeAnimation(keyPath: "opacity"); c.values = [0, 1]; c.duration = 1
        c.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        #expect(abs(sample(c, at: [0.5]) { Double($0.opacity) }[0] - 0.315357) < 1e-5)
    }

    @Test func discreteAndPaced() {
        let d = CAKeyframeAnimation(keyPath: "opacity"); d.values = [0.1, 0.2, 0.3]; d.calculationMode = .discrete; d.duration = 1
        let v = sample(d, at: [0.1, 0.4, 0.7]) { Double($0.opacity) }
        #expect(zip(v, [0.1, 0.2, 0.3]).allSatisfy { abs($0 - $1) < 1e-6 })  // thirds
        // Paced: 0 → 10 → 40 spends a quarter of the time on the first leg.
        let p = CAKeyframeAnimation(keyPath: "position.x"); p.values = [0, 10, 40]; p.calculationMode = .paced; p.duration = 1
        p.keyTimes = [0, 0.9, 1]  // ignored
        let w = sample(p, at: [0.25, 0.5]) { Double($0.position.x) }
        #expect(abs(w[0] - 10) < 1e-6 && abs(w[1] - 20) < 1e-6)
    }

    @Test func cubicPassesThroughKeyframes() {
        let c = CAKeyframeAnimation(keyPath: "position.x"); c.values = [0, 10, 0, 10]; c.calculationMode = .cubic; c.duration = 1
        let v = sample(c, at: [0, 1.0 / 3, 2.0 / 3]) { Double($0.position.x) }
        #expect(zip(v, [0, 10, 0]).allSatisfy { abs($0 - $1) < 1e-6 })
        // Catmull–Rom overshoots between 0 and 10 toward the next point less than linear interpolation would.
        let mid = sample(c, at: [1.0 / 6]) { Double($0.position.x) }[0]
        #expect(mid > 4 && mid < 7)
    }

    @Test func pathWithRotationMode() {
        let path = CGMutablePath()
        path.move(to: .zero); path.addLine(to: CGPoint(x: 100, y: 0)); path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position"); a.path = path; a.duration = 1; a.rotationMode = .rotateAuto
        let layer = CALayer()
        let x = sample(a, layer: layer, at: [0.25, 0.75]) { Double($0.position.x) }
        #expect(abs(x[0] - 50) < 1e-6 && abs(x[1] - 100) < 1e-6)
        let angle = sample(a, layer: CALayer(), at: [0.25, 0.75]) { Double(atan2($0.transform.m12, $0.transform.m11)) }
        #expect(abs(angle[0]) < 1e-9 && abs(angle[1] - .pi / 2) < 1e-9)  // along +x, then +y
        // Paced along a path with a long and a short segment: constant speed.
        let uneven = CGMutablePath()
        uneven.move(to: .zero); uneven.addLine(to: CGPoint(x: 90, y: 0)); uneven.addLine(to: CGPoint(x: 100, y: 0))
        let p = CAKeyframeAnimation(keyPath: "position"); p.path = uneven; p.duration = 1; p.calculationMode = .paced
        #expect(abs(sample(p, at: [0.5]) { Double($0.position.x) }[0] - 50) < 1e-6)
    }

    @Test func emptyValuesContributeNothing() {
        let a = CAKeyframeAnimation(keyPath: "opacity"); a.values = []; a.duration = 1
        #expect(sample(a, at: [0.5]) { Double($0.opacity) } == [1])
    }
}

@Suite struct GroupTests {
    @Test func childrenRunInGroupTimeAndAreClipped() {
        let group = CAAnimationGroup(); group.duration = 2
        let a = CABasicAnimation(keyPath: "position.x"); a.fromValue = 0; a.toValue = 100; a.duration = 10
        let b = CABasicAnimation(keyPath: "opacity"); b.fromValue = 0; b.toValue = 1; b.beginTime = 1  // duration 0: the group's (Q3)
        group.animations = [a, b]
        let l = CALayer()
        let v = BasicAnimationTests().sample(l, group, at: [1, 1.5, 3]) { Double($0.position.x) }
        #expect(v == [10, 15, 0])  // a 10 s child shows its first 2 s; after the group: the model
        let o = BasicAnimationTests().sample(CALayer(), group, at: [0.5, 2]) { Double($0.opacity) }
        #expect(o == [1, 1])  // b starts 1 s into the group; outside the group: model opacity 1
        let o2 = BasicAnimationTests().sample(CALayer(), group, at: [1.5]) { Double($0.opacity) }
        #expect(abs(o2[0] - 0.25) < 1e-9)  // 0.5 s into a 2 s child
    }
}

import Testing
import CalyxTestSupport
@testable import QuartzCore

/// The crashes a random-program run of the public API found (docs/bad-input.md), each reduced to the calls that
/// matter. Every one trapped, recursed without end or ran away before its fix.
@Suite struct HostileInputRegressionTests {
    /// `FrameCompositor.execute(into:region:)` intersected a rect whose origin was −∞ (`CGRect.intersection`
    /// traps on infinite widths).
    @Test func nonFiniteUpdateRegionsAreHarmless() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.beginFrame(atTime: 1, timeStamp: nil)
            renderer.addUpdate(CGRect(x: -CGFloat.infinity, y: 0, width: 5, height: 5))
            renderer.addUpdate(CGRect(x: 0, y: CGFloat.nan, width: 5, height: 5))
            renderer.addUpdate(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
            renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 10, 10) == .red)
            // An infinite update region means "everything": the next frame redraws the whole bitmap.
            renderer.beginFrame(atTime: 2, timeStamp: nil)
            renderer.addUpdate(CGRect(x: -CGFloat.infinity, y: -CGFloat.infinity, width: CGFloat.infinity, height: CGFloat.infinity))
            #expect(renderer.updateBounds().contains(CGRect(x: 0, y: 0, width: 20, height: 20)))
            renderer.render(); renderer.endFrame()
        }
    }

    /// `hitTest` on a layer whose bounds were set to NaN, and `visibleRect` under an infinite anchor point: the
    /// setters now refuse non-finite geometry (the layer keeps its value and the refusal is reported), so
    /// neither reaches the maths.
    @Test func nonFiniteGeometryIsRefusedBySetters() {
        let reports = DiagnosticLog()
        // Six refusals: bounds, anchorPoint, transform, opacity, position.x, and the scroll layer's anchorPoint.
        defer { #expect(reports.entries.count == 6 && reports.entries.allSatisfy { $0.contains("not a finite value") }) }
        CALayerTreeDiagnostics.$handler.withValue({ reports.append("\($0)") }) {
        withClock(at: 0) { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
            #expect(layer.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
            layer.position = CGPoint(x: 5, y: 5)
            layer.anchorPoint = CGPoint(x: CGFloat.infinity, y: 0)
            #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
            var t = CATransform3DIdentity; t.m34 = .nan
            layer.transform = t
            #expect(CATransform3DIsIdentity(layer.transform))
            layer.opacity = .nan
            #expect(layer.opacity == 1)
            layer.setValue(CGFloat.nan, forKeyPath: "position.x")
            #expect(layer.position == CGPoint(x: 5, y: 5))
            #expect(layer.hitTest(CGPoint(x: 5, y: 5)) === layer)
            let scroller = CAScrollLayer(); scroller.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            scroller.addSublayer(layer)
            scroller.anchorPoint = CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity)
            #expect(layer.visibleRect == CGRect(x: 0, y: 0, width: 4, height: 4).intersection(layer.convert(scroller.bounds, from: scroller)))
            _ = layer.frame; _ = layer.convert(CGPoint(x: 1, y: 1), to: scroller)
        }
        }
    }

    /// A cubic keyframe animation of `lineDashPattern` whose values have different lengths indexed past the
    /// shorter one. Values of different shapes cannot be splined: such an animation interpolates linearly.
    @Test func cubicKeyframesOfDifferentLengthsInterpolateLinearly() {
        withClock(at: 0) { clock in
            let shape = CAShapeLayer(); shape.lineDashPattern = [1, 1]
            CATransaction.flush()
            let a = CAKeyframeAnimation(keyPath: "lineDashPattern")
            a.values = [[1, 2], [3, 4, 5], [6]]
            a.calculationMode = .cubic; a.duration = 1
            shape.add(a, forKey: "dash")
            CATransaction.flush()
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                clock.setManualTime(t)
                _ = shape.presentation()?.lineDashPattern
            }
            clock.setManualTime(0.25)
            // Half way between [1, 2] and [3, 4, 5]: values of different lengths switch there (Q11), and at a
            // quarter of the second segment the value is the second keyframe's.
            clock.setManualTime(0.6)
            let later = shape.presentation()?.lineDashPattern?.map(\.doubleValue)
            #expect(later == [3, 4, 5])
        }
    }

    /// The renderer's tree held a cycle: a transaction left open, layers re-parented, then an animation delegate
    /// moving the renderer's root under its own descendant. Each committed sublayer list was cycle-free, but
    /// lists committed at different times formed one together; the render tree now takes each layer once.
    @Test func committedListsThatFormACycleDrawEachLayerOnce() {
        withClock(at: 0) { clock in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let a = CALayer(), b = CALayer()
            a.frame = root.bounds; b.frame = root.bounds
            b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(a); a.addSublayer(b)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            // b's new list (holding a) is committed while a's (holding b) stays as it was: a → b → a.
            b.removeFromSuperlayer(); root.addSublayer(b)
            a.removeFromSuperlayer(); b.addSublayer(a)
            CATransaction.flush()
            a.committedState?.sublayerStorage = [b]
            clock.setManualTime(1)
            renderer.drawFrame(at: 1)
            #expect(canvas.pixel(topDown: 10, 10) == .blue)
            a.committedState?.sublayerStorage = []   // (the planted list closed a cycle of ownership too)
        }
    }
}

extension HostileInputRegressionTests {
    /// Cells nested in a cycle are copied for each commit as a tree as deep as particles nest: copies that formed
    /// the same cycle kept one another alive after the layer was gone (found by the leak checker).
    @Test func copiesOfCyclicCellsAreFreedWithTheirLayer() {
        weak var copiedCell: CAEmitterCell?
        withClock(at: 0) { _ in
            let emitter = CAEmitterLayer()
            let cell = CAEmitterCell(), inner = CAEmitterCell()
            cell.emitterCells = [inner]; inner.emitterCells = [cell]
            emitter.emitterCells = [cell]
            CATransaction.flush()
            let copy = (emitter.committedState as? CAEmitterLayer)?.emitterCells?.first
            copiedCell = copy
            // Unrolled: the copy's chain ends at the nesting depth particles use, instead of returning to itself.
            var depth = 0, level = copy
            while let here = level { depth += 1; #expect(depth <= 10); level = here.emitterCells?.first; if depth > 10 { break } }
            #expect(depth == ParticleSystem.maximumDepth)
            cell.emitterCells = nil
        }
        #expect(copiedCell == nil)
    }

    /// A random program peaked above 1 GiB: a layer thousands of points on both sides rastered at 16384 × 16384
    /// pixels. A raster now holds at most 2²³ pixels (32 MiB) whatever the layer's size; the visible part still
    /// shows the layer's colour.
    @Test func enormousLayersRasterWithinAFixedBudget() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            let huge = CAShapeLayer()
            huge.frame = CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000)
            huge.path = CGPath(rect: huge.bounds, transform: nil)
            huge.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(huge)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            let pixels = renderer.compositor.rasters.content.values.map { $0.image.width * $0.image.height }
            #expect(!pixels.isEmpty && pixels.allSatisfy { $0 <= 1 << 23 })
            #expect(canvas.pixel(topDown: 16, 16) == .green)
        }
    }
}

extension HostileInputRegressionTests {
    /// A shadow radius of 1e300 made 12σ² overflow in the box-blur widths (a trap converting infinity to Int);
    /// σ is now bounded, and the layer itself still draws.
    @Test func absurdShadowRadiiAreBounded() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 20, height: 20); root.backgroundColor = CGColor.white
            let layer = CALayer(); layer.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.shadowOpacity = 1; layer.shadowRadius = 1e300
            root.addSublayer(layer)
            #expect(renderedFrame(root, at: 0).pixel(topDown: 10, 10) == .blue)
            let snapshot = TestCanvas(width: 20, height: 20)
            root.render(in: snapshot.context)
            #expect(snapshot.pixel(topDown: 10, 10) == .blue)
        }
    }

    /// Group images (a clipped, shadowed or faded subtree) are bounded like content rasters: a group thousands of
    /// points wide is painted straight into the frame instead of into a gigabyte image.
    @Test func enormousGroupsStayWithinTheRasterBudget() {
        withClock(at: 0) { _ in
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
            let group = CALayer(); group.frame = CGRect(x: -6000, y: -6000, width: 12_000, height: 12_000)
            group.opacity = 0.5
            for offset in [0.0, 50.0] {
                let child = CALayer(); child.frame = CGRect(x: 6000 + offset, y: 6000, width: 6000, height: 6000)
                child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                group.addSublayer(child)
            }
            root.addSublayer(group)
            CATransaction.flush()
            let (canvas, renderer) = frameRenderer(for: root)
            renderer.drawFrame(at: 0)
            #expect(renderer.compositor.rasters.content.values.allSatisfy { $0.image.width * $0.image.height <= 1 << 23 })
            #expect(canvas.pixel(topDown: 10, 10).r == 255 && canvas.pixel(topDown: 10, 10).g < 200)
        }
    }
}

/// Every route to a cycle in the model tree is refused: sublayers, the `sublayers` array, replacement, masks
/// (a mask that is an ancestor, or the layer itself), and a mask that is also a sublayer.
@Suite struct TreeCycleRouteTests {
    @Test func everyRouteToACycleIsRefused() {
        withClock(at: 0) { _ in
            let a = CALayer(), b = CALayer(), c = CALayer()
            a.addSublayer(b); b.addSublayer(c)
            c.addSublayer(a)
            c.insertSublayer(a, at: 0)
            c.sublayers = [a]
            b.replaceSublayer(c, with: a)
            c.mask = a
            a.mask = a
            #expect(a.superlayer == nil && c.sublayers == nil && c.mask == nil && a.mask == nil)
            #expect(b.sublayers?.first === c)
            // A layer that is a sublayer can become its own parent's mask only by leaving the sublayers.
            let d = CALayer(); a.addSublayer(d); a.mask = d
            #expect(!(a.sublayers ?? []).contains { $0 === d } || a.mask !== d)
            _ = a.hitTest(.zero); _ = a.presentation(); a.layoutIfNeeded()
            CATransaction.flush()
        }
    }

    /// A tinted replicator drawn by `render(in:)` with a sublayer at the largest finite coordinates and a hostile
    /// instance colour. Fuzz seed 50778 trapped on this path, in Foundation's `integral` of a non-finite instance
    /// extent (its replay, `calyx-fuzz run --seed 50778 --keep 5,16,20,22,23,35,38,44,76,77,81,146,200,210,220`,
    /// crashes before the fix); this simpler tree did not reproduce it, and guards the path.
    @Test func tintedReplicatorWithAHugeInstanceExtent() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: -1, y: -35, width: 20, height: 33)
        replicator.setValue(CGColor(red: 0.7, green: 1e300, blue: .nan, alpha: 0.17), forKey: "instanceColor")
        let far = CALayer()
        far.frame = CGRect(x: 1e12, y: .greatestFiniteMagnitude, width: 42.74, height: 0)
        far.setValue(CGPoint(x: 30.35, y: 0.89), forKey: "anchorPoint")
        far.backgroundColor = CGColor.black
        replicator.addSublayer(far)
        let canvas = TestCanvas(width: 40, height: 40)
        replicator.render(in: canvas.context)
    }
}

import Testing
@testable import QuartzCore

/// Animations through `emitterCells.<name>.<key>` key paths: they drive the named cell in the presentation copy
/// (which gets its own cells) and leave the model's cells alone.
@Suite struct EmitterCellAnimationTests {
    func emitter() -> (CAEmitterLayer, CAEmitterCell, CAEmitterCell) {
        let layer = CAEmitterLayer()
        let fire = CAEmitterCell(); fire.name = "fire"; fire.birthRate = 10
        let spark = CAEmitterCell(); spark.name = "spark"; spark.scale = 1
        fire.emitterCells = [spark]
        layer.emitterCells = [fire]
        return (layer, fire, spark)
    }

    @Test func basicAnimationDrivesTheNamedCell() throws {
        try withClock(at: 0) { clock in
            let (layer, fire, _) = emitter()
            CATransaction.flush()
            let grow = CABasicAnimation(keyPath: "emitterCells.fire.birthRate"); grow.fromValue = 0; grow.toValue = 100; grow.duration = 1
            layer.add(grow, forKey: "grow")
            CATransaction.flush()
            clock.setManualTime(0.25)
            let presented = try #require(layer.presentation()?.emitterCells?.first)
            #expect(abs(presented.birthRate - 25) < 1e-4)
            #expect(presented !== fire && fire.birthRate == 10)  // the model's cell is untouched
            #expect(layer.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 10)
        }
    }

    @Test func nestedCellsAndColours() throws {
        try withClock(at: 0) { clock in
            let (layer, _, spark) = emitter()
            CATransaction.flush()
            let shrink = CABasicAnimation(keyPath: "emitterCells.fire.emitterCells.spark.scale"); shrink.toValue = 0; shrink.duration = 1
            let tint = CABasicAnimation(keyPath: "emitterCells.fire.color")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1); tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1); tint.duration = 1
            layer.add(shrink, forKey: "shrink"); layer.add(tint, forKey: "tint")
            CATransaction.flush()
            clock.setManualTime(0.5)
            let fire = try #require(layer.presentation()?.emitterCells?.first)
            let presentedSpark = try #require(fire.emitterCells?.first)
            #expect(abs(presentedSpark.scale - 0.5) < 1e-9 && spark.scale == 1)
            let c = try #require(fire.color?.components)
            #expect(abs(c[0] - 0.5) < 1e-6 && abs(c[2] - 0.5) < 1e-6)
        }
    }

    @Test func unknownCellsAndKeysHaveNoEffect() throws {
        try withClock(at: 0) { clock in
            let (layer, _, _) = emitter()
            CATransaction.flush()
            for path in ["emitterCells.smoke.birthRate", "emitterCells.fire.notAKey", "emitterCells.fire", "emitterCells..birthRate"] {
                let a = CABasicAnimation(keyPath: path); a.fromValue = 0; a.toValue = 5; a.duration = 1
                layer.add(a, forKey: path)
            }
            CATransaction.flush()
            clock.setManualTime(0.5)
            let fire = try #require(layer.presentation()?.emitterCells?.first)
            #expect(fire.birthRate == 10)
            #expect(layer.value(forKeyPath: "emitterCells.smoke.birthRate") == nil)
        }
    }
}

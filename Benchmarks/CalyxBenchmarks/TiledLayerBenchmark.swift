import QuartzCore
import Foundation

/// Issue 13's tiled-layer figures: filling a 1280 × 720 viewport of a 100,000-point layer at a level it has not
/// drawn yet (all cores drawing tiles), and the cost of a frame while scrolling, with its tiles ready or still
/// being drawn.
enum TiledLayerBenchmark {
    /// Cells of colour by position: what a map or document page costs to draw, roughly.
    final class Map: CATiledLayer, @unchecked Sendable {
        override class func fadeDuration() -> CFTimeInterval { 0 }
        override func draw(in ctx: CGContext) {
            let box = ctx.boundingBoxOfClipPath, cell: CGFloat = 32
            var y = (box.minY / cell).rounded(.down) * cell
            while y < box.maxY {
                var x = (box.minX / cell).rounded(.down) * cell
                while x < box.maxX {
                    let (i, j) = (Int(x / cell), Int(y / cell))
                    ctx.setFillColor(CGColor(red: CGFloat(i % 7) / 7, green: CGFloat(j % 5) / 5, blue: 0.6, alpha: 1))
                    ctx.fill(CGRect(x: x, y: y, width: cell, height: cell))
                    ctx.setStrokeColor(CGColor.white)
                    ctx.strokeEllipse(in: CGRect(x: x + 6, y: y + 6, width: 20, height: 20))
                    x += cell
                }
                y += cell
            }
        }
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
    static func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

    static func run(into report: inout BenchReport) {
        CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            let map = Map()
            map.levelsOfDetail = 6
            map.anchorPoint = .zero
            map.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
            root.addSublayer(map)
            guard let context = CGContext.canonicalBitmap(width: 1280, height: 720) else { return }
            let renderer = CARenderer(context: context)
            renderer.layer = root
            let ticks = ContinuousClock()
            var time = 0.0
            func frame() -> Double {
                time += 1.0 / 60
                CATransaction.flush()
                return seconds(ticks.measure {
                    renderer.beginFrame(atTime: time, timeStamp: nil); renderer.render(); renderer.endFrame()
                })
            }
            func place(zoom: CGFloat, at corner: CGPoint) {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                map.transform = CATransform3DMakeScale(zoom, zoom, 1)
                map.position = CGPoint(x: -corner.x * zoom, y: -corner.y * zoom)
                CATransaction.commit()
            }
            // Filling the viewport at a new level (or a new place): from the frame that asks to the last tile.
            var fills: [Double] = [], tilesPerFill: [Int] = []
            for (i, zoom) in [1.0, 0.5, 0.25, 1, 0.5, 0.25, 1].enumerated() {
                place(zoom: CGFloat(zoom), at: CGPoint(x: 10_000 + Double(i) * 9_000, y: 20_000 + Double(i) * 7_000))
                let before = map.tiles.tilesDrawn
                let start = ContinuousClock.now
                _ = frame()
                _ = map.tiles.waitUntilIdle(timeout: 60)
                fills.append(seconds(ContinuousClock.now - start))
                tilesPerFill.append(map.tiles.tilesDrawn - before)
            }
            report.add("tiles.fill_1280x720", median(fills) * 1e3, "ms",
                       note: "a 1280×720 view of a 100,000² tiled layer at a level not drawn yet, \(median(tilesPerFill.map(Double.init))) tiles of 256², every core drawing")
            report.add("tiles.fill_per_tile", median(zip(fills, tilesPerFill).map { $0 / Double(max($1, 1)) }) * 1e6, "us",
                       note: "that time per tile (the drawing is Cairo filling and stroking 64 cells)")
            // Scrolling 24 points a frame: frames whose tiles are drawn, against frames that ask for new ones.
            place(zoom: 1, at: CGPoint(x: 60_000, y: 60_000))
            _ = frame(); _ = map.tiles.waitUntilIdle(timeout: 60)
            var ready: [Double] = [], waiting: [Double] = []
            for step in 1...40 {   // over tiles drawn before (back and forth within the viewport's first tiles)
                place(zoom: 1, at: CGPoint(x: 60_000 + Double(step % 2) * 24, y: 60_000))
                ready.append(frame())
            }
            for step in 1...40 {   // into new territory: each frame asks for a column of tiles
                place(zoom: 1, at: CGPoint(x: 70_000 + Double(step) * 24, y: 60_000))
                waiting.append(frame())
            }
            _ = map.tiles.waitUntilIdle(timeout: 60)
            report.add("tiles.scroll_frame.ready", median(ready) * 1e3, "ms",
                       note: "a 1280×720 frame scrolling over drawn tiles (damage only)")
            report.add("tiles.scroll_frame.waiting", median(waiting) * 1e3, "ms",
                       note: "a frame scrolling into undrawn tiles: asking for them costs the frame this (they arrive later)")
            report.add("tiles.peak_memory", Double(map.tiles.peakBytes >> 20), "MiB",
                       note: "the tiles kept at most, within the \(map.tiles.budgetBytes >> 20) MiB budget")
        }
    }
}

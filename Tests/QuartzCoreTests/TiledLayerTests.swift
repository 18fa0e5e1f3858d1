import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// `CATiledLayer` drawn by `CARenderer`: tiles on demand, on background threads, at the level the layer is shown
/// at, kept within a budget. Every test draws a pattern whose colour at each point is known (64-point cells
/// coloured by their column and row), so each probe has its expected colour.
@Suite(.serialized) struct TiledLayerTests {
    /// Fills whatever it is asked for with 64-point cells coloured by position; records each call.
    final class PatternLayer: CATiledLayer, @unchecked Sendable {
        override class func fadeDuration() -> CFTimeInterval { 0 }
        let log = DrawLog()
        override init() { super.init(); tiles.keepsDrawCounts = true }   // the tests read every tile's count
        required init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { fatalError() }
        override func draw(in ctx: CGContext) {
            let box = ctx.boundingBoxOfClipPath
            log.note(scale: ctx.ctm.a, onMainThread: Thread.isMainThread, thread: pthread_self())
            let cell: CGFloat = 64
            var y = (box.minY / cell).rounded(.down) * cell
            while y < box.maxY {
                var x = (box.minX / cell).rounded(.down) * cell
                while x < box.maxX {
                    ctx.setFillColor(PatternLayer.color(column: Int(x / cell), row: Int(y / cell)))
                    ctx.fill(CGRect(x: x, y: y, width: cell, height: cell))
                    x += cell
                }
                y += cell
            }
        }
        static func color(column: Int, row: Int) -> CGColor {
            CGColor(red: CGFloat((column * 37) % 256) / 255, green: CGFloat((row * 53) % 256) / 255, blue: 0.5, alpha: 1)
        }
        static func pixel(atLayerPoint p: CGPoint) -> Pixel {
            let column = Int((p.x / 64).rounded(.down)), row = Int((p.y / 64).rounded(.down))
            return Pixel((column * 37) % 256, (row * 53) % 256, 128)
        }
    }

    final class DrawLog: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var scales: [CGFloat] = []
        private(set) var drawnOnMain = false
        private(set) var threads = Set<UInt>()
        func note(scale: CGFloat, onMainThread: Bool, thread: pthread_t) {
            lock.lock(); scales.append(scale); drawnOnMain = drawnOnMain || onMainThread; threads.insert(UInt(thread)); lock.unlock()
        }
    }

    static let sentinel = Pixel(255, 0, 255)

    /// A `width` × `height` viewport (magenta behind) with `layer` in it, drawn until every tile it shows is
    /// there.
    final class Viewport {
        let root = CALayer()
        let canvas: TestCanvas
        let renderer: CARenderer
        var time = 0.0
        init(width: Int, height: Int, layer: CALayer) {
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
            root.masksToBounds = false
            root.addSublayer(layer)
            canvas = TestCanvas(width: width, height: height)
            renderer = CARenderer(context: canvas.context)
            renderer.layer = root
        }
        /// Draws a frame; draws again once the asked-for tiles are done. Answers whether tiles were missing.
        @discardableResult
        func settle(_ tiles: TileCache) -> Bool {
            CATransaction.flush()
            frame()
            let waited = tiles.waitUntilIdle()
            #expect(waited)
            let before = tiles.tilesDrawn
            frame()
            return before > 0
        }
        func frame() {
            time += 1.0 / 60
            renderer.beginFrame(atTime: time, timeStamp: nil); renderer.render(); renderer.endFrame()
        }
    }

    /// The seed's example: a 2048 × 2048 image in 256-pixel tiles, scrolled in a 300 × 200 window. Each view shows
    /// the image exactly; scrolling back draws nothing again; no tile is drawn on the committing thread.
    @Test func aLargeImageScrolledTileByTile() {
        withClock(at: 0) { _ in
            let layer = PatternLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
            let view = Viewport(width: 300, height: 200, layer: layer)
            let offsets: [CGPoint] = [.zero, CGPoint(x: 400, y: 300), CGPoint(x: 1700, y: 1800), CGPoint(x: 400, y: 300), .zero]
            for offset in offsets {
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: 1024 - offset.x, y: 1024 - offset.y)
                view.settle(layer.tiles)
                for (x, y) in [(5, 5), (150, 100), (290, 190), (63, 130)] {
                    let expected = PatternLayer.pixel(atLayerPoint: CGPoint(x: CGFloat(x) + offset.x + 0.5, y: CGFloat(y) + offset.y + 0.5))
                    #expect(view.canvas.pixel(topDown: x, y) == expected, "offset \(offset) at (\(x), \(y))")
                }
            }
            // Each tile was drawn once: going back to earlier offsets found them kept.
            #expect(layer.tiles.drawCounts.values.allSatisfy { $0 == 1 })
            #expect(layer.tiles.drawCounts.count == 6)   // the three distinct views, two tiles each
            #expect(!layer.log.drawnOnMain && layer.log.scales.allSatisfy { $0 == 1 })
        }
    }

    /// The snowman at `contentsScale` 2: tiles are drawn at two pixels per point, so its outline is as sharp on a
    /// 2× screen as the geometry says.
    @Test func drawnAtContentsScaleTwo() {
        final class Snowman: CATiledLayer, @unchecked Sendable {
            override class func fadeDuration() -> CFTimeInterval { 0 }
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor.white)
                ctx.fillEllipse(in: CGRect(x: 20, y: 60, width: 60, height: 60))   // body
                ctx.fillEllipse(in: CGRect(x: 30, y: 20, width: 40, height: 40))   // head
            }
        }
        withClock(at: 0) { _ in
            let snowman = Snowman()
            snowman.tiles.keepsDrawCounts = true
            snowman.contentsScale = 2
            snowman.tileSize = CGSize(width: 64, height: 64)
            snowman.anchorPoint = .zero
            snowman.frame = CGRect(x: 0, y: 0, width: 100, height: 130)
            snowman.transform = CATransform3DMakeScale(2, 2, 1)   // shown at two pixels per point, as on a 2× screen
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 200, height: 260); root.backgroundColor = CGColor.black
            root.addSublayer(snowman)
            let canvas = TestCanvas(width: 200, height: 260)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(snowman.tiles.waitUntilIdle())
            renderer.beginFrame(atTime: 0.1, timeStamp: nil); renderer.render(); renderer.endFrame()
            // The head's edge at y = 40 (points) runs through x = 30: one device pixel inside is white, one outside
            // black.
            #expect(snowman.tiles.drawCounts.keys.allSatisfy { $0.level == 0 } && snowman.tiles.drawCounts.count == 4 * 5)
            #expect(canvas.pixel(topDown: 61, 80) == .white && canvas.pixel(topDown: 58, 80) == .black)
            // The body's edge at x = 20.
            #expect(canvas.pixel(topDown: 41, 180) == .white && canvas.pixel(topDown: 38, 180) == .black)
        }
    }

    /// A 100,000 × 100,000-point layer in a 1280 × 720 viewport, scrolled and zoomed across five levels of detail:
    /// every visible pixel is eventually drawn, from the level the zoom asks for; nothing is drawn twice at a level
    /// while it stays cached; the tiles stay within the budget, and tiles are drawn on several threads at once.
    @Test func aHugeLayerScrolledAndZoomed() {
        withClock(at: 0) { _ in
            let layer = PatternLayer()
            layer.levelsOfDetail = 5
            layer.levelsOfDetailBias = 1
            layer.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
            layer.anchorPoint = .zero
            layer.tiles.budgetBytes = 24 << 20
            let view = Viewport(width: 1280, height: 720, layer: layer)
            // (zoom, the layer point at the viewport's top-left)
            let steps: [(CGFloat, CGPoint)] = [(1, CGPoint(x: 50_000, y: 50_000)), (1, CGPoint(x: 50_300, y: 50_200)),
                                               (0.5, CGPoint(x: 50_000, y: 50_000)), (0.25, CGPoint(x: 10_000, y: 90_000)),
                                               (2, CGPoint(x: 99_000, y: 99_300)), (0.25, CGPoint(x: 10_000, y: 90_000)),
                                               (0.125, CGPoint(x: 0, y: 0))]
            for (zoom, corner) in steps {
                CATransaction.setDisableActions(true)
                layer.transform = CATransform3DMakeScale(zoom, zoom, 1)
                layer.position = CGPoint(x: -corner.x * zoom, y: -corner.y * zoom)
                view.settle(layer.tiles)
                var sentinels = 0, wrong = 0
                for y in stride(from: 3, to: 720, by: 37) {
                    for x in stride(from: 5, to: 1280, by: 41) {
                        let p = view.canvas.pixel(topDown: x, y)
                        if p == Self.sentinel { sentinels += 1; continue }
                        let point = CGPoint(x: corner.x + (CGFloat(x) + 0.5) / zoom, y: corner.y + (CGFloat(y) + 0.5) / zoom)
                        // Cell edges fall between samples except within a pixel or so of them.
                        let edge = min(point.x.truncatingRemainder(dividingBy: 64), point.y.truncatingRemainder(dividingBy: 64))
                        if edge * zoom > 1.5, 64 - max(point.x.truncatingRemainder(dividingBy: 64), point.y.truncatingRemainder(dividingBy: 64)) > 1.5 / zoom,
                           !p.isClose(to: PatternLayer.pixel(atLayerPoint: point), tolerance: 2) { wrong += 1 }
                    }
                }
                #expect(sentinels == 0, "zoom \(zoom) at \(corner): \(sentinels) samples not drawn")
                #expect(wrong == 0, "zoom \(zoom) at \(corner): \(wrong) samples wrong")
            }
            let tiles = layer.tiles
            print("tiled layer: peak \(tiles.peakBytes >> 20) MiB of a \(tiles.budgetBytes >> 20) MiB budget, \(tiles.tilesDrawn) tiles drawn")
            #expect(tiles.peakBytes <= tiles.budgetBytes)
            // Levels used: 2^1 (zoom 2) down to 2^−3 (zoom 0.125), each tile drawn at the scale of its level.
            #expect(Set(layer.log.scales) == [2, 1, 0.5, 0.25, 0.125])
            #expect(!layer.log.drawnOnMain)
        }
    }

    /// Tiles are drawn several at once (one worker per core): slow tiles overlap.
    @Test func tilesAreDrawnConcurrently() {
        final class Slow: CATiledLayer, @unchecked Sendable {
            override class func fadeDuration() -> CFTimeInterval { 0 }
            let lock = NSLock()
            var running = 0, most = 0
            override func draw(in ctx: CGContext) {
                lock.lock(); running += 1; most = max(most, running); lock.unlock()
                usleep(20_000)
                lock.lock(); running -= 1; lock.unlock()
            }
        }
        withClock(at: 0) { _ in
            let layer = Slow()
            layer.tiles.keepsDrawCounts = true
            layer.frame = CGRect(x: 0, y: 0, width: 1024, height: 1024)
            let view = Viewport(width: 1024, height: 1024, layer: layer)
            view.settle(layer.tiles)
            #expect(layer.tiles.drawCounts.count == 16)
            #expect(layer.most == min(layer.tiles.maximumWorkers, 16), "\(layer.most) at once")
        }
    }

    /// With a budget that holds the whole walk, no tile is ever drawn twice.
    @Test func cachedTilesAreNeverDrawnAgain() {
        withClock(at: 0) { _ in
            let layer = PatternLayer()
            layer.levelsOfDetail = 3
            layer.frame = CGRect(x: 0, y: 0, width: 20_000, height: 20_000)
            layer.anchorPoint = .zero
            let view = Viewport(width: 640, height: 360, layer: layer)
            for (zoom, x) in [(1.0, 0.0), (0.5, 0), (1, 300), (1, 0), (0.5, 0), (0.25, 100), (1, 300)] {
                CATransaction.setDisableActions(true)
                layer.transform = CATransform3DMakeScale(CGFloat(zoom), CGFloat(zoom), 1)
                layer.position = CGPoint(x: -x * zoom, y: 0)
                view.settle(layer.tiles)
            }
            #expect(layer.tiles.drawCounts.values.allSatisfy { $0 == 1 }, "\(layer.tiles.drawCounts.filter { $0.value > 1 })")
        }
    }

    /// `setNeedsDisplay(_:)` redraws only the tiles meeting its rectangle; `setNeedsDisplay()` all of them.
    @Test func invalidation() {
        withClock(at: 0) { _ in
            let layer = PatternLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 1024, height: 512)
            layer.tileSize = CGSize(width: 256, height: 256)
            let view = Viewport(width: 1024, height: 512, layer: layer)
            view.settle(layer.tiles)
            #expect(layer.tiles.drawCounts.count == 8)
            layer.setNeedsDisplay(CGRect(x: 300, y: 10, width: 10, height: 10))   // inside tile (1, 0)
            view.settle(layer.tiles)
            #expect(layer.tiles.drawCounts[TileCache.Key(level: 0, column: 1, row: 0)] == 2)
            #expect(layer.tiles.drawCounts.values.reduce(0, +) == 9)
            layer.setNeedsDisplay()
            view.settle(layer.tiles)
            #expect(layer.tiles.drawCounts.values.reduce(0, +) == 17)
        }
    }

    /// New tiles fade in over `fadeDuration()` (0.25 s by default): half-way, a tile is at half opacity over what
    /// is behind.
    @Test func newTilesFadeIn() {
        final class Fading: CATiledLayer, @unchecked Sendable {
            override func draw(in ctx: CGContext) { ctx.setFillColor(CGColor.white); ctx.fill(ctx.boundingBoxOfClipPath) }
        }
        withClock(at: 0) { _ in
            let layer = Fading()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let root = CALayer(); root.frame = layer.frame; root.backgroundColor = CGColor.black
            root.addSublayer(layer)
            let canvas = TestCanvas(width: 100, height: 100)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: 1, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 50, 50) == .black)    // asked for, not drawn yet
            #expect(layer.tiles.waitUntilIdle())
            renderer.beginFrame(atTime: 2, timeStamp: nil); renderer.render()
            #expect(renderer.nextFrameTime() == 2)               // fading: frames keep coming
            renderer.endFrame()
            renderer.beginFrame(atTime: 2.125, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 50, 50).isClose(to: Pixel(128, 128, 128), tolerance: 2), "\(canvas.pixel(topDown: 50, 50))")
            renderer.beginFrame(atTime: 2.5, timeStamp: nil); renderer.render(); renderer.endFrame()
            #expect(canvas.pixel(topDown: 50, 50) == .white)
        }
    }

    /// Inside a clipping container (a scroll view's usual setup) the tiles are composited into the container's
    /// picture, and the renderer's offline mode waits for them.
    @Test func insideAClippingContainer() {
        withClock(at: 0) { _ in
            let layer = PatternLayer()
            layer.frame = CGRect(x: -100, y: -60, width: 1024, height: 1024)
            let clip = CALayer()
            clip.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
            clip.masksToBounds = true
            clip.cornerRadius = 12
            clip.addSublayer(layer)
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 240, height: 160); root.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
            root.addSublayer(clip)
            let canvas = TestCanvas(width: 240, height: 160)
            let renderer = CARenderer(context: canvas.context)
            renderer.layer = root
            renderer.waitsForTiles = true
            CATransaction.flush()
            renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
            // (120, 80) in the root is (100, 60) in the container and (200, 120) in the tiled layer.
            #expect(canvas.pixel(topDown: 120, 80) == PatternLayer.pixel(atLayerPoint: CGPoint(x: 200.5, y: 120.5)))
            #expect(canvas.pixel(topDown: 21, 21) == Self.sentinel)   // the rounded corner clips
        }
    }
}

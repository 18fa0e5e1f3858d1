import Foundation

/// `CATiledLayer` content: the tiles of the level the layer is shown at that cover the part of it inside the
/// frame, each placed by the layer's map; missing tiles are asked for (background threads draw them) and the
/// frame shows the same area from a drawn coarser level meanwhile, if there is one.
extension FrameCompositor {
    /// The most tiles one layer shows in a frame (a level too fine for its viewport is skipped for a coarser one).
    static let maximumTilesPerFrame = 4096

    func recordTiles(of layer: CATiledLayer, node: RenderTree.Node, layerToPixel m: Homography, alpha: Double) {
        let bounds = layer.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.isFiniteValue else { return }
        let pixelSize = layer.tilePixelSize
        let contentsScale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? min(layer.contentsScale, 64) : 1
        // (Which way up the tile's rows run, as the layer's own drawing context runs: see displayBackingStore.)
        let geometry = TileCache.Geometry(origin: bounds.origin, contentsScale: contentsScale,
                                          tileWidth: pixelSize.width, tileHeight: pixelSize.height,
                                          flipped: layer.contentsAreFlipped() != CALayerRootIsFlipped)
        let cache = layer.tiles
        cache.beginFrame(geometry, bounds: bounds)
        let visible = visibleRect(of: bounds, under: m)
        guard !visible.isNull, !visible.isEmpty else { return }
        // The coarsest level at least as fine as the layer appears (the finest when none is fine enough).
        let onScreen = LayerGeometry.onScreenScale(of: bounds, under: m)
        let levels = layer.levelExponents
        var level = levels.upperBound
        for l in levels where geometry.scale(l) >= onScreen * (1 - 1e-6) { level = l; break }
        // Too many tiles at that level (a viewport much larger than the tiles): coarser until they fit.
        while level > levels.lowerBound, tileRange(visible, geometry, level).count > Self.maximumTilesPerFrame { level -= 1 }
        let range = tileRange(visible, geometry, level)
        guard range.count <= Self.maximumTilesPerFrame else { return }
        let fade = max(type(of: layer).fadeDuration(), 0)
        var missing: [TileCache.Key] = []
        // Coarser tiles showing where fine ones are missing or still fading in go under all the fine ones.
        var under: [(TileCache.Key, PixelBuffer, Double)] = [], shown: [(TileCache.Key, PixelBuffer, Double)] = []
        for row in range.rows {
            for column in range.columns {
                let key = TileCache.Key(level: level, column: column, row: row)
                if let tile = cache.tile(key, shownAt: frameTime) {
                    let age = frameTime - (tile.firstShown ?? frameTime)
                    let opacity = fade > 0 ? min(max(age / fade, 0), 1) : 1
                    if opacity < 1, let coarser = coarserTile(covering: key, geometry, levels, cache) { under.append(coarser) }
                    shown.append((key, tile.image, opacity))
                } else {
                    missing.append(key)
                    if let coarser = coarserTile(covering: key, geometry, levels, cache) { under.append(coarser) }
                }
            }
        }
        // The tiles nearest the middle of the view first.
        let centre = (x: Double(range.columns.lowerBound + range.columns.upperBound) / 2,
                      y: Double(range.rows.lowerBound + range.rows.upperBound) / 2)
        missing.sort { a, b in
            let da = abs(Double(a.column) - centre.x) + abs(Double(a.row) - centre.y)
            let db = abs(Double(b.column) - centre.x) + abs(Double(b.row) - centre.y)
            return da < db
        }
        cache.request(missing)
        if !missing.isEmpty { tilesAskedFor.append(cache) }
        var placed = Set<TileCache.Key>()
        for (key, image, opacity) in under + shown where placed.insert(key).inserted {
            let rect = geometry.rect(of: key)
            let s = geometry.scale(key.level)
            // Row 0 holds the tile's minimum y (its maximum when the content is drawn y-up).
            let toLayer = geometry.flipped
                ? CGAffineTransform(a: 1 / s, b: 0, c: 0, d: 1 / s, tx: rect.minX, ty: rect.minY)
                : CGAffineTransform(a: 1 / s, b: 0, c: 0, d: -1 / s, tx: rect.minX, ty: rect.maxY)
            let toPixel = Homography(toLayer).concatenating(m)
            guard let quad = toPixel.quad(CGRect(x: 0, y: 0, width: image.width, height: image.height)) else { continue }
            // (Tiles hanging over the bounds' far edges are transparent there: they were drawn clipped to them.)
            var h = Hasher()
            h.combine(key); h.combine(toPixel); h.combine(alpha * opacity); h.combine(ObjectIdentifier(image))
            list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                              operation: .blit(image: image, toPixel: toPixel, opacity: alpha * opacity)))
        }
    }

    /// The part of `bounds` (the layer's coordinates) inside the frame.
    private func visibleRect(of bounds: CGRect, under m: Homography) -> CGRect {
        guard let toLayer = m.inverted, frameSize.width > 0, frameSize.height > 0 else { return bounds }
        var box = CGRect.null
        for (x, y) in [(0.0, 0.0), (frameSize.width, 0), (0, frameSize.height), (frameSize.width, frameSize.height)] {
            let p = toLayer.map(Double(x), Double(y))
            // A frame corner behind the layer's plane (perspective): the whole bounds may show.
            guard p.w > 0, p.x.isFinite, p.y.isFinite else { return bounds }
            box = box.union(CGRect(x: p.x, y: p.y, width: 0, height: 0))
        }
        return box.insetBy(dx: -1, dy: -1).intersection(bounds)
    }

    private struct TileRange {
        let columns: ClosedRange<Int>, rows: ClosedRange<Int>
        var count: Int { columns.count * rows.count }
    }

    private func tileRange(_ visible: CGRect, _ geometry: TileCache.Geometry, _ level: Int) -> TileRange {
        let s = geometry.scale(level)
        let w = Double(geometry.tileWidth) / Double(s), h = Double(geometry.tileHeight) / Double(s)
        func index(_ v: Double, _ size: Double) -> Int { Int(max(min(v / size, 1e9), -1e9).rounded(.down)) }
        let x0 = index(Double(visible.minX - geometry.origin.x), w), x1 = index(Double(visible.maxX - geometry.origin.x) - 1e-9, w)
        let y0 = index(Double(visible.minY - geometry.origin.y), h), y1 = index(Double(visible.maxY - geometry.origin.y) - 1e-9, h)
        return TileRange(columns: max(x0, 0)...max(x1, x0, 0), rows: max(y0, 0)...max(y1, y0, 0))
    }

    /// A drawn tile of a coarser level covering `key`'s area (what shows while `key` is drawn or fades in).
    private func coarserTile(covering key: TileCache.Key, _ geometry: TileCache.Geometry, _ levels: ClosedRange<Int>,
                             _ cache: TileCache) -> (TileCache.Key, PixelBuffer, Double)? {
        var level = key.level - 1, column = key.column, row = key.row
        while level >= levels.lowerBound {
            column = Int((Double(column) / 2).rounded(.down)); row = Int((Double(row) / 2).rounded(.down))
            let coarser = TileCache.Key(level: level, column: column, row: row)
            if let tile = cache.tile(coarser, shownAt: frameTime) { return (coarser, tile.image, 1) }
            level -= 1
        }
        return nil
    }
}

import Foundation

/// A layer that draws its content in tiles, on demand, at several levels of detail (semantics §9.7): a huge
/// image or drawing shown a window at a time.
///
/// The renderer works out which tiles of which level the layer shows in each frame and asks for those it lacks;
/// they are drawn on background threads, several at once, through `draw(in:)` (or the delegate's
/// `draw(_:in:)`) with the context's clip and transform set to one tile at one level — so drawing must be safe to
/// run off the main thread, as on iOS. Drawn tiles fade in over `fadeDuration()` and are kept, least recently
/// shown going first once they exceed the layer's memory budget. `setNeedsDisplay()` and `setNeedsDisplay(_:)`
/// throw away all tiles, or those meeting a rectangle.
///
/// Levels: level 0 draws at `contentsScale` pixels per point; `levelsOfDetailBias` levels above it draw at 2×,
/// 4×, … for zooming in, and the rest of `levelsOfDetail` below it at ½, ¼, … for zooming out. A frame uses the
/// coarsest level at least as fine as the layer appears on screen.
open class CATiledLayer: CALayer, @unchecked Sendable {
    package override class var compositorKindOfClass: CompositorLayerKind { .tiled }
    /// Seconds new tiles take to fade in (override to change; 0 shows them at once).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }
    /// How many levels of detail the layer keeps (at least 1).
    open var levelsOfDetail = 1 { didSet { if levelsOfDetail < 1 { levelsOfDetail = 1 } } }
    /// How many of those levels magnify (draw finer than `contentsScale`).
    open var levelsOfDetailBias = 0 { didSet { if levelsOfDetailBias < 0 { levelsOfDetailBias = 0 } } }
    /// The size of a tile in pixels (default 256 × 256; at least 16, at most 2048 a side).
    open var tileSize = CGSize(width: 256, height: 256)

    /// The layer's tiles, shared by its render-tree copies.
    package private(set) var tiles: TileCache

    /// A tiled layer with 256-point tiles and one level of detail.
    public override init() {
        tiles = TileCache()
        super.init()
        tiles.owner = self
    }

    /// A copy of `layer` for the render tree, sharing its tiles.
    public required init(layer: Any) {
        let source = layer as? CATiledLayer
        tiles = source?.tiles ?? TileCache()
        super.init(layer: layer)
        if let s = source { levelsOfDetail = s.levelsOfDetail; levelsOfDetailBias = s.levelsOfDetailBias; tileSize = s.tileSize }
        if source == nil { tiles.owner = self }
    }

    /// Decoding from an archive: Calyx reads no archives or nib files, so this makes a default value.
    public required init?(coder: NSCoder) {
        tiles = TileCache()
        super.init(coder: coder)
        tiles.owner = self
    }

    /// All tiles are drawn again when next shown.
    open override func setNeedsDisplay() {
        tiles.invalidate(nil)
        markChanged()
    }

    /// The tiles meeting `r` (in the layer's coordinates) are drawn again when next shown.
    open override func setNeedsDisplay(_ r: CGRect) {
        tiles.invalidate(r)
        markChanged()
    }

    /// Tiles are drawn on demand, never as one backing store.
    open override func display() {}

    /// The tile size in whole pixels, within 16…2048.
    var tilePixelSize: (width: Int, height: Int) {
        func side(_ v: CGFloat) -> Int { v.isFinite ? Int(min(max(v.rounded(), 16), 2048)) : 256 }
        return (side(tileSize.width), side(tileSize.height))
    }

    /// The levels as exponents of two over `contentsScale`, finest first.
    var levelExponents: ClosedRange<Int> {
        let count = min(max(levelsOfDetail, 1), 16), bias = min(max(levelsOfDetailBias, 0), count - 1)
        return (bias - count + 1)...bias
    }
}

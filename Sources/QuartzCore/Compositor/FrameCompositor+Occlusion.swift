/// Occlusion: nothing under an opaque raster that covers the whole redrawn region shows, so the frame is drawn
/// from that raster up, and the raster replaces the pixels instead of blending over a cleared frame. A full-window
/// opaque background (the usual root layer) then costs one copy instead of a clear and a blend.
extension FrameCompositor {
    /// The index of the topmost entry whose opaque pixels cover all of `clip`: an opaque raster placed by a
    /// whole-pixel translation at full opacity, unclipped and drawn source-over. Nil when no entry does.
    func opaqueCover(of clip: CGRect) -> Int? {
        for index in list.indices.reversed() where list[index].box.contains(clip) && list[index].clipState == nil {
            guard case .blit(let image, let toPixel, let opacity, nil, .normal) = list[index].operation, opacity >= 1,
                  let offset = toPixel.wholePixelOffset else { continue }
            let placed = CGRect(x: offset.x, y: offset.y, width: image.width, height: image.height)
            if placed.contains(clip) && image.isOpaque { return index }
        }
        return nil
    }

    /// Where nothing is opaque, the bottom entry of the region can still start it: a raster placed by a
    /// whole-pixel translation, unclipped and drawn source-over, replaces the pixels of its box (pixman's copy,
    /// transparent texels included) instead of blending over them, so only the rest of the region is cleared.
    /// Its index and the box it writes; nil when the bottom entry is anything else.
    func replacingStart(of clip: CGRect) -> (index: Int, box: CGRect)? {
        guard let index = list.indices.first(where: { list[$0].box.intersects(clip) }), list[index].clipState == nil,
              case .blit(let image, let toPixel, let opacity, nil, .normal) = list[index].operation, opacity > 0,
              toPixel.wholePixelOffset != nil,
              let box = PixmanBlit.affectedBox(of: image, placedBy: toPixel, within: clip) else { return nil }
        return (index, box)
    }
}

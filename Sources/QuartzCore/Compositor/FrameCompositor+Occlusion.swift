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
}

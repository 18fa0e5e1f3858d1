import Foundation

/// The page curl of UIKit's `curlUp`/`curlDown` transitions (`pageCurl`/`pageUnCurl`), drawn as a warp of
/// the curling page's raster over the content beneath it (docs/view-animation.md §7).
///
/// The page rolls onto a cylinder whose axis crosses it at a fixed angle and sweeps from one corner past the
/// opposite edge. Seen from above (no perspective), a point at distance `s` past the axis, measured across it,
/// lies at `R·sin(s/R)` while it is on the cylinder (`s ≤ πR`) and at `πR − s` once it has rolled over, lying
/// on top of the page flat. The underside shows the page's back: its content mirrored and lightened.
extension FrameCompositor {
    /// The cylinder's radius in points, and the direction across its axis in which the page rolls (an angle
    /// in y-up coordinates: 260°, down and slightly left), as UIKit's own curl filter is set up.
    static let curlRadius: CGFloat = 200
    static let curlAngle = 4.5379
    /// How much lighter the page's back is than its front.
    static let curlBackLightening: Double = 0.3

    func recordCurl(_ active: ActiveTransition, node: RenderTree.Node, bounds b: CGRect, before: CALayer?, after: CALayer?,
                    alphas: (old: Double, new: Double), layerToPixel m: Homography, scale: CGFloat) {
        guard b.width > 0, b.height > 0 else { return }
        let q = min(max(active.progress, 0), 1)
        // Curling up takes the old page away from over the new; uncurling lays the new page over the old.
        let unCurl = active.transition.type == .pageUnCurl
        let (page, pageAlpha, under, underAlpha) = unCurl ? (after, alphas.new, before, alphas.old)
                                                          : (before, alphas.old, after, alphas.new)
        func raster(_ tree: CALayer?, _ alpha: Double) -> PixelBuffer? {
            guard let tree, alpha > 0 else { return nil }
            return Self.rasterizeGroup(tree, extent: b, scale: scale, at: frameTime)
        }
        guard let width = CalyxLimits.pixels(b.width, scale: scale), let height = CalyxLimits.pixels(b.height, scale: scale),
              let output = PixelBuffer(width: width, height: height) else { return }
        let pageImage = raster(page, pageAlpha), underImage = raster(under, underAlpha)
        let geometry = CurlGeometry(width: width, height: height, radius: Double(Self.curlRadius * scale),
                                    angle: Self.curlAngle, yDown: CALayerRootIsFlipped, progress: unCurl ? 1 - q : q)
        for y in 0..<height {
            let row = (output.bytes + y * output.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                var top = (b: 0.0, g: 0.0, r: 0.0, a: 0.0)
                if let pageImage, let hit = geometry.source(ofPixel: x, y) {
                    top = Self.sample(pageImage, hit.x, hit.y)
                    if hit.back {
                        let k = Self.curlBackLightening
                        top = (top.b + (top.a - top.b) * k, top.g + (top.a - top.g) * k, top.r + (top.a - top.r) * k, top.a)
                    }
                    top = (top.b * pageAlpha, top.g * pageAlpha, top.r * pageAlpha, top.a * pageAlpha)
                }
                var out = top
                if let underImage, top.a < 1 {
                    let u = Self.sample(underImage, Double(x) + 0.5, Double(y) + 0.5)
                    let k = underAlpha * (1 - top.a)
                    out = (top.b + u.b * k, top.g + u.g * k, top.r + u.r * k, top.a + u.a * k)
                }
                let p = row + x * 4
                p[0] = UInt8(min(max(out.b * 255, 0), 255).rounded())
                p[1] = UInt8(min(max(out.g * 255, 0), 255).rounded())
                p[2] = UInt8(min(max(out.r * 255, 0), 255).rounded())
                p[3] = UInt8(min(max(out.a * 255, 0), 255).rounded())
            }
        }
        let toPixel = Homography(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)
            .concatenating(CGAffineTransform(translationX: b.minX, y: b.minY))).concatenating(m)
        guard let quad = toPixel.quad(CGRect(x: -1, y: -1, width: width + 2, height: height + 2)) else { return }
        var h = Hasher()
        h.combine(toPixel); h.combine(q); h.combine(alphas.old); h.combine(alphas.new); h.combine(unCurl)
        list.append(Entry(key: node.id, appearance: h.finalize(), box: CGRect.enclosing(quad).insetBy(dx: -1, dy: -1),
                          operation: .blit(image: output, toPixel: toPixel, opacity: 1)))
    }

    /// A premultiplied texel, bilinearly filtered at (x, y) in texel units (texel centres at half-integers),
    /// as (b, g, r, a) in 0…1; transparent outside the image.
    static func sample(_ image: PixelBuffer, _ x: Double, _ y: Double) -> (b: Double, g: Double, r: Double, a: Double) {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0), ty = fy - Double(y0)
        var sum = (b: 0.0, g: 0.0, r: 0.0, a: 0.0)
        for (dx, dy, w) in [(0, 0, (1 - tx) * (1 - ty)), (1, 0, tx * (1 - ty)), (0, 1, (1 - tx) * ty), (1, 1, tx * ty)] where w > 0 {
            let px = x0 + dx, py = y0 + dy
            guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
            let p = (image.bytes + py * image.bytesPerRow + px * 4).assumingMemoryBound(to: UInt8.self)
            sum.b += Double(p[0]) * w; sum.g += Double(p[1]) * w; sum.r += Double(p[2]) * w; sum.a += Double(p[3]) * w
        }
        return (sum.b / 255, sum.g / 255, sum.r / 255, sum.a / 255)
    }
}

/// Where each pixel of a curling page comes from, in raster pixels (y down the rows).
struct CurlGeometry {
    let width: Int, height: Int
    let radius: Double
    /// The unit direction across the axis, toward the edge that lifts first.
    let direction: (x: Double, y: Double)
    /// The axis's distance along `direction` from the raster's origin.
    let axis: Double

    init(width: Int, height: Int, radius: Double, angle: Double, yDown: Bool, progress: Double) {
        self.width = width; self.height = height; self.radius = max(radius, 1)
        // Rows run with the layer's y: down the screen on a flipped (UIKit) root, up it otherwise.
        let d = (x: cos(angle), y: yDown ? -sin(angle) : sin(angle))
        direction = d
        let corners = [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))]
            .map { $0.0 * d.x + $0.1 * d.y }
        let near = corners.max()!, far = corners.min()!
        // Flat at 0; at 1 the axis lies a radius beyond the far edge, so no part of the page is over the raster.
        axis = near + progress * (far - self.radius - near)
    }

    /// The page point shown at pixel (x, y) and whether its back faces the viewer; nil where the page has
    /// rolled away and what lies under it shows.
    func source(ofPixel x: Int, _ y: Int) -> (x: Double, y: Double, back: Bool)? {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let shown = px * direction.x + py * direction.y - axis
        /// The page point at distance `s` past the axis that lands here, if it is on the page.
        func point(at s: Double, back: Bool) -> (x: Double, y: Double, back: Bool)? {
            let sx = px + (s - shown) * direction.x, sy = py + (s - shown) * direction.y
            guard sx >= 0, sy >= 0, sx < Double(width), sy < Double(height) else { return nil }
            return (sx, sy, back)
        }
        if shown < 0 {
            // The rolled-over part lies on top of the flat part.
            return point(at: .pi * radius - shown, back: true) ?? point(at: shown, back: false)
        }
        guard shown <= radius else { return nil }
        let turn = asin(min(shown / radius, 1))
        // The far side of the cylinder is above its near side.
        return point(at: radius * (.pi - turn), back: true) ?? point(at: radius * turn, back: false)
    }
}

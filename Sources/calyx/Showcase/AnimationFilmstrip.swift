import QuartzCore
import CoreText
import CalyxGallery

/// Core Animation scenes rendered at chosen times: each row is one scene, each column a moment, drawn by
/// evaluating the layer tree's presentation at that time and rendering it with `render(in:)` — or, for the
/// compositor's rows (AnimationFilmstrip+Compositor.swift), by a `CARenderer` frame at that time.
enum AnimationFilmstrip {
    static let cell = 120
    static let times: [CFTimeInterval] = (0..<8).map { Double($0) * 0.15 }
    static let labelHeight = 24

    static let scenes: [(String, @Sendable () -> CALayer)] = [
        ("Worm loader: strokeStart/strokeEnd group + rotation", Gallery.worm),
        ("CASpringAnimation on position.y", Gallery.spring),
        ("Ship along a path, rotationMode = .rotateAuto", { Gallery.ship(rotates: true) }),
    ]

    static func render() -> CGImage {
        let rows = scenes.count + compositorScenes.count
        let width = cell * times.count, rowHeight = cell + labelHeight, height = rowHeight * rows
        let ctx = CGContext.canonicalBitmap(width: width, height: height)!
        ctx.setFillColor(CGColor(gray: 0.96, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        for (row, (title, build)) in scenes.enumerated() {
            label(title, row: row, in: ctx, height: height)
            let clock = CAMediaClock(manualTime: 0)
            CAMediaClock.$current.withValue(clock) {
                let root = build()
                CATransaction.flush()
                for (column, t) in times.enumerated() {
                    clock.setManualTime(t)
                    guard let frame = root.presentation() else { continue }
                    ctx.saveGState()
                    // Each cell in UIKit's orientation: origin top-left, y down.
                    ctx.translateBy(x: CGFloat(column * cell), y: CGFloat(height - row * rowHeight - labelHeight))
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.clip(to: CGRect(x: 2, y: 2, width: cell - 4, height: cell - 4))
                    frame.render(in: ctx)
                    ctx.restoreGState()
                }
            }
        }
        for (index, scene) in compositorScenes.enumerated() {
            let row = scenes.count + index
            label(scene.title, row: row, in: ctx, height: height)
            for (column, frame) in scene.frames(at: times).enumerated() {
                // The renderer's rows run top first, as `draw(_:in:)` places an image's top row at the top.
                let origin = CGPoint(x: column * cell, y: height - row * rowHeight - labelHeight - cell)
                ctx.draw(frame, in: CGRect(x: origin.x + 2, y: origin.y + 2, width: CGFloat(cell - 4), height: CGFloat(cell - 4)))
            }
        }
        return ctx.makeImage()!
    }

    /// A row's title, in CoreGraphics' own y-up space.
    static func label(_ title: String, row: Int, in ctx: CGContext, height: Int) {
        ctx.textPosition = CGPoint(x: 8, y: CGFloat(height - row * (cell + labelHeight) - 17))
        let text = NSAttributedString(string: title, attributes: [.font: CTFontCreateWithName("Helvetica-Bold" as CFString, 13, nil)])
        CTLineDraw(CTLineCreateWithAttributedString(text), ctx)
    }
}

import Testing
import Foundation
import UIKit

/// `drawHierarchy(in:afterScreenUpdates:)` and `snapshotView(afterScreenUpdates:)`, probed where the views are.
@Suite struct SnapshotTests {
    func tree() -> (UIView, UIView) {
        let container = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        container.backgroundColor = .white
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        red.backgroundColor = .red
        container.addSubview(red)
        return (container, red)
    }

    @Test func drawHierarchyScalesIntoTheRect() {
        withClock { _ in
            let (container, red) = tree()
            CATransaction.flush()
            red.backgroundColor = .blue   // not committed yet
            let format = UIGraphicsImageRendererFormat(); format.scale = 1
            let before = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 40), format: format).image { _ in
                container.drawHierarchy(in: CGRect(x: 0, y: 0, width: 80, height: 40), afterScreenUpdates: false)
            }
            let after = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 40), format: format).image { _ in
                container.drawHierarchy(in: CGRect(x: 0, y: 0, width: 80, height: 40), afterScreenUpdates: true)
            }
            // Scaled 2×: the subview covers x 0…40, the white container the rest. Without the update the picture
            // "might not include recent changes" (Apple's words): either colour; after it, blue.
            let b = before.cgImage!.pixels, a = after.cgImage!.pixels
            #expect(b.pixel(x: 20, y: 20).g == 0 && b.pixel(x: 60, y: 20).g == 255 && b.pixel(x: 60, y: 20).r == 255)
            #expect(a.pixel(x: 20, y: 20).b == 255 && a.pixel(x: 20, y: 20).r == 0)
            #expect(!container.drawHierarchy(in: .zero, afterScreenUpdates: false))   // no current context
        }
    }

    @Test func snapshotViewIsAStillPicture() {
        withClock { _ in
            let (container, red) = tree()
            CATransaction.flush()
            let snapshot = container.snapshotView(afterScreenUpdates: true)
            red.backgroundColor = .green
            CATransaction.flush()
            #expect(snapshot?.frame == container.frame)
            let image = snapshot?.layer.contents as? CGImage
            #expect(image?.width == Int(40 * UIScreen.main.scale))
            if let image {
                let scale = Int(UIScreen.main.scale)
                #expect(image.pixels.pixel(x: 10 * scale, y: 10 * scale).r == 255)
            }
            #expect(UIView(frame: .zero).snapshotView(afterScreenUpdates: false) == nil)
        }
    }
}

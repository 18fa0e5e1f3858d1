import Foundation
import QuartzCore
@testable import Lottie

/// A Bodymovin document: a 100 × 80 composition at 30 fps over frames 0…60 (2 s) with `layers` (JSON text).
func composition(_ layers: String, markers: String = "[]") -> Data {
    Data("""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"nm":"test","markers":\(markers),"layers":[\(layers)]}
    """.utf8)
}

/// A shape layer drawing a red `size`-point square centred at (`x`, `y`), with extra keys (`"ks":…` and so on).
func squareLayer(x: Double, y: Double, size: Double = 10, index: Int = 1, extra: String = #""ks":{}"#) -> String {
    """
    {"ty":4,"ind":\(index),"ip":0,"op":60,"st":0,\(extra),"shapes":[{"ty":"gr","it":[
      {"ty":"rc","p":{"a":0,"k":[\(x),\(y)]},"s":{"a":0,"k":[\(size),\(size)]},"r":{"a":0,"k":0}},
      {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
    ]}]}
    """
}

/// Draws `layer` (sized to the composition) at media time `t` and answers the bitmap's bytes (BGRA, rows top
/// first, as layers lay out y down) and its row stride.
func render(_ layer: CALayer, at t: CFTimeInterval, clock: CAMediaClock) -> (bytes: [UInt8], stride: Int) {
    CATransaction.flush()
    clock.setManualTime(t)
    CAProcessAnimationEvents()
    let ctx = CGContext(data: nil, width: 100, height: 80, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    let renderer = CARenderer(context: ctx)
    renderer.layer = layer
    renderer.beginFrame(atTime: t, timeStamp: nil); renderer.render(); renderer.endFrame()
    let image = ctx.makeImage()!
    return ([UInt8](image.dataProvider!.data! as Data), image.bytesPerRow)
}

/// Whether the pixel at (`x`, `y`) is the red fill (within 10 levels) or clear (alpha under 10).
func isRed(_ frame: (bytes: [UInt8], stride: Int), _ x: Int, _ y: Int) -> Bool {
    let i = y * frame.stride + x * 4
    return frame.bytes[i + 2] > 245 && frame.bytes[i + 1] < 10 && frame.bytes[i] < 10 && frame.bytes[i + 3] > 245
}
func isClear(_ frame: (bytes: [UInt8], stride: Int), _ x: Int, _ y: Int) -> Bool { frame.bytes[y * frame.stride + x * 4 + 3] < 10 }

/// Runs `body` with a manual media clock at 0 for this task.
func withManualClock(_ body: (CAMediaClock) throws -> Void) rethrows {
    let clock = CAMediaClock(manualTime: 0)
    try CAMediaClock.$current.withValue(clock) {
        CATransaction.flush()
        try body(clock)
        CATransaction.flush()
    }
}

/// A layer showing `data`'s animation at its own size.
func player(_ data: Data) throws -> LottieAnimationLayer {
    let layer = LottieAnimationLayer(animation: try LottieAnimation.from(data: data))
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
    layer.layoutIfNeeded()
    return layer
}

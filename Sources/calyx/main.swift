import CoreGraphics
import ImageIO
let ctx = CGContext(data: nil, width: 200, height: 150, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: 200, height: 150))
ctx.setShadow(offset: CGSize(width: 5, height: -5), blur: 6, color: CGColor(gray: 0, alpha: 0.6))
ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); ctx.fillEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
ctx.setShadow(offset: .zero, blur: 0, color: nil)
ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1)); ctx.setLineWidth(6); ctx.setLineDash(phase: 0, lengths: [10, 5])
ctx.move(to: CGPoint(x: 100, y: 20)); ctx.addLine(to: CGPoint(x: 190, y: 130)); ctx.strokePath()
let g = CGGradient(colorsSpace: nil, colors: [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray, locations: nil)!
ctx.saveGState(); ctx.clip(to: CGRect(x: 110, y: 100, width: 80, height: 40)); ctx.drawLinearGradient(g, start: CGPoint(x: 110, y: 0), end: CGPoint(x: 190, y: 0), options: []); ctx.restoreGState()
let img = ctx.makeImage()!
let data = NSMutableData()
let dest = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil)!
CGImageDestinationAddImage(dest, img, nil); print(CGImageDestinationFinalize(dest))
try! (data as Data).write(to: URL(fileURLWithPath: "/tmp/smoke.png"))
let back = CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(data as Data, nil)!, 0, nil)!
print(back.width, back.height)

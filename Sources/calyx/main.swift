import CoreGraphics
import CoreText
import ImageIO
let ctx = CGContext(data: nil, width: 300, height: 120, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: 300, height: 120))
let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 28, nil)
let s = NSAttributedString(string: "Calyx Ag ✓", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font, NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(red: 0.8, green: 0, blue: 0, alpha: 1), .underlineStyle: 1])
let line = CTLineCreateWithAttributedString(s)
ctx.textPosition = CGPoint(x: 10, y: 70)
CTLineDraw(line, ctx)
var a: CGFloat = 0, d: CGFloat = 0
print(CTLineGetTypographicBounds(line, &a, &d, nil), a, d, CTFontCopyFamilyName(font), CTLineGetImageBounds(line, nil))
let fs = CTFramesetterCreateWithAttributedString(NSAttributedString(string: "The quick brown fox jumps over the lazy dog again and again", attributes: [.font: CTFontCreateWithName("Times" as CFString, 12, nil)]))
let frame = CTFramesetterCreateFrame(fs, CFRange(location: 0, length: 0), CGPath(rect: CGRect(x: 150, y: 5, width: 140, height: 50), transform: nil), nil)
CTFrameDraw(frame, ctx)
print((CTFrameGetLines(frame)).count, CTFrameGetVisibleStringRange(frame))
let data = NSMutableData()
let dest = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil)!
CGImageDestinationAddImage(dest, ctx.makeImage()!, nil); _ = CGImageDestinationFinalize(dest)
try! (data as Data).write(to: URL(fileURLWithPath: "/tmp/text.png"))

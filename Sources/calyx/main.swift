import CoreGraphics
let info = CGBitmapInfo(rawValue: 0)
print(info.alphaInfo as Any, info.byteOrder as Any)
print(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0) as Any)

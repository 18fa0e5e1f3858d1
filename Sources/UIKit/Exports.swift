// `import UIKit` gives what it gives on iOS for animation code: QuartzCore, CoreGraphics, Foundation, and the text
// types UIKit's own API names (NSParagraphStyle, NSTextAlignment, the attribute keys), which live in CoreText here.
@_exported import QuartzCore
@_exported import CoreGraphics
@_exported import CoreText
@_exported import Foundation

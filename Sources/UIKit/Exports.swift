// `import UIKit` gives what it gives on iOS for animation code: QuartzCore, CoreGraphics and Foundation.
@_exported import QuartzCore
@_exported import CoreGraphics
@_exported import Foundation
